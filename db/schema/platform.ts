/** Platform records: the audit log, scheduled-run log and bulk imports. */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";

/**
 * Every state change writes one row here in the same batch as the change (docs/architecture.md "Data").
 * `before`/`after` are JSON snapshots of the changed record.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: text("actor_id"),
    actorRole: text("actor_role"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    before: text("before"),
    after: text("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_created_at_idx").on(t.createdAt),
  ],
);

/** One row per run of the Worker's scheduled handler: what ran and how it ended. */
export const cronRuns = sqliteTable(
  "cron_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    cron: text("cron").notNull(),
    scheduledAt: text("scheduled_at").notNull(),
    startedAt: text("started_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    finishedAt: text("finished_at"),
    status: text("status", { enum: ["running", "ok", "failed"] })
      .notNull()
      .default("running"),
    summary: text("summary"),
    updatedAt: updatedAt(),
  },
  (t) => [index("cron_runs_started_at_idx").on(t.startedAt)],
);

/** A bulk import of farmers and plots: progress and per-line errors. */
export const importRuns = sqliteTable(
  "import_runs",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    fileName: text("file_name").notNull(),
    fileHash: text("file_hash").notNull(),
    total: integer("total").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    stored: integer("stored").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    /** JSON array of { line, reason }. */
    errors: text("errors").notNull().default("[]"),
    /** running | done | failed */
    status: text("status").notNull().default("running"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("import_runs_created_at_idx").on(t.createdAt)],
);
