import type { Database } from "#db/client";
import { auditLog } from "#db/schema";
import type { Role } from "#worker/auth/roles";

export type Actor = { id: string; role: Role | string };

/**
 * The audit row for one change, as a statement to put in the same `db.batch()` as the change
 * itself (STYLE.md "Data"): who, role, what, when, before/after.
 */
export function auditEntry(
  db: Database,
  actor: Actor | null,
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
