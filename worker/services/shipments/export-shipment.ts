/**
 * Exporting a shipment: every batch passes the custody chain's export step, signed by
 * the exporter (worker/services/batches/transfer-batch.ts: EUDR-compliant, plots still eligible,
 * the shipment's permit issued and in force). Nothing moves while any batch is held: the refusal
 * lists what holds each (the port inspector's blockers). Then the shipment is marked exported.
 */
import { batchesByCode } from "#db/queries/batches";
import { updateShipment } from "#db/queries/orders";
import { findShipmentByCode } from "#db/queries/shipments";
import type { ExportShipmentInput } from "#worker/contracts/orders";
import { transferBatch } from "../batches/transfer-batch";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { batchesWithBlockers } from "./read-shipments";

export async function exportShipment(
  code: string,
  input: ExportShipmentInput,
  deps: Pick<ServiceDeps, "db" | "actor" | "now">,
): Promise<Result<{ shipmentCode: string; exportedAt: string; batchCodes: string[] }>> {
  const { db, actor } = deps;
  if (actor.role !== "exporter") return fail(403, "Only the exporter of a shipment can export it");
  const shipment = await findShipmentByCode(db, code.trim().toUpperCase());
  if (!shipment || shipment.exporterId !== actor.id)
    return fail(404, `No shipment with code ${code.trim().toUpperCase()}`);
  if (shipment.status === "exported") return fail(409, `Shipment ${shipment.code} has already been exported`);
  const now = deps.now();
  const batches = await batchesWithBlockers(db, shipment.id, now);
  const held = batches.filter((b) => b.status !== "exported" && b.blockers.length);
  if (held.length)
    return fail(
      409,
      `Shipment ${shipment.code} cannot be exported yet: ${held.map((b) => `${b.batchCode} — ${b.blockers.map((x) => x.message).join("; ")}`).join(" | ")}`,
    );
  const current = new Map(
    (
      await batchesByCode(
        db,
        batches.map((b) => b.batchCode),
      )
    ).map((b) => [b.batchCode, b.weightG]),
  );
  for (const b of batches.filter((x) => x.status !== "exported")) {
    // What leaves is the batch as last weighed at the port.
    const moved = await transferBatch(
      b.batchCode,
      {
        toStatus: "exported",
        weightInG: undefined,
        weightOutG: current.get(b.batchCode) ?? b.weightG,
        location: input.location,
        note: `Shipment ${shipment.code}`,
      },
      { db, actor, now: () => now },
    );
    if (!moved.ok) return fail(moved.status, `Batch ${b.batchCode}: ${moved.message}`);
  }
  const exportedAt = now.toISOString();
  await db.batch([
    updateShipment(db, shipment.id, { status: "exported", exportedAt }),
    auditEntry(
      db,
      actor,
      "shipment.export",
      "shipment",
      shipment.code,
      { status: shipment.status },
      {
        status: "exported",
        exportedAt,
        batchCodes: batches.map((b) => b.batchCode),
      },
    ),
  ]);
  return ok({ shipmentCode: shipment.code, exportedAt, batchCodes: batches.map((b) => b.batchCode) });
}
