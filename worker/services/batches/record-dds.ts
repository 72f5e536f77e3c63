/**
 * The EU buyer's due diligence statement for a shipment (docs/eudr-rules.md "DDS"): the EU operator files
 * it in the EU information system, then the exporter records its reference and verification
 * numbers here against the exported batch. Recording different numbers later is a correction
 * (ADR 031): it needs a reason and adds a version beside the previous numbers, never overwriting
 * their history (worker/services/records/dds-versions.ts).
 */

import { type BatchRow, updateBatch } from "#db/queries/batches";
import type { DdsInput } from "#worker/contracts/batches";
import { auditEntry } from "../platform/audit";
import { ddsVersionStatements } from "../records/dds-versions";
import { fail, ok, type Result } from "../result";
import { type BatchDeps, snapshot } from "./batch-common";
import { visibleBatchByCode } from "./read-batches";

export async function recordDds(
  batchCode: string,
  input: DdsInput,
  deps: BatchDeps,
): Promise<Result<{ batch: BatchRow; version: number }>> {
  const { db, actor } = deps;
  if (actor.role !== "exporter")
    return fail(403, "Only the exporter of a shipment can record its DDS reference and verification numbers");
  const batch = await visibleBatchByCode(db, batchCode, actor);
  if (!batch) return fail(404, `No batch with code ${batchCode.toUpperCase()}`);
  if (batch.status !== "exported") return fail(409, "DDS numbers are recorded for a shipment: export this batch first");
  if (batch.holderId !== actor.id)
    return fail(403, "Only the exporter who shipped this batch can record its DDS numbers");
  const after: BatchRow = { ...batch, ddsReference: input.ddsReference, ddsVerification: input.ddsVerification };
  const versions = await ddsVersionStatements(
    db,
    { type: "batch_dds", id: batch.id, batchId: batch.id, auditAction: "batch.record_dds", entityId: batch.batchCode },
    batch,
    input,
    { actor, now: (deps.now ?? (() => new Date()))() },
  );
  if (!versions.ok) return versions;
  const { statements, version } = versions.value;
  if (!statements.length) return ok({ batch: after, version });
  const reason = input.reason?.trim() || undefined;
  await db.batch([
    updateBatch(db, batch.id, { ddsReference: input.ddsReference, ddsVerification: input.ddsVerification }),
    ...statements,
    auditEntry(db, actor, "batch.record_dds", "batch", batch.batchCode, snapshot(batch), {
      ...snapshot(after),
      version,
      ...(reason ? { reason } : {}),
    }),
  ]);
  return ok({ batch: after, version });
}
