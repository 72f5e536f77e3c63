/**
 * EUDR compliance decisions on a batch (issue #4): a regulator (or the port inspector, the last
 * check before export) marks a batch EUDR-compliant — refused unless every origin plot is valid
 * and low risk today — or re-checks it against the plots' latest verdicts (a plot assessed after
 * the purchase moves the batch out of "held for review"). Each change has its audit row.
 */
import { type BatchRow, batchByCode, originsOf, updateBatch } from "#db/queries/batches";
import { ROLE_LABEL } from "#worker/auth/roles";
import {
  type ComplianceStatus,
  canMarkCompliant,
  evaluateBatchCompliance,
  statusFor,
} from "#worker/domain/batch-compliance";
import { auditEntry } from "../platform/audit";
import { fail, type Result } from "../result";
import { type BatchDeps, snapshot } from "./batch-common";

export type ComplianceDecision = "mark_compliant" | "recheck";

export async function certifyBatch(
  batchCode: string,
  decision: ComplianceDecision,
  deps: BatchDeps,
): Promise<Result<{ batch: BatchRow; changed: boolean }>> {
  const { db, actor } = deps;
  const batch = await batchByCode(db, batchCode);
  if (!batch) return fail(404, `No batch with code ${batchCode.toUpperCase()}`);
  if (batch.status === "split" || batch.status === "merged") {
    return fail(409, `This batch was ${batch.status}: decide on the compliance of its new batches instead`);
  }
  const origins = await originsOf(db, [batch.id]);
  const plots = origins.map((o) => ({
    plotCode: o.plotCode ?? `deleted plot ${o.plotId}`,
    riskLevel: o.riskLevel ?? null,
    validationState: o.validationState ?? "invalid",
  }));

  let status: ComplianceStatus;
  let reason: string;
  if (decision === "mark_compliant") {
    const check = canMarkCompliant(plots);
    if (!check.ok) return fail(409, check.message);
    status = "compliant";
    reason = `Marked EUDR-compliant by the ${ROLE_LABEL[actor.role]}: every origin plot has valid geometry and a low deforestation risk`;
  } else {
    const verdict = evaluateBatchCompliance(plots);
    // Still eligible: a batch already marked compliant stays so; otherwise it awaits a decision.
    const keep = verdict.verdict === "eligible" && batch.complianceStatus === "compliant";
    status = keep ? "compliant" : statusFor(verdict);
    reason = keep ? (batch.complianceReason ?? verdict.reason) : verdict.reason;
  }
  if (status === batch.complianceStatus && reason === batch.complianceReason)
    return { ok: true, value: { batch, changed: false } };
  const after: BatchRow = { ...batch, complianceStatus: status, complianceReason: reason };
  await db.batch([
    updateBatch(db, batch.id, { complianceStatus: status, complianceReason: reason }),
    auditEntry(
      db,
      actor,
      decision === "mark_compliant" ? "batch.mark_compliant" : "batch.recheck_compliance",
      "batch",
      batch.batchCode,
      snapshot(batch),
      snapshot(after),
    ),
  ]);
  return { ok: true, value: { batch: after, changed: true } };
}
