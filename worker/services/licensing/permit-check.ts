/**
 * The custody chain's export step needs a valid export permit: a batch that belongs to a
 * shipment is exported only while that shipment's permit is issued and in force. Batches in no
 * shipment are not held by this rule.
 */
import type { Database } from "#db/client";
import { shipmentPermitsOfBatches } from "#db/queries/shipments";
import { permitProblem } from "#worker/domain/licensing";
import { type Failure, fail } from "../result";

/** Per batch in a shipment: its shipment and why its permit is not valid (null when it is). */
export async function permitStates(db: Database, batchIds: string[], now: Date) {
  const shipped = await shipmentPermitsOfBatches(db, batchIds);
  const out = new Map<string, { shipmentCode: string; problem: string | null }>();
  for (const [batchId, s] of shipped)
    out.set(batchId, { shipmentCode: s.shipmentCode, problem: permitProblem(s.permit, now) });
  return out;
}

/** The 409 that refuses the export of a batch whose shipment has no valid permit; null when it may go. */
export async function exportPermitRefusal(
  db: Database,
  batch: { id: string; batchCode: string },
  now: Date,
): Promise<Failure | null> {
  const state = (await permitStates(db, [batch.id], now)).get(batch.id);
  if (!state?.problem) return null;
  return fail(
    409,
    `Batch ${batch.batchCode} ships in ${state.shipmentCode}, which needs a valid export permit to be exported: ${state.problem}`,
  );
}
