/**
 * Composing a shipment (ADR 022): an exporter groups batches allocated to one of their
 * open orders, each with its weight in grams, under a new code (SHP-2026-000001). A batch ships in
 * one shipment only. A shipment whose due-diligence package would contain an invalid or high-risk
 * plot is never created: the refusal names the plots (EUDR Art. 3; the EU system would reject the
 * GeoJSON, docs/eudr-rules.md). Without an order (the first demo shipment only), the
 * batches need only be open.
 */

import { isUniqueViolation } from "#db/errors";
import { batchesByCode, originsOf } from "#db/queries/batches";
import { allocationsOf, findOrderByCode } from "#db/queries/orders";
import { insertShipment, insertShipmentBatches, type ShipmentRow } from "#db/queries/shipments";
import { eligibilityOfPlots } from "../batches/batch-common";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { numberPrefix, withNextNumber } from "./numbers";

const CLOSED = new Set(["exported", "split", "merged", "rejected"]);

export async function composeShipment(
  input: { batchCodes: string[]; orderCode?: string },
  deps: Pick<ServiceDeps, "db" | "actor" | "now">,
): Promise<Result<{ shipment: ShipmentRow; batchCodes: string[] }>> {
  const { db, actor } = deps;
  const now = deps.now();
  if (actor.role !== "exporter") return fail(403, "Only a Licensed Exporter can compose a shipment");
  const codes = [...new Set(input.batchCodes.map((c) => c.trim().toUpperCase()))];
  if (!codes.length) return fail(400, "Choose at least one batch for the shipment");
  let orderId: string | null = null;
  let weights = new Map<string, number>();
  if (input.orderCode) {
    const order = await findOrderByCode(db, input.orderCode.toUpperCase());
    if (!order || order.exporterId !== actor.id)
      return fail(404, `No order with code ${input.orderCode.toUpperCase()}`);
    if (order.status !== "open") return fail(409, `Order ${order.code} is ${order.status}: it ships no more`);
    const allocated = await allocationsOf(db, [order.id]);
    const notAllocated = codes.filter((c) => !allocated.some((a) => a.batchCode === c));
    if (notAllocated.length)
      return fail(
        409,
        `Only batches allocated to order ${order.code} can be shipped with it: ${notAllocated.join(", ")} is not`,
      );
    const shipped = allocated.filter((a) => codes.includes(a.batchCode) && a.shipmentCode);
    if (shipped.length)
      return fail(409, `Already in a shipment: ${shipped.map((a) => `${a.batchCode} (${a.shipmentCode})`).join(", ")}`);
    orderId = order.id;
    weights = new Map(allocated.map((a) => [a.batchId, a.weightG]));
  }
  const found = await batchesByCode(db, codes);
  const missing = codes.filter((c) => !found.some((b) => b.batchCode === c));
  if (missing.length) return fail(404, `No batch with code ${missing.join(", ")}`);
  const closed = found.filter((b) => CLOSED.has(b.status));
  if (closed.length)
    return fail(
      409,
      `These batches cannot be shipped: ${closed.map((b) => `${b.batchCode} (${b.status})`).join(", ")}`,
    );
  // The plots the due-diligence package would carry, judged today.
  const origins = await originsOf(
    db,
    found.map((b) => b.id),
  );
  const plots = await eligibilityOfPlots(db, [...new Set(origins.map((o) => o.plotId))]);
  if (plots.verdict === "non_compliant")
    return fail(
      422,
      `This shipment cannot be created: its due-diligence package would contain plots the EU rejects. ${plots.reason}.`,
    );
  try {
    return await withNextNumber(db, "shipment", numberPrefix("shipment", now.getUTCFullYear()), async (code) => {
      const shipment: ShipmentRow = {
        id: crypto.randomUUID(),
        code,
        exporterId: actor.id,
        status: "draft",
        orderId,
        ddsReference: null,
        ddsVerification: null,
        exportedAt: null,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      };
      await db.batch([
        insertShipment(db, shipment),
        insertShipmentBatches(
          db,
          found.map((b) => ({ shipmentId: shipment.id, batchId: b.id, weightG: weights.get(b.id) ?? b.weightG })),
        ),
        auditEntry(db, actor, "shipment.compose", "shipment", code, null, { ...shipment, batchCodes: codes }),
      ]);
      return ok({ shipment, batchCodes: codes });
    });
  } catch (error) {
    if (isUniqueViolation(error, "shipment_batches"))
      return fail(409, "One of these batches is already in another shipment");
    throw error;
  }
}
