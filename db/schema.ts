import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Shared timestamp columns: ISO-8601 UTC text, set by SQLite on insert. */
const createdAt = () =>
  text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);
const updatedAt = () =>
  text("updated_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);

/**
 * Every state change writes one row here in the same batch as the change (STYLE.md "Data").
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
    startedAt: text("started_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    finishedAt: text("finished_at"),
    status: text("status", { enum: ["running", "ok", "failed"] }).notNull().default("running"),
    summary: text("summary"),
    updatedAt: updatedAt(),
  },
  (t) => [index("cron_runs_started_at_idx").on(t.startedAt)],
);
