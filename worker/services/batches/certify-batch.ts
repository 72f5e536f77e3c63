/**
 * EUDR compliance decisions on a batch (ADR 005 "Who certifies a batch"). Each is explicit and audited:
 * - mark_compliant: DDGOTS once the warehouse inspection is recorded, or the port inspector at
 *   the port (the last check before export) — refused unless every origin plot is valid and low
 *   risk today (worker/domain/custody.ts `canCertifyAt`, ADR 005);
 * - recheck: the batch follows the plots' latest verdicts (a plot assessed after the purchase
 *   moves it out of "held for review");
 * - revoke_compliance: a wrong certification is reversed, with a reason, by DDGOTS (or by the
 *   port inspector while the batch is at the port): the batch is held for review again.
 */
import { type BatchRow, originsOf, updateBatch } from "#db/queries/batches";
import { ROLE_LABEL } from "#worker/auth/roles";
import type { ComplianceDecision, ComplianceInput } from "#worker/contracts/batches";
import {
  type ComplianceStatus,
  canMarkCompliant,
  evaluateBatchCompliance,
  statusFor,
} from "#worker/domain/batch-compliance";
import { canCertifyAt, mayRevokeCertificationAt, REJECTED, REJECTED_MESSAGE } from "#worker/domain/custody";
import { holdRefusal } from "../inspections/holds";
import { type AuditAction, auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { type BatchDeps, snapshot } from "./batch-common";
import { visibleBatchByCode } from "./read-batches";

export type { ComplianceDecision };

const AUDIT_ACTION: Record<ComplianceDecision, AuditAction> = {
  mark_compliant: "batch.mark_compliant",
  recheck: "batch.recheck_compliance",
  revoke_compliance: "batch.compliance_revoke",
};

export async function certifyBatch(
  batchCode: string,
  input: ComplianceInput | ComplianceDecision,
  deps: BatchDeps,
): Promise<Result<{ batch: BatchRow; changed: boolean }>> {
  const { db, actor } = deps;
  const { decision, reason: revokeReason } = typeof input === "string" ? { decision: input, reason: undefined } : input;
  const batch = await visibleBatchByCode(db, batchCode, actor);
  if (!batch) return fail(404, `No batch with code ${batchCode.toUpperCase()}`);
  if (batch.status === "split" || batch.status === "merged") {
    return fail(409, `This batch was ${batch.status}: decide on the compliance of its new batches instead`);
  }
  if (batch.status === REJECTED) return fail(409, REJECTED_MESSAGE);
  const held = decision === "mark_compliant" ? await holdRefusal(db, batch) : null;
  if (held) return held;
  const origins = await originsOf(db, [batch.id]);
  const plots = origins.map((o) => ({
    plotCode: o.plotCode ?? `deleted plot ${o.plotId}`,
    riskLevel: o.riskLevel ?? null,
    validationState: o.validationState ?? "invalid",
  }));

  let status: ComplianceStatus;
  let reason: string;
  if (decision === "mark_compliant") {
    // A batch that can never qualify says so whatever its stage; one that can waits for its stage.
    const check = canMarkCompliant(plots);
    if (!check.ok) return fail(409, check.message);
    const stage = canCertifyAt(batch.status, actor.role);
    if (!stage.ok) return fail(stage.kind === "role" ? 403 : 409, stage.message);
    status = "compliant";
    reason = `Marked EUDR-compliant by the ${ROLE_LABEL[actor.role]}: every origin plot has valid geometry and a low deforestation risk`;
  } else if (decision === "revoke_compliance") {
    if (!revokeReason || revokeReason.length < 10)
      return fail(400, "Give the reason for revoking the certification (at least 10 characters)", {
        reason: ["Give the reason for revoking the certification (at least 10 characters)"],
      });
    if (batch.complianceStatus !== "compliant")
      return fail(409, "This batch is not marked EUDR-compliant: there is no certification to revoke");
    if (!mayRevokeCertificationAt(batch.status, actor.role))
      return fail(
        403,
        "Only the Deputy Director General for Operations & Technical Services, or the Port Inspector while the batch is at the port, can revoke a certification",
      );
    status = "held_for_review";
    reason = `Held for review: EUDR certification revoked by the ${ROLE_LABEL[actor.role]} — ${revokeReason}`;
  } else {
    const verdict = evaluateBatchCompliance(plots);
    // Still eligible: a batch already marked compliant stays so; otherwise it awaits a decision.
    const keep = verdict.verdict === "eligible" && batch.complianceStatus === "compliant";
    status = keep ? "compliant" : statusFor(verdict);
    reason = keep ? (batch.complianceReason ?? verdict.reason) : verdict.reason;
  }
  if (status === batch.complianceStatus && reason === batch.complianceReason) return ok({ batch, changed: false });
  const after: BatchRow = { ...batch, complianceStatus: status, complianceReason: reason };
  await db.batch([
    updateBatch(db, batch.id, { complianceStatus: status, complianceReason: reason }),
    auditEntry(
      db,
      actor,
      AUDIT_ACTION[decision],
      "batch",
      batch.batchCode,
      snapshot(batch),
      decision === "revoke_compliance" ? { ...snapshot(after), revokeReason } : snapshot(after),
    ),
  ]);
  return ok({ batch: after, changed: true });
}
