/**
 * The EU buyer's due diligence statement for a shipment (docs/eudr-rules.md "DDS"): the EU operator files
 * it in the EU information system, then the exporter records its reference and verification
 * numbers here against the exported batch. A correction overwrites them, with the audit row
 * keeping the previous values.
 */

import { type BatchRow, updateBatch } from "#db/queries/batches";
import type { DdsInput } from "#worker/contracts/batches";
import { auditEntry } from "../platform/audit";
import { fail, type Result } from "../result";
import { type BatchDeps, snapshot } from "./batch-common";
import { visibleBatchByCode } from "./read-batches";

export async function recordDds(
  batchCode: string,
  input: DdsInput,
  deps: BatchDeps,
): Promise<Result<{ batch: BatchRow }>> {
  const { db, actor } = deps;
  if (actor.role !== "exporter")
    return fail(403, "Only the exporter of a shipment can record its DDS reference and verification numbers");
  const batch = await visibleBatchByCode(db, batchCode, actor);
  if (!batch) return fail(404, `No batch with code ${batchCode.toUpperCase()}`);
  if (batch.status !== "exported") return fail(409, "DDS numbers are recorded for a shipment: export this batch first");
  if (batch.holderId !== actor.id)
    return fail(403, "Only the exporter who shipped this batch can record its DDS numbers");
  const after: BatchRow = { ...batch, ddsReference: input.ddsReference, ddsVerification: input.ddsVerification };
  await db.batch([
    updateBatch(db, batch.id, { ddsReference: input.ddsReference, ddsVerification: input.ddsVerification }),
    auditEntry(db, actor, "batch.record_dds", "batch", batch.batchCode, snapshot(batch), snapshot(after)),
  ]);
  return { ok: true, value: { batch: after } };
}
