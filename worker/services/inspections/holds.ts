/**
 * What stops a batch from moving on, beyond its custody status: the warehouse it was
 * sent to (only that warehouse's inspector receives and inspects it) and a refusal at the port
 * (held until a later port inspection signs it off). Every batch service asks here.
 */
import type { Database } from "#db/client";
import type { BatchRow } from "#db/queries/batches";
import { dispatchOf, latestPortInspectionOf } from "#db/queries/inspections";
import { plotsUnderReviewOfBatches } from "#db/queries/recheck";
import { type Failure, fail } from "../result";

const WAREHOUSE_STEPS = ["warehouse_received", "warehouse_inspected"];

/**
 * A warehouse step on a batch sent to another warehouse is refused as if the batch did not
 * exist (404, like any batch the user may not act on). A batch never sent anywhere (recorded
 * before dispatch existed) keeps the old rule: any warehouse inspector.
 */
export async function warehouseStepRefusal(
  db: Database,
  batch: Pick<BatchRow, "id" | "batchCode">,
  actorId: string,
  toStatus: string,
): Promise<Failure | null> {
  if (!WAREHOUSE_STEPS.includes(toStatus)) return null;
  const dispatch = await dispatchOf(db, batch.id);
  if (dispatch && dispatch.warehouseInspectorId !== actorId) return fail(404, `No batch with code ${batch.batchCode}`);
  return null;
}

export const PORT_HOLD_MESSAGE = "This batch is held at port inspection";

/** The refusal of a batch whose latest port inspection refused it, else null. */
export async function portHoldRefusal(db: Database, batch: Pick<BatchRow, "id" | "status">): Promise<Failure | null> {
  if (batch.status !== "warehouse_inspected") return null;
  const latest = await latestPortInspectionOf(db, [batch.id]);
  if (latest?.outcome !== "refused") return null;
  return fail(
    409,
    `${PORT_HOLD_MESSAGE} (${latest.refusalReason ?? "refused"}): it cannot move on until a port inspector signs it off`,
  );
}

export const PLOT_REVIEW_MESSAGE = "This batch is held: a plot it was drawn from needs review";

/**
 * The refusal of a batch drawn from a plot that a re-check under a newer rule set failed (ADR 029):
 * it cannot move on or be certified until the plot is cleared. Null when no origin is under review.
 */
export async function plotReviewRefusal(db: Database, batch: Pick<BatchRow, "id">): Promise<Failure | null> {
  const [plot] = await plotsUnderReviewOfBatches(db, [batch.id]);
  if (!plot) return null;
  let reasons: string[] = [];
  try {
    reasons = JSON.parse(plot.reviewReasons ?? "[]") as string[];
  } catch {}
  const since = plot.reviewSince ? ` since ${plot.reviewSince.slice(0, 10)}` : "";
  return fail(
    409,
    `${PLOT_REVIEW_MESSAGE} (${plot.plotCode}${since}: ${reasons.join("; ") || "re-check failed"}): it cannot move on or be certified until the plot is cleared`,
  );
}

/** What holds a batch where it is: a refusal at the port, then a plot under review; null when nothing does. */
export async function holdRefusal(db: Database, batch: Pick<BatchRow, "id" | "status">): Promise<Failure | null> {
  return (await portHoldRefusal(db, batch)) ?? (await plotReviewRefusal(db, batch));
}
