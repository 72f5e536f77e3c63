import type { Database } from "#db/client";
import { countFailures, recordSuccess, throttleRows } from "#db/queries/login-throttle";

/**
 * Brute-force throttling (ASVS V6.3.1), counted in a 15-minute window against the RESOLVED
 * account (however its ID or phone number was typed), see docs/decisions/006-login-throttling.md:
 * - 5 failures for one account from one client address → that pair is locked for 15 minutes
 *   (a brute force from one address stops there);
 * - per account, from anywhere: the first 10 failures are free, then each failure makes the
 *   account wait 1 s, 2 s, 4 s … at most 60 s (a distributed guesser gets about one guess a minute);
 *   an address where the account signed in during the last 90 days skips that wait, so a
 *   guesser cannot keep the holder out;
 * - 50 failures from one client address across accounts → that address is locked for 15 minutes.
 * Locks and waits always expire by themselves, and a successful sign-in clears the account's counters.
 */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  pair: 5,
  ip: 50,
  accountFreeFailures: 10,
  accountMaxDelayMs: 60_000,
  knownAddressMs: 90 * 24 * 60 * 60_000,
} as const;

/**
 * Whom a sign-in attempt is against: the account's id once the typed ID resolved to one, else the
 * canonical form of what was typed (digits only when it reads as a phone number, upper case otherwise).
 */
export function throttleAccount(typed: string, userId: string | null | undefined): string {
  if (userId) return `user:${userId}`;
  const digits = typed.replace(/\D/g, "");
  if (digits.length >= 7 && !/[a-z]{2}/i.test(typed)) return `tel:${digits}`;
  return `id:${typed.trim().toUpperCase()}`;
}

export type ThrottleKeys = ReturnType<typeof throttleKeys>;

export function throttleKeys(account: string, ip: string) {
  return {
    pair: `pair:${account}|${ip}`,
    account: `acct:${account}`,
    ip: `ip:${ip}`,
    /** The account signed in from this address before (its time in `window_start`). */
    known: `known:${account}|${ip}`,
  };
}

/** Seconds the client must still wait, or 0 when it may try. */
export async function throttleWait(db: Database, keys: ThrottleKeys, now: number): Promise<number> {
  const rows = await throttleRows(db, Object.values(keys));
  const known = rows.some((r) => r.key === keys.known && r.windowStart > now - THROTTLE.knownAddressMs);
  const until = Math.max(0, ...rows.filter((r) => !(known && r.key === keys.account)).map((r) => r.lockedUntil));
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

export async function recordFailedLogin(db: Database, keys: ThrottleKeys, now: number) {
  await countFailures(
    db,
    [
      { key: keys.pair, lockAt: THROTTLE.pair, lockMs: THROTTLE.lockMs },
      { key: keys.account, delayAfter: THROTTLE.accountFreeFailures, maxDelayMs: THROTTLE.accountMaxDelayMs },
      { key: keys.ip, lockAt: THROTTLE.ip, lockMs: THROTTLE.lockMs },
    ],
    now,
    THROTTLE.windowMs,
  );
}

/** Clears the account's counters and remembers this address as one the account signs in from. */
export async function recordSuccessfulLogin(db: Database, keys: ThrottleKeys, now: number) {
  await recordSuccess(db, [keys.pair, keys.account], keys.known, now);
}
