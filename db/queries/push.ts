/** Web Push (ADR 028): subscriptions per user and device, and claiming notices to push. */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { notificationPreferences, notifications, pushSubscriptions } from "../schema";

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushSubscriptionInsert = typeof pushSubscriptions.$inferInsert;

/**
 * The same endpoint subscribing again replaces the row: for its owner, or for another account only
 * with the browser's own keys (one browser, one owner). The service refuses a foreign endpoint
 * without them first; the `setWhere` keeps that true if two requests race.
 */
export function upsertPushSubscriptionStatement(db: Database, row: PushSubscriptionInsert) {
  return db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: row.userId,
        p256dh: row.p256dh,
        auth: row.auth,
        device: row.device,
        sessionHash: row.sessionHash ?? null,
        lastFailure: null,
      },
      setWhere: or(
        eq(pushSubscriptions.userId, row.userId),
        and(eq(pushSubscriptions.p256dh, row.p256dh), eq(pushSubscriptions.auth, row.auth)),
      ),
    });
}

export async function findPushSubscriptionByEndpoint(db: Database, endpoint: string) {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)).limit(1);
  return row ?? null;
}

/** Only the owner's row: another account's id matches nothing. */
export async function findOwnPushSubscription(db: Database, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function listPushSubscriptions(db: Database, userId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

export function deleteOwnPushSubscriptionStatement(db: Database, userId: string, id: string) {
  return db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)));
}

/** The push service said the subscription is gone (404/410), or the device is revoked. */
export function deletePushSubscriptionStatement(db: Database, id: string) {
  return db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Every device of an account (deactivation, a new password). */
export function deleteUserPushSubscriptionsStatement(db: Database, userId: string) {
  return db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/**
 * The devices an account registered from some sessions: `only` that one session (signing it out),
 * or every session `except` the one in use ("sign out all other devices"). Devices registered
 * before sessions were recorded (null) belong to neither.
 */
export async function pushSubscriptionsOfSessions(
  db: Database,
  userId: string,
  sessions: { only: string } | { except: string },
) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        "only" in sessions
          ? eq(pushSubscriptions.sessionHash, sessions.only)
          : and(isNotNull(pushSubscriptions.sessionHash), ne(pushSubscriptions.sessionHash, sessions.except)),
      ),
    );
}

export async function markPushSubscriptionResult(
  db: Database,
  id: string,
  result: { successAt: string } | { failure: string },
) {
  await db
    .update(pushSubscriptions)
    .set(
      "successAt" in result ? { lastSuccessAt: result.successAt, lastFailure: null } : { lastFailure: result.failure },
    )
    .where(eq(pushSubscriptions.id, id));
}

/** Subscriptions of these users (chunked under D1's 100 bound values). */
export async function pushSubscriptionsOf(db: Database, userIds: readonly string[]) {
  const rows: PushSubscriptionRow[] = [];
  for (let i = 0; i < userIds.length; i += 90) {
    rows.push(
      ...(await db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, userIds.slice(i, i + 90)))),
    );
  }
  return rows;
}

/** The (user, kind) pairs whose person turned push off, for these users. */
export async function pushOffOf(db: Database, userIds: readonly string[]) {
  const rows: { userId: string; kind: string }[] = [];
  for (let i = 0; i < userIds.length; i += 90) {
    rows.push(
      ...(await db
        .select({ userId: notificationPreferences.userId, kind: notificationPreferences.kind })
        .from(notificationPreferences)
        .where(
          and(
            inArray(notificationPreferences.userId, userIds.slice(i, i + 90)),
            eq(notificationPreferences.push, false),
          ),
        )),
    );
  }
  return rows;
}

/**
 * Takes up to `limit` notices to push, in one statement, so two runs (a request's background
 * delivery and the cron) never take the same notice: pending (never tried), due for a retry, or
 * taken by a run that died more than `staleBefore` ago; only notices newer than `since`.
 */
export async function claimPushNotices(
  db: Database,
  { now, since, staleBefore, limit }: { now: string; since: string; staleBefore: string; limit: number },
) {
  const due = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        or(
          isNull(notifications.pushState),
          eq(notifications.pushState, "retry"),
          and(eq(notifications.pushState, "sending"), lt(notifications.pushClaimedAt, staleBefore)),
        ),
        gte(notifications.createdAt, since),
      ),
    )
    .orderBy(asc(notifications.createdAt))
    .limit(limit);
  return db
    .update(notifications)
    .set({ pushState: "sending", pushClaimedAt: now, pushAttempts: sql`${notifications.pushAttempts} + 1` })
    .where(
      and(
        inArray(notifications.id, due),
        or(
          isNull(notifications.pushState),
          eq(notifications.pushState, "retry"),
          and(eq(notifications.pushState, "sending"), lt(notifications.pushClaimedAt, staleBefore)),
        ),
      ),
    )
    .returning();
}

export async function settlePushNotice(
  db: Database,
  id: string,
  state: "sent" | "skipped" | "failed" | "retry",
  at: string,
) {
  await db
    .update(notifications)
    .set({ pushState: state, ...(state === "sent" ? { pushedAt: at } : {}) })
    .where(eq(notifications.id, id));
}
