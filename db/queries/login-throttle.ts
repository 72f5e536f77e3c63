import { inArray, sql } from "drizzle-orm";
import type { Database } from "../client";
import { loginThrottle } from "../schema";

export type ThrottleRow = typeof loginThrottle.$inferSelect;

export async function throttleRows(db: Database, keys: string[]) {
  return db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys));
}

/**
 * Counts one failure against each key in one transaction. A window older than `windowMs`
 * starts again at 1; reaching the key's limit sets `locked_until`.
 */
export async function countFailures(
  db: Database,
  entries: { key: string; limit: number }[],
  now: number,
  windowMs: number,
  lockMs: number,
) {
  const stale = now - windowMs;
  const statements = entries.map(({ key, limit }) =>
    db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStart: now, lockedUntil: limit <= 1 ? now + lockMs : 0 })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`CASE WHEN ${loginThrottle.windowStart} < ${stale} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
          lockedUntil: sql`CASE WHEN (CASE WHEN ${loginThrottle.windowStart} < ${stale} THEN 1 ELSE ${loginThrottle.failures} + 1 END) >= ${limit} THEN ${now + lockMs} ELSE ${loginThrottle.lockedUntil} END`,
          windowStart: sql`CASE WHEN ${loginThrottle.windowStart} < ${stale} THEN ${now} ELSE ${loginThrottle.windowStart} END`,
        },
      }),
  );
  if (statements.length) await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
}

export async function clearThrottle(db: Database, keys: string[]) {
  if (keys.length) await db.delete(loginThrottle).where(inArray(loginThrottle.key, keys));
}
