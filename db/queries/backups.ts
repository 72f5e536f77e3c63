/**
 * Backups (ADR 030): reading any table in rowid slices, the schema, and the runs' progress.
 * Table names come from sqlite_master (never from a request) and are quoted.
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { auditLog, backupRuns } from "../schema";
import { NOW_SQL } from "./clock";

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export type SchemaRow = { type: "table" | "index" | "trigger" | "view"; name: string; tableName: string; sql: string };

/** Every table, index, view and trigger with its CREATE statement, in creation order. */
export async function schemaObjects(db: Database): Promise<SchemaRow[]> {
  return db.all<SchemaRow>(
    sql`SELECT type, name, tbl_name AS tableName, sql FROM sqlite_master
        WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND substr(name, 1, 4) <> '_cf_'
        ORDER BY rowid`,
  );
}

/** A table's column names in their declared order. */
export async function tableColumns(db: Database, table: string): Promise<string[]> {
  const rows = await db.all<{ name: string }>(
    sql.raw(`SELECT name FROM pragma_table_info(${`'${table.replaceAll("'", "''")}'`}) ORDER BY cid`),
  );
  return rows.map((r) => r.name);
}

/** Up to `limit` rows of a table after `afterRowid`, in rowid order, each with its `__rowid`. */
export async function tableSlice(
  db: Database,
  table: string,
  columns: readonly string[],
  afterRowid: number,
  limit: number,
) {
  return db.all<Record<string, unknown> & { __rowid: number }>(
    sql`SELECT rowid AS __rowid, ${sql.raw(columns.map(quote).join(", "))} FROM ${sql.raw(quote(table))} WHERE rowid > ${afterRowid} ORDER BY rowid LIMIT ${limit}`,
  );
}

/** The audit log's position: its highest id (0 when empty). */
export async function auditPosition(db: Database): Promise<number> {
  const [row] = await db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog);
  return Number(row?.id ?? 0);
}

export type BackupRunRow = typeof backupRuns.$inferSelect;

export async function backupRun(db: Database, id: string) {
  return (await db.select().from(backupRuns).where(eq(backupRuns.id, id)).limit(1))[0] ?? null;
}

export async function runningBackups(db: Database) {
  return db.select().from(backupRuns).where(eq(backupRuns.status, "running")).orderBy(backupRuns.startedAt);
}

/** A monthly copy already started (and not failed) since `monthStart`. */
export async function monthlyBackupSince(db: Database, monthStart: string) {
  const [row] = await db
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .where(
      and(eq(backupRuns.kind, "monthly"), gte(backupRuns.startedAt, monthStart), sql`${backupRuns.status} <> 'failed'`),
    )
    .limit(1);
  return row ?? null;
}

export async function insertBackupRun(db: Database, row: typeof backupRuns.$inferInsert) {
  await db.insert(backupRuns).values(row).onConflictDoNothing();
}

export async function updateBackupRun(db: Database, id: string, set: Partial<typeof backupRuns.$inferInsert>) {
  await db
    .update(backupRuns)
    .set({ ...set, updatedAt: NOW_SQL })
    .where(eq(backupRuns.id, id));
}

/** Drops run records older than the longest retention (their copies are gone by then). */
export async function pruneBackupRuns(db: Database, before: string) {
  const result = await db.delete(backupRuns).where(lt(backupRuns.startedAt, before)).run();
  return result.meta.changes ?? 0;
}
