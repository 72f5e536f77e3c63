/**
 * What the inspection steps share (dispatch, warehouse and port inspection, their corrections):
 * a resend of the same submission, and who hears about what happened to the batch.
 */
import type { Database } from "#db/client";
import type { BatchRow } from "#db/queries/batches";
import { dispatchOf } from "#db/queries/inspections";
import { fail, ok, type Result } from "../result";

/**
 * The record a submission already stored (offline outbox: a resend stores once), or null when
 * the submission is new; the same submission id used for another batch is refused.
 */
export async function earlierSubmission<T extends { batchId: string }>(
  submissionId: string | undefined,
  batch: Pick<BatchRow, "id">,
  find: (submissionId: string) => Promise<T | null | undefined>,
): Promise<Result<T> | null> {
  if (!submissionId) return null;
  const earlier = await find(submissionId);
  if (!earlier) return null;
  if (earlier.batchId !== batch.id) return fail(409, "This submission was already used for another batch");
  return ok(earlier);
}

/** The buyer told about the batch's inspections: who sent it to the warehouse, else who bought it. */
export async function buyerOf(db: Database, batch: Pick<BatchRow, "id" | "createdBy">) {
  const dispatch = await dispatchOf(db, batch.id);
  return dispatch?.dispatchedBy ?? batch.createdBy;
}
