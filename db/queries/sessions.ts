/** The session index (db/schema/sessions.ts): written beside the KV session, listed on /profile/sessions. */
import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { Database } from "../client";
import { userSessions } from "../schema";

export type SessionRow = typeof userSessions.$inferSelect;

export function insertSessionRow(db: Database, row: typeof userSessions.$inferInsert) {
  return db.insert(userSessions).values(row);
}

/** Moves `last_seen_at` and the idle expiry forward (the KV touch cadence, SESSION_TOUCH_MS). */
export function touchSessionRow(db: Database, hash: string, lastSeenAt: string, idleExpiresAt: string) {
  return db
    .update(userSessions)
    .set({ lastSeenAt, idleExpiresAt })
    .where(and(eq(userSessions.hash, hash), isNull(userSessions.revokedAt)));
}

/** Marks one session revoked (the KV record is deleted by the caller first). */
export function revokeSessionRowStatement(db: Database, hash: string, at: string) {
  return db
    .update(userSessions)
    .set({ revokedAt: at })
    .where(and(eq(userSessions.hash, hash), isNull(userSessions.revokedAt)));
}

/** Marks every session of a user revoked, but `keepHash` (the one in use) when given. */
export function revokeUserSessionRowsStatement(db: Database, userId: string, at: string, keepHash?: string) {
  const parts = [eq(userSessions.userId, userId), isNull(userSessions.revokedAt)];
  if (keepHash) parts.push(ne(userSessions.hash, keepHash));
  return db
    .update(userSessions)
    .set({ revokedAt: at })
    .where(and(...parts));
}

/** A user's sessions that are neither revoked nor expired (absolute or idle) at `nowIso`, latest seen first. */
export async function listLiveSessionRows(db: Database, userId: string, nowIso: string) {
  return db
    .select()
    .from(userSessions)
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, nowIso),
        gt(userSessions.idleExpiresAt, nowIso),
      ),
    )
    .orderBy(desc(userSessions.lastSeenAt))
    .limit(100);
}

/** One session of `userId` by its public id; another account's id finds nothing. */
export async function findOwnSessionRow(db: Database, userId: string, publicId: string) {
  const [row] = await db
    .select()
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), eq(userSessions.publicId, publicId)))
    .limit(1);
  return row ?? null;
}
