/**
 * A shipment in its simplest form (issue 14 builds the composer, its screens and its stages on
 * it): an exporter groups open batches, each with its weight in grams, under a new code
 * (SHP-2026-000001). Today only the export permit needs it; a batch ships in one shipment only.
 * Allocation rules (orders, EUDR eligibility at allocation) are issue 14's and will tighten this.
 */

import { isUniqueViolation } from "#db/errors";
import { batchesByCode } from "#db/queries/batches";
import { insertShipment, insertShipmentBatches, type ShipmentRow } from "#db/queries/licensing";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { numberPrefix, withNextNumber } from "./numbers";

const CLOSED = new Set(["exported", "split", "merged", "rejected"]);

export async function composeShipment(
  input: { batchCodes: string[] },
  deps: Pick<ServiceDeps, "db" | "actor" | "now">,
): Promise<Result<{ shipment: ShipmentRow; batchCodes: string[] }>> {
  const { db, actor } = deps;
  const now = deps.now();
  if (actor.role !== "exporter") return fail(403, "Only a Licensed Exporter can compose a shipment");
  const codes = [...new Set(input.batchCodes.map((c) => c.trim().toUpperCase()))];
  if (!codes.length) return fail(400, "Choose at least one batch for the shipment");
  const found = await batchesByCode(db, codes);
  const missing = codes.filter((c) => !found.some((b) => b.batchCode === c));
  if (missing.length) return fail(404, `No batch with code ${missing.join(", ")}`);
  const closed = found.filter((b) => CLOSED.has(b.status));
  if (closed.length)
    return fail(
      409,
      `These batches cannot be shipped: ${closed.map((b) => `${b.batchCode} (${b.status})`).join(", ")}`,
    );
  try {
    return await withNextNumber(db, "shipment", numberPrefix("shipment", now.getUTCFullYear()), async (code) => {
      const shipment: ShipmentRow = {
        id: crypto.randomUUID(),
        code,
        exporterId: actor.id,
        status: "draft",
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      };
      await db.batch([
        insertShipment(db, shipment),
        insertShipmentBatches(
          db,
          found.map((b) => ({ shipmentId: shipment.id, batchId: b.id, weightG: b.weightG })),
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
