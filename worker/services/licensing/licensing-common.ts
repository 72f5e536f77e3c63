/**
 * What the licensing services share: the step row + audit row + notice that every step writes in
 * its own `db.batch()`, who may see which licence or permit, and the stale-step message.
 */
import type { Database } from "#db/client";
import type { LicenceRow } from "#db/queries/licensing";
import { insertStepStatement } from "#db/queries/licensing";
import type { PermitRow } from "#db/queries/shipments";
import type { Role } from "#worker/auth/roles";
import type { Actor } from "../deps";
import { notifyStatement } from "../notifications/notify";
import { type AuditAction, auditEntry } from "../platform/audit";

export const STALE_STEP = "Someone else changed this record a moment ago: reload it and check before trying again";

/** Regulator staff see every licence, permit and invoice (ADR 005); applicants only their own. */
const STAFF: readonly Role[] = ["dg", "ddgots", "ddgaf", "office_admin", "system_administrator"];
export const isStaff = (role: Role) => STAFF.includes(role);

/** May `actor` see this licence? Its applicant or regulator staff; everyone else gets a 404. */
export const mayReadLicence = (actor: Actor, l: Pick<LicenceRow, "applicantId">) =>
  isStaff(actor.role) || l.applicantId === actor.id;
export const mayReadPermit = (actor: Actor, p: Pick<PermitRow, "exporterId">) =>
  isStaff(actor.role) || p.exporterId === actor.id;

/** What the audit row keeps of a licence or permit. */
export const snapshotOf = (r: LicenceRow | PermitRow) => {
  const { createdAt: _c, updatedAt: _u, ...rest } = r;
  return rest;
};

/**
 * The three rows every step writes beside its change: the step (guarded on the new version), the
 * audit row and the notice to the applicant (kind permit_update).
 */
export function stepStatements(
  db: Database,
  args: {
    actor: Actor;
    subjectType: "licence" | "permit";
    before: LicenceRow | PermitRow | null;
    after: LicenceRow | PermitRow;
    step: string;
    action: AuditAction;
    reason?: string | null;
    notice: { userId: string; title: string; body: string; link: string };
    now: Date;
  },
) {
  const { actor, after, now } = args;
  return [
    insertStepStatement(db, {
      subjectType: args.subjectType,
      subjectId: after.id,
      version: after.version,
      step: args.step,
      fromStatus: args.before?.status ?? null,
      toStatus: after.status,
      actorId: actor.id,
      actorRole: actor.role,
      reason: args.reason ?? null,
      occurredAt: now.toISOString(),
    }),
    auditEntry(
      db,
      actor,
      args.action,
      args.subjectType,
      after.id,
      args.before ? snapshotOf(args.before) : null,
      snapshotOf(after),
    ),
    notifyStatement(
      db,
      {
        userId: args.notice.userId,
        kind: "permit_update",
        title: args.notice.title,
        body: args.notice.body,
        link: args.notice.link,
        subject: { type: args.subjectType, id: after.id },
        dedupeKey: `${args.subjectType}:${after.id}:${after.version}`,
      },
      now,
    ),
  ] as const;
}
