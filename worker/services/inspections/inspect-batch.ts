/**
 * The warehouse quality inspection. The inspector records measurements; the grade
 * A+ … F and the criteria that decided it are computed HERE (worker/domain/inspections.ts over
 * grading.ts), never taken from the client. A pass moves the batch to warehouse_inspected; grade F
 * rejects it ("Rejected at inspection", with a reason and a disposition) and it can never move on.
 * The inspection row, the batch update, the custody event, the audit row and the buyer's notice
 * go in one transaction; a resend of the same submission stores once.
 */
import { type BatchRow, insertCustodyEvent, updateBatch } from "#db/queries/batches";
import { type InspectionRow, insertInspection, inspectionBySubmission } from "#db/queries/inspections";
import type { InspectionInput } from "#worker/contracts/inspections";
import { canTransition, REJECTED } from "#worker/domain/custody";
import { DISPOSITION_LABEL, inspectionVerdict, isGraded, storedMeasurements } from "#worker/domain/inspections";
import { type BatchDeps, custodyEvent, custodySnapshot, snapshot, writeBatchStep } from "../batches/batch-common";
import { visibleBatchByCode } from "../batches/read-batches";
import { notifyStatement } from "../notifications/notify";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { warehouseStepRefusal } from "./holds";
import { buyerOf, earlierSubmission } from "./inspection-common";

export const DISPOSITION_NEEDED =
  "These measurements grade F, so the batch is rejected: choose whether it is returned to the buyer or destroyed";

export async function inspectBatch(
  batchCode: string,
  input: InspectionInput,
  deps: BatchDeps,
): Promise<Result<{ inspection: InspectionRow; batch: BatchRow; repeated: boolean }>> {
  const { db, actor } = deps;
  if (actor.role !== "warehouse_inspector")
    return fail(403, "Only a Warehouse Inspector can record a quality inspection");
  const batch = await visibleBatchByCode(db, batchCode, actor);
  if (!batch) return fail(404, `No batch with code ${batchCode.toUpperCase()}`);
  const elsewhere = await warehouseStepRefusal(db, batch, actor.id, "warehouse_inspected");
  if (elsewhere) return elsewhere;
  const earlier = await earlierSubmission(input.submissionId, batch, (id) => inspectionBySubmission(db, id));
  if (earlier) return earlier.ok ? ok({ inspection: earlier.value, batch, repeated: true }) : earlier;
  const step = canTransition(batch.status, "warehouse_inspected", actor.role);
  if (!step.ok) return fail(step.kind === "role" ? 403 : 409, step.message);
  if (!isGraded(batch.commodity))
    return fail(409, `The grading rules cover cocoa and coffee: a ${batch.commodity} batch is not graded here`);
  const measured = storedMeasurements(batch.commodity, input);
  if (!measured.ok) return fail(400, "Some measurements are missing", measured.errors);

  const verdict = inspectionVerdict(measured.value);
  if (!verdict.passed && !input.disposition)
    return fail(400, DISPOSITION_NEEDED, { disposition: [DISPOSITION_NEEDED] });

  const now = (deps.now ?? (() => new Date()))();
  const at = now.toISOString();
  const toStatus = verdict.passed ? "warehouse_inspected" : REJECTED;
  const disposition = verdict.passed ? null : input.disposition!;
  const reason = verdict.passed
    ? null
    : `Failed quality inspection: ${verdict.decidedBy}${input.note ? `. Inspector's note: ${input.note}` : ""}`;
  const inspection: InspectionRow = {
    id: crypto.randomUUID(),
    batchId: batch.id,
    inspectorId: actor.id,
    inspectedAt: at,
    ...measured.value,
    grade: verdict.grade,
    decidingCriteria: JSON.stringify(verdict.limitingCriteria),
    outcome: verdict.passed ? "passed" : "rejected",
    rejectionReason: reason,
    disposition,
    location: input.location ?? null,
    note: input.note ?? null,
    submissionId: input.submissionId ?? null,
    createdAt: at,
  };
  const event = custodyEvent(actor, at, {
    batchId: batch.id,
    fromStatus: batch.status,
    toStatus,
    location: input.location ?? null,
    weightInG: batch.weightG,
    weightOutG: batch.weightG,
    note: verdict.passed ? verdict.decidedBy : `${reason} — ${DISPOSITION_LABEL[disposition!]}`,
  });
  const after: BatchRow = { ...batch, status: toStatus, grade: verdict.grade, holderId: actor.id };
  const buyerId = await buyerOf(db, batch);
  const notice = buyerId
    ? notifyStatement(
        db,
        verdict.passed
          ? {
              userId: buyerId,
              kind: "batch_inspected",
              title: `Batch ${batch.batchCode} passed inspection: grade ${verdict.grade}`,
              body: verdict.decidedBy,
              link: `/batches/${batch.batchCode}`,
              subject: { type: "batch", id: batch.batchCode },
              dedupeKey: `inspection:${inspection.id}`,
            }
          : {
              userId: buyerId,
              kind: "batch_rejected",
              title: `Batch ${batch.batchCode} was rejected at inspection`,
              body: `${reason} Disposition: ${DISPOSITION_LABEL[disposition!]}.`,
              link: `/batches/${batch.batchCode}`,
              subject: { type: "batch", id: batch.batchCode },
              dedupeKey: `inspection:${inspection.id}`,
            },
        now,
      )
    : null;
  const stale = await writeBatchStep(db, [
    updateBatch(db, batch.id, { status: toStatus, grade: verdict.grade, holderId: actor.id }, batch.status),
    insertCustodyEvent(db, event),
    insertInspection(db, inspection),
    auditEntry(db, actor, `batch.${toStatus}`, "batch", batch.batchCode, snapshot(batch), {
      ...snapshot(after),
      custody: custodySnapshot(event),
      inspection: { ...inspection, decidingCriteria: verdict.limitingCriteria },
    }),
    ...(notice ? [notice] : []),
  ]);
  if (stale) return stale;
  return ok({ inspection, batch: after, repeated: false });
}
