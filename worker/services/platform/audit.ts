import type { Database } from "#db/client";
import { auditLog } from "#db/schema";
import type { AuditActor } from "../deps";

/** @deprecated the actor types live in worker/services/deps.ts; kept for files issue 10 is changing. */
export type Actor = AuditActor;

/**
 * The audit row for one change, as a statement to put in the same `db.batch()` as the change
 * itself (STYLE.md "Data"): who, role, what, when, before/after.
 */
export function auditEntry(
  db: Database,
  actor: AuditActor | null,
  action: string,
  entityType: string,
  entityId: string,
  before: unknown,
  after: unknown,
) {
  return db.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorRole: actor?.role ?? null,
    action,
    entityType,
    entityId,
    before: before == null ? null : JSON.stringify(before),
    after: after == null ? null : JSON.stringify(after),
  });
}
