/**
 * Warehouse intake: the existing custody step warehouse_received, recorded only by the
 * inspector of the warehouse the buyer sent the batch to (see holds.ts), with the weight received.
 */

import { dispatchOf } from "#db/queries/inspections";
import type { ReceiveInput } from "#worker/contracts/inspections";
import { kgToGrams } from "#worker/domain/weight";
import type { BatchDeps } from "../batches/batch-common";
import { visibleBatchByCode } from "../batches/read-batches";
import { transferBatch } from "../batches/transfer-batch";
import { fail } from "../result";

export async function receiveBatch(batchCode: string, input: ReceiveInput, deps: BatchDeps) {
  const batch = await visibleBatchByCode(deps.db, batchCode, deps.actor);
  if (!batch) return fail(404, `No batch with code ${batchCode.toUpperCase()}`);
  // Intake through the queue needs the dispatch: a batch sent nowhere is in nobody's queue.
  const dispatch = await dispatchOf(deps.db, batch.id);
  if (!dispatch || dispatch.warehouseInspectorId !== deps.actor.id)
    return fail(404, `No batch with code ${batch.batchCode}`);
  return transferBatch(
    batchCode,
    {
      toStatus: "warehouse_received",
      weightInG: undefined,
      weightOutG: kgToGrams(input.weightKg),
      location: input.location,
      note: input.note,
    },
    deps,
  );
}
