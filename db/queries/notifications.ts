import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../client";
import { notificationPreferences, notifications } from "../schema";

export type NotificationInsert = typeof notifications.$inferInsert;
/** The insert for one notice, to put in the same `db.batch()` as the change; a repeated dedupe key is ignored. */
export function insertNotificationStatement(db: Database, row: NotificationInsert) {
  return db.insert(notifications).values(row).onConflictDoNothing();
}

/** Newest first; `kinds` narrows to what the person chose to see. */
export async function listNotifications(
  db: Database,
  userId: string,
  { limit = 20, unreadOnly = false, kinds }: { limit?: number; unreadOnly?: boolean; kinds?: readonly string[] } = {},
) {
  const parts = [eq(notifications.userId, userId)];
  if (unreadOnly) parts.push(isNull(notifications.readAt));
  if (kinds) parts.push(inArray(notifications.kind, [...kinds]));
  return db
    .select()
    .from(notifications)
    .where(and(...parts))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** `kinds` narrows to what the person chose to see (as listNotifications). */
export async function countUnread(db: Database, userId: string, kinds?: readonly string[]) {
  const parts = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (kinds) parts.push(inArray(notifications.kind, [...kinds]));
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(...parts));
  return row?.n ?? 0;
}

/** Marks the person's own notices read (ids of other accounts are ignored by the WHERE). */
export async function markNotificationsRead(db: Database, userId: string, at: string, ids?: readonly string[]) {
  const parts = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (ids) parts.push(inArray(notifications.id, [...ids]));
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(...parts));
}

export async function preferencesOf(db: Database, userId: string) {
  return db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

export function upsertPreferenceStatement(db: Database, row: typeof notificationPreferences.$inferInsert) {
  return db
    .insert(notificationPreferences)
    .values(row)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { inApp: row.inApp, push: row.push },
    });
}
