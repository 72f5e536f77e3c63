/**
 * Notices to one account, in one notifications table: every kind of notice is written here,
 * in the same `db.batch()` as the change they announce. A notice is a record: it is stored whatever
 * the person's preferences; preferences decide how it is shown and whether it is pushed.
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    /** One of NOTIFICATION_KINDS (worker/domain/notifications.ts). */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** A path inside the platform the notice points at, e.g. /land-plot-details/PLT-… */
    link: text("link"),
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    /** The same event never notifies twice (a retried write, a re-run job): unique when set. */
    dedupeKey: text("dedupe_key").unique(),
    createdAt: createdAt(),
    readAt: text("read_at"),
    /** When push delivery (ADR 028) sent it; null while not pushed. */
    pushedAt: text("pushed_at"),
    /** Push delivery: null = pending, "sending", "retry", "sent", "skipped" (no device or preference off), "failed". */
    pushState: text("push_state"),
    /** When a delivery run took this notice ("sending"); a claim older than 10 minutes is taken again. */
    pushClaimedAt: text("push_claimed_at"),
    /** Delivery runs that tried this notice (the 5-minute cron retries pending ones a few times). */
    pushAttempts: integer("push_attempts").notNull().default(0),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_push_pending_idx").on(t.pushState, t.createdAt),
  ],
);

/** Per account and kind: show in the notices list, and push to the phone. Absent row = defaults. */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    userId: text("user_id").notNull(),
    kind: text("kind").notNull(),
    inApp: integer("in_app", { mode: "boolean" }).notNull().default(true),
    push: integer("push", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
