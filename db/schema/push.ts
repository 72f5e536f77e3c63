/**
 * Web Push (ADR 028): one row per browser/device a person subscribed from /profile/push.
 * The endpoint is the push service's URL for that browser; p256dh and auth are its encryption keys
 * (RFC 8291). A subscription the push service reports gone (404/410) is deleted.
 */
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    /** Unique: the same browser subscribing again (or for another account) replaces its row. */
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** A short label from the browser's user agent ("Chrome on Android"), shown in the device list. */
    device: text("device").notNull(),
    /**
     * The session that registered this device (user_sessions.hash): signing that session out removes
     * the device (ADR 028). Null for devices registered before it was recorded.
     */
    sessionHash: text("session_hash"),
    createdAt: createdAt(),
    lastSuccessAt: text("last_success_at"),
    lastFailure: text("last_failure"),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);
