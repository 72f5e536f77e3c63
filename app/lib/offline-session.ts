/**
 * Offline sign-in for field agents and inspectors (ADR 027): a person who signed in
 * online on this phone keeps working offline for OFFLINE_SIGN_IN_DAYS after their last online
 * page; after that, or for anyone else, forms are not queued until they sign in online again.
 * Every signed-in field page notes the online visit (tiny: localStorage, no outbox code).
 */
export const OFFLINE_SIGN_IN_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const KEY = "eip.onlineSession";

export const OFFLINE_SESSION_TEXT = {
  expired: `You last signed in online on this phone more than ${OFFLINE_SIGN_IN_DAYS} days ago. Connect and sign in again to keep working offline.`,
  notHere: "Sign in online once on this phone before working offline.",
} as const;

function store(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** Notes that `loginId` was signed in online on this phone now. */
export function noteOnlineSession(loginId: string, now = Date.now(), storage: Storage | null = store()) {
  try {
    storage?.setItem(KEY, JSON.stringify({ loginId, at: now }));
  } catch {
    // Storage full or off: offline work then needs a fresh online sign-in.
  }
}

/** Whether `loginId` may keep working offline on this phone now, or why not. */
export function offlineSignIn(
  loginId: string,
  now = Date.now(),
  storage: Storage | null = store(),
): { ok: true } | { ok: false; reason: string } {
  let session: { loginId?: string; at?: number } = {};
  try {
    session = JSON.parse(storage?.getItem(KEY) ?? "{}");
  } catch {
    session = {};
  }
  if (session.loginId !== loginId || typeof session.at !== "number")
    return { ok: false, reason: OFFLINE_SESSION_TEXT.notHere };
  if (now - session.at > OFFLINE_SIGN_IN_DAYS * DAY_MS) return { ok: false, reason: OFFLINE_SESSION_TEXT.expired };
  return { ok: true };
}
