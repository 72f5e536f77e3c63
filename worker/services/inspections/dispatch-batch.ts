/**
 * The buyer sends a batch to a warehouse: the warehouse is named by its warehouse
 * inspector, whose intake queue then lists the batch. Only the buyer who holds the batch, while
 * it is still with them ("purchased"); a resend of the same submission stores once.
 */

import { type DispatchRow, dispatchBySubmission, dispatchOf, upsertDispatch } from "#db/queries/inspections";
import { findUserById } from "#db/queries/users";
import type { DispatchInput } from "#worker/contracts/inspections";
import { formatKg } from "#worker/domain/weight";
import type { BatchDeps } from "../batches/batch-common";
import { visibleBatchByCode } from "../batches/read-batches";
import { requireLicence } from "../licensing/require-licence";
import { notifyStatement } from "../notifications/notify";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { earlierSubmission } from "./inspection-common";

export async function dispatchBatch(
  batchCode: string,
  input: DispatchInput,
  deps: BatchDeps,
): Promise<Result<{ dispatch: DispatchRow; repeated: boolean }>> {
  const { db, actor } = deps;
  if (actor.role !== "buyer") return fail(403, "Only the buyer who holds a batch can send it to a warehouse");
  const batch = await visibleBatchByCode(db, batchCode, actor);
  if (!batch || batch.holderId !== actor.id) return fail(404, `No batch with code ${batchCode.toUpperCase()}`);
  const earlier = await earlierSubmission(input.submissionId, batch, (id) => dispatchBySubmission(db, id));
  if (earlier) return earlier.ok ? ok({ dispatch: earlier.value, repeated: true }) : earlier;
  if (batch.status !== "purchased")
    return fail(409, "This batch has already left the buyer: it can only be sent to a warehouse before intake");
  const unlicensed = await requireLicence(db, actor, "dispatch", batch.commodity, (deps.now ?? (() => new Date()))());
  if (unlicensed) return unlicensed;
  const inspector = await findUserById(db, input.warehouseInspectorId);
  if (inspector?.role !== "warehouse_inspector" || !inspector.active)
    return fail(400, "Choose a warehouse from the list", {
      warehouseInspectorId: ["Choose a warehouse from the list"],
    });

  const now = (deps.now ?? (() => new Date()))();
  const before = await dispatchOf(db, batch.id);
  const row: DispatchRow = {
    batchId: batch.id,
    warehouseInspectorId: inspector.id,
    warehouse: input.warehouse ?? null,
    dispatchedBy: actor.id,
    dispatchedAt: now.toISOString(),
    note: input.note ?? null,
    submissionId: input.submissionId ?? null,
    createdAt: now.toISOString(),
  };
  await db.batch([
    upsertDispatch(db, row),
    auditEntry(db, actor, "batch.dispatch", "batch", batch.batchCode, before, {
      batchCode: batch.batchCode,
      warehouseInspectorId: inspector.id,
      warehouse: row.warehouse,
      note: row.note,
    }),
    notifyStatement(
      db,
      {
        userId: inspector.id,
        kind: "inspection_scheduled",
        title: `Batch ${batch.batchCode} is on its way to your warehouse`,
        body: `${batch.commodity}, ${formatKg(batch.weightG)}${row.warehouse ? ` — for ${row.warehouse}` : ""}`,
        link: "/warehouse-inspector-dashboard",
        subject: { type: "batch", id: batch.batchCode },
        dedupeKey: `dispatch:${batch.id}:${row.dispatchedAt}`,
      },
      now,
    ),
  ]);
  return ok({ dispatch: row, repeated: false });
}
