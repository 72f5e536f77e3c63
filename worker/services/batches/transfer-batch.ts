/**
 * One custody step after the purchase: warehouse intake, warehouse inspection, port
 * inspection, export shipment. The step must be the next one on the chain and recorded by the
 * role that performs it; weights follow the rules of worker/domain/custody.ts. The batch update,
 * the custody event (who, when, where, weights) and the audit row go in one transaction.
 */

import { type BatchRow, insertCustodyEvent, type NewCustodyEvent, originsOf, updateBatch } from "#db/queries/batches";
import type { TransferInput } from "#worker/contracts/batches";
import {
  type ChainStatus,
  canTransition,
  checkTransferWeights,
  GRADING_STEPS,
  STEP_NAME,
} from "#worker/domain/custody";
import { holdRefusal, warehouseStepRefusal } from "../inspections/holds";
import { exportPermitRefusal } from "../licensing/permit-check";
import { requireLicence } from "../licensing/require-licence";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import {
  type BatchDeps,
  custodyEvent,
  custodySnapshot,
  eligibilityOfPlots,
  snapshot,
  writeBatchStep,
} from "./batch-common";
import { visibleBatchByCode } from "./read-batches";

export async function transferBatch(
  batchCode: string,
  input: TransferInput,
  deps: BatchDeps,
): Promise<Result<{ batch: BatchRow; event: NewCustodyEvent }>> {
  const { db, actor } = deps;
  const batch = await visibleBatchByCode(db, batchCode, actor);
  if (!batch) return fail(404, `No batch with code ${batchCode.toUpperCase()}`);

  const decision = canTransition(batch.status, input.toStatus, actor.role);
  if (!decision.ok) return fail(decision.kind === "role" ? 403 : 409, decision.message);
  const refused = (await warehouseStepRefusal(db, batch, actor.id, input.toStatus)) ?? (await holdRefusal(db, batch));
  if (refused) return refused;
  const unlicensed = await requireLicence(db, actor, "custody", batch.commodity, (deps.now ?? (() => new Date()))());
  if (unlicensed) return unlicensed;

  if (input.grade && !GRADING_STEPS.includes(input.toStatus)) {
    return fail(400, "The batch cannot be recorded", {
      grade: [`A grade is given at warehouse or port inspection, not at ${STEP_NAME[input.toStatus]}`],
    });
  }
  const weights = checkTransferWeights(batch.weightG, input.weightInG, input.weightOutG);
  if (!weights.ok) return fail(400, weights.message, { [weights.field]: [weights.message] });

  // Export to the EU market: only a batch a regulator marked EUDR-compliant, and whose origin
  // plots are still low risk and valid today (a plot re-assessed since would taint it).
  if (input.toStatus === "exported") {
    if (batch.complianceStatus !== "compliant") {
      return fail(
        409,
        `Only an EUDR-compliant batch can be shipped for export. ${batch.complianceReason ?? "This batch has not been marked compliant yet."}`,
      );
    }
    const origins = await originsOf(db, [batch.id]);
    const now = await eligibilityOfPlots(
      db,
      origins.map((o) => o.plotId),
    );
    if (now.verdict !== "eligible") return fail(409, `This batch can no longer be shipped for export. ${now.reason}.`);
    // A batch in a shipment leaves only under the shipment's valid export permit.
    const noPermit = await exportPermitRefusal(db, batch, (deps.now ?? (() => new Date()))());
    if (noPermit) return noPermit;
  }

  const occurredAt = (deps.now ?? (() => new Date()))().toISOString();
  const event = custodyEvent(actor, occurredAt, {
    batchId: batch.id,
    fromStatus: batch.status,
    toStatus: input.toStatus,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    location: input.location,
    weightInG: weights.weightInG,
    weightOutG: weights.weightOutG,
    note: [input.note, weights.flag].filter(Boolean).join(" — ") || null,
  });
  const after: BatchRow = {
    ...batch,
    status: input.toStatus satisfies ChainStatus,
    weightG: weights.weightOutG,
    holderId: actor.id,
    grade: input.grade ?? batch.grade,
  };
  const stale = await writeBatchStep(db, [
    // Guarded: if someone changed the batch since it was read, nothing is written (see insertCustodyEvent).
    updateBatch(
      db,
      batch.id,
      { status: after.status, weightG: after.weightG, holderId: after.holderId, grade: after.grade },
      batch.status,
    ),
    insertCustodyEvent(db, event),
    auditEntry(db, actor, `batch.${input.toStatus}`, "batch", batch.batchCode, snapshot(batch), {
      ...snapshot(after),
      custody: custodySnapshot(event),
    }),
  ]);
  if (stale) return stale;
  return ok({ batch: after, event });
}
