import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { auditLog } from "../schema";
import { pageWithTotal } from "./paging";

export type AuditFilter = {
  entityType?: string;
  entityId?: string;
  actorId?: string;
  /** yyyy-mm-dd, inclusive */
  from?: string;
  /** yyyy-mm-dd, inclusive */
  to?: string;
};

function where(f: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.entityType) parts.push(eq(auditLog.entityType, f.entityType));
  if (f.entityId) parts.push(eq(auditLog.entityId, f.entityId));
  if (f.actorId) parts.push(eq(auditLog.actorId, f.actorId));
  if (f.from) parts.push(gte(auditLog.createdAt, f.from));
  if (f.to) {
    const next = new Date(`${f.to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    parts.push(lt(auditLog.createdAt, next.toISOString().slice(0, 10)));
  }
  return parts.length ? and(...parts) : undefined;
}

/** One page of the audit trail, newest first, with the total for the filter. */
export async function listAudit(db: Database, filter: AuditFilter, page: number, pageSize: number) {
  const w = where(filter);
  const list = db.select().from(auditLog).where(w).orderBy(desc(auditLog.id));
  const [rows, total] = await pageWithTotal(db, list, { table: auditLog, where: w }, { page, pageSize });
  return { rows, total };
}

export async function auditEntityTypes(db: Database) {
  const rows = await db.selectDistinct({ t: auditLog.entityType }).from(auditLog).orderBy(auditLog.entityType);
  return rows.map((r) => r.t);
}

export type NewAuditRow = typeof auditLog.$inferInsert;

/** One audit row, as a statement for the same `db.batch()` as the change it records. */
export function insertAuditStatement(db: Database, row: NewAuditRow) {
  return db.insert(auditLog).values(row);
}
