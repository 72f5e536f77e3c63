import type { Database } from "#db/client";
import { insertAuditStatement } from "#db/queries/audit-log";
import type { BatchStatus } from "#worker/domain/custody";
import type { AuditActor } from "../deps";

/** @deprecated the actor types live in worker/services/deps.ts; kept for files issue 10 is changing. */
export type Actor = AuditActor;

/**
 * Every action the audit trail records, named `<entity>.<verb>` in lower snake case
 * (docs/audit-actions.md lists them with what each means). A custody step is `batch.<status>`.
 */
export const AUDIT_ACTIONS = [
  "recheck_job.start",
  "assessment_job.create",
  "batch.create_from_merge",
  "batch.create_from_split",
  "batch.dispatch",
  "batch.port_refuse",
  "batch.compliance_revoke",
  "batch.mark_compliant",
  "batch.merge",
  "batch.purchase",
  "batch.recheck_compliance",
  "batch.record_dds",
  "batch.split",
  "certificate.expire",
  "custody_event.void",
  "purchase.correct",
  "certificate.issue",
  "certificate.revoke",
  "exchange_rate.record",
  "farm_gate_formula.record",
  "farmer.clear_photo",
  "fee_invoice.raise",
  "fee_payment.record",
  "inspection_request.cancel",
  "inspection_request.complete",
  "inspection_request.create",
  "inspection_request.schedule",
  "stock_payment.record",
  "farmer.issue_login",
  "farmer.link_login",
  "farmer.register",
  "licence.approve",
  "licence.create",
  "licence.issue",
  "licence.recommend",
  "lot.create",
  "licence.reinstate",
  "licence.review",
  "licence.revoke",
  "licence.submit",
  "licence.suspend",
  "offer.accept",
  "offer.create",
  "offer.decline",
  "permit.approve",
  "permit.recommend",
  "permit.request",
  "permit.revoke",
  "plot.assess",
  "plot.clear_review",
  "plot.needs_review",
  "plot.edit_boundary",
  "plot.import",
  "plot.record_visit",
  "plot.register",
  "plot.retire",
  "price_point.import",
  "price_point.record",
  "reference_layer.upload",
  "report.request",
  "shipment.compose",
  "user.change_password",
  "user.create",
  "user.deactivate",
  "user.reactivate",
  "user.reissue_password",
  "session.revoke",
  "session.revoke_others",
  "notification_preference.update",
  "user.update_contact",
  "message_thread.create",
  "message.send",
  "order.create",
  "order.allocate",
  "order.deallocate",
  "shipment.record_dds",
  "shipment.export",
  "user.reset_password",
  "user.change_role",
  "user.assign_county",
  "session.admin_revoke",
  "crop_yield.set",
  "push_subscription.create",
  "push_subscription.delete",
  "push_subscription.expire",
  "office_document.register",
  "office_document.assign",
  "office_document.start",
  "office_document.close",
  "office_document.attach",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number] | `batch.${BatchStatus}`;

/**
 * The audit row for one change, as a statement to put in the same `db.batch()` as the change
 * itself (docs/audit-actions.md): who, role, what, when, before/after.
 */
export function auditEntry(
  db: Database,
  actor: AuditActor | null,
  action: AuditAction,
  entityType: string,
  entityId: string,
  before: unknown,
  after: unknown,
) {
  return insertAuditStatement(db, {
    actorId: actor?.id ?? null,
    actorRole: actor?.role ?? null,
    action,
    entityType,
    entityId,
    before: before == null ? null : JSON.stringify(before),
    after: after == null ? null : JSON.stringify(after),
  });
}
