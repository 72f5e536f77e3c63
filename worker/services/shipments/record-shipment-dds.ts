/**
 * The EU operator's DDS reference and verification numbers for a shipment (docs/eudr-rules.md
 * "DDS"; the format rules of worker/contracts/batches.ts DdsSchema, as for one batch). They may be
 * recorded before or after export (PLAN.md: the operator files before the goods are placed on the
 * EU market). They are copied onto the shipment's batches, which the batch page and port queue
 * read; a correction overwrites them, the audit row keeping the previous values.
 */
import { batchesOfShipment, findShipmentByCode } from "#db/queries/licensing";
import { setBatchesDds, updateShipment } from "#db/queries/orders";
import type { DdsInput } from "#worker/contracts/batches";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";

export async function recordShipmentDds(
  code: string,
  input: DdsInput,
  { db, actor }: Pick<ServiceDeps, "db" | "actor">,
): Promise<Result<{ shipmentCode: string; ddsReference: string; ddsVerification: string }>> {
  if (actor.role !== "exporter")
    return fail(403, "Only the exporter of a shipment can record its DDS reference and verification numbers");
  const shipment = await findShipmentByCode(db, code.trim().toUpperCase());
  if (!shipment || shipment.exporterId !== actor.id)
    return fail(404, `No shipment with code ${code.trim().toUpperCase()}`);
  const batches = await batchesOfShipment(db, shipment.id);
  await db.batch([
    updateShipment(db, shipment.id, { ddsReference: input.ddsReference, ddsVerification: input.ddsVerification }),
    setBatchesDds(
      db,
      batches.map((b) => b.batchId),
      input.ddsReference,
      input.ddsVerification,
    ),
    auditEntry(
      db,
      actor,
      "shipment.record_dds",
      "shipment",
      shipment.code,
      { ddsReference: shipment.ddsReference, ddsVerification: shipment.ddsVerification },
      { ...input, batchCodes: batches.map((b) => b.batchCode) },
    ),
  ]);
  return ok({ shipmentCode: shipment.code, ...input });
}
