import type { Database } from "#db/client";
import { clearThrottle, countFailures, throttleRows } from "#db/queries/login-throttle";

/**
 * Brute-force throttling (ASVS V6.3.1). Failures are counted in a 15-minute window:
 * - 5 for one account from one client address → that pair waits 15 minutes;
 * - 20 for one account from anywhere → the account waits 15 minutes;
 * - 50 from one client address across accounts → that address waits 15 minutes.
 * Locks always expire by themselves (no permanent lock-out an attacker could cause), and a
 * successful sign-in clears the account's counters. See docs/decisions/006-login-throttling.md.
 */
export const THROTTLE = { windowMs: 15 * 60_000, lockMs: 15 * 60_000, pair: 5, account: 20, ip: 50 } as const;

export function throttleKeys(loginId: string, ip: string) {
  const account = loginId.trim().toUpperCase();
  return { pair: `pair:${account}|${ip}`, account: `acct:${account}`, ip: `ip:${ip}` };
}

/** Seconds the client must still wait, or 0 when it may try. */
export async function throttleWait(db: Database, loginId: string, ip: string, now: number): Promise<number> {
  const keys = throttleKeys(loginId, ip);
  const rows = await throttleRows(db, Object.values(keys));
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil));
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

export async function recordFailedLogin(db: Database, loginId: string, ip: string, now: number) {
  const keys = throttleKeys(loginId, ip);
  await countFailures(
    db,
    [
      { key: keys.pair, limit: THROTTLE.pair },
      { key: keys.account, limit: THROTTLE.account },
      { key: keys.ip, limit: THROTTLE.ip },
    ],
    now,
    THROTTLE.windowMs,
    THROTTLE.lockMs,
  );
}

export async function recordSuccessfulLogin(db: Database, loginId: string, ip: string) {
  const keys = throttleKeys(loginId, ip);
  await clearThrottle(db, [keys.pair, keys.account]);
}
