import { inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client";
import { loginThrottle } from "../schema";

export async function throttleRows(db: Database, keys: string[]) {
  return db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys));
}

/**
 * What one more failure does to a key once counted (`n` failures in the window):
 * - `lockAt`: reaching `lockAt` failures locks the key for `lockMs`;
 * - `delayAfter`: each failure beyond `delayAfter` makes the key wait 1 s, 2 s, 4 s … at most `maxDelayMs`.
 */
export type FailureRule = { key: string } & (
  | { lockAt: number; lockMs: number }
  | { delayAfter: number; maxDelayMs: number }
);

/** The `locked_until` a rule gives after `n` failures (SQL, for the upsert), or `kept` when none. */
function lockedUntilSql(rule: FailureRule, n: SQL, now: number, kept: SQL | number): SQL {
  if ("lockAt" in rule) return sql`CASE WHEN ${n} >= ${rule.lockAt} THEN ${now + rule.lockMs} ELSE ${kept} END`;
  return sql`CASE WHEN ${n} > ${rule.delayAfter} THEN ${now} + MIN(${rule.maxDelayMs}, 1000 * (1 << MIN(${n} - ${rule.delayAfter} - 1, 20))) ELSE ${kept} END`;
}

/**
 * Counts one failure against each key in one transaction. A window older than `windowMs`
 * starts again at 1; the rule of each key then sets `locked_until`.
 */
export async function countFailures(db: Database, rules: FailureRule[], now: number, windowMs: number) {
  const stale = now - windowMs;
  const n = sql`(CASE WHEN ${loginThrottle.windowStart} < ${stale} THEN 1 ELSE ${loginThrottle.failures} + 1 END)`;
  const statements = rules.map((rule) =>
    db
      .insert(loginThrottle)
      .values({ key: rule.key, failures: 1, windowStart: now, lockedUntil: lockedUntilSql(rule, sql`1`, now, 0) })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: n,
          lockedUntil: lockedUntilSql(rule, n, now, sql`${loginThrottle.lockedUntil}`),
          windowStart: sql`CASE WHEN ${loginThrottle.windowStart} < ${stale} THEN ${now} ELSE ${loginThrottle.windowStart} END`,
        },
      }),
  );
  if (statements.length) await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
}

/**
 * Clears the counters of `clear` and marks `known` (an account+address pair that has just signed
 * in) with the time of that success, in one transaction.
 */
export async function recordSuccess(db: Database, clear: string[], known: string | null, now: number) {
  const statements = [
    ...(clear.length ? [db.delete(loginThrottle).where(inArray(loginThrottle.key, clear))] : []),
    ...(known
      ? [
          db
            .insert(loginThrottle)
            .values({ key: known, failures: 0, windowStart: now, lockedUntil: 0 })
            .onConflictDoUpdate({ target: loginThrottle.key, set: { windowStart: now } }),
        ]
      : []),
  ];
  if (statements.length) await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
}
