/** Backups of D1 to R2 (ADR 030): the resumable state of each run. */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";

/**
 * One row per backup run. The scheduled handler continues the run in slices within the Workers
 * limits: `tableIndex`/`afterRowid` say where the next slice starts, `hashState` carries the
 * running SHA-256 of the current table across slices, `tables` the finished tables' manifest
 * entries. `auditStartId`/`auditEndId` are the audit log's position when the run began and ended.
 */
export const backupRuns = sqliteTable(
  "backup_runs",
  {
    id: text("id").primaryKey(),
    /** daily | monthly */
    kind: text("kind").notNull(),
    /** The R2 prefix, e.g. `backups/daily/2026-11-24/`. */
    prefix: text("prefix").notNull(),
    /** running | done | failed */
    status: text("status").notNull().default("running"),
    /** JSON: the table names to export, in order (audit_log last). */
    tableNames: text("table_names").notNull(),
    /** JSON: the schema (sqlite_master rows) at the start. */
    schemaSql: text("schema_sql").notNull(),
    tableIndex: integer("table_index").notNull().default(0),
    afterRowid: integer("after_rowid").notNull().default(0),
    part: integer("part").notNull().default(0),
    tableRows: integer("table_rows").notNull().default(0),
    hashState: text("hash_state"),
    /** JSON array of the finished tables' manifest entries. */
    tables: text("tables").notNull().default("[]"),
    bytes: integer("bytes").notNull().default(0),
    auditStartId: integer("audit_start_id").notNull(),
    auditEndId: integer("audit_end_id"),
    startedAt: text("started_at").notNull(),
    finishedAt: text("finished_at"),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("backup_runs_status_idx").on(t.status), index("backup_runs_kind_started_idx").on(t.kind, t.startedAt)],
);
