/**
 * The audit trail as regulators and the system administrator read it (GET /api/audit): newest
 * first, filtered and paged, each entry's before/after state as JSON.
 */
import type { Database } from "#db/client";
import { type AuditFilter, listAudit } from "#db/queries/audit-log";

export async function readAuditTrail(
  input: { filter: AuditFilter; page: number; pageSize: number },
  deps: { db: Database },
) {
  const { rows, total } = await listAudit(deps.db, input.filter, input.page, input.pageSize);
  const entries = rows.map((r) => ({
    ...r,
    before: r.before ? JSON.parse(r.before) : null,
    after: r.after ? JSON.parse(r.after) : null,
  }));
  return { entries, total };
}
