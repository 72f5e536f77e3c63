/**
 * The EU operator's DDS reference and verification numbers for a shipment (docs/eudr-rules.md
 * "DDS"; the format rules of worker/contracts/batches.ts DdsSchema, as for one batch). They may be
 * recorded before or after export (docs/eudr-rules.md "DDS": the operator files before the goods are placed on the
 * EU market). They are copied onto the shipment's batches, which the batch page and port queue
 * read. Recording different numbers later is a correction (ADR 031): it needs a reason and adds a
 * version on the shipment and on each of its batches, beside the previous numbers.
 */

import { setBatchesDds, updateShipment } from "#db/queries/orders";
import { batchesOfShipment, findShipmentByCode } from "#db/queries/shipments";
import type { DdsInput } from "#worker/contracts/batches";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { ddsVersionStatements } from "../records/dds-versions";
import { fail, ok, type Result } from "../result";

export async function recordShipmentDds(
  code: string,
  input: DdsInput,
  { db, actor, now }: Pick<ServiceDeps, "db" | "actor"> & Partial<Pick<ServiceDeps, "now">>,
): Promise<Result<{ shipmentCode: string; ddsReference: string; ddsVerification: string; version: number }>> {
  if (actor.role !== "exporter")
    return fail(403, "Only the exporter of a shipment can record its DDS reference and verification numbers");
  const shipment = await findShipmentByCode(db, code.trim().toUpperCase());
  if (!shipment || shipment.exporterId !== actor.id)
    return fail(404, `No shipment with code ${code.trim().toUpperCase()}`);
  const batches = await batchesOfShipment(db, shipment.id);
  const at = (now ?? (() => new Date()))();
  const numbers = { ddsReference: input.ddsReference, ddsVerification: input.ddsVerification };
  const versioned = await ddsVersionStatements(
    db,
    {
      type: "shipment_dds",
      id: shipment.id,
      batchId: null,
      auditAction: "shipment.record_dds",
      entityId: shipment.code,
    },
    shipment,
    input,
    { actor, now: at },
  );
  if (!versioned.ok) return versioned;
  const { version } = versioned.value;
  if (!versioned.value.statements.length) return ok({ shipmentCode: shipment.code, ...numbers, version });
  const statements = [...versioned.value.statements];
  for (const b of batches) {
    const own = await ddsVersionStatements(
      db,
      { type: "batch_dds", id: b.batchId, batchId: b.batchId, auditAction: "batch.record_dds", entityId: b.batchCode },
      shipment, // the batches carry the shipment's numbers (copied here each time)
      input,
      { actor, now: at },
    );
    if (own.ok) statements.push(...own.value.statements);
  }
  const reason = input.reason?.trim() || undefined;
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
      { ...numbers, version, ...(reason ? { reason } : {}), batchCodes: batches.map((b) => b.batchCode) },
    ),
    ...statements,
  ]);
  return ok({ shipmentCode: shipment.code, ...numbers, version });
}
