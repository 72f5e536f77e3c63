/**
 * Offline answers (spec §7, §8, §9). While the browser is offline:
 * - a sign-in succeeds with 'Offline authentication successful' only for an account that signed
 *   in online on this device before, checked against the verifier stored then (PBKDF2-SHA256);
 * - /api/dashboard/metrics answers the sample values of spec §9 with offlineMode true;
 * - every other request answers success false, 'Feature not available offline', offlineMode true.
 */
import { AUTH_MESSAGES } from "#worker/auth/messages";

export const OFFLINE_METRICS = {
  totalFarms: 150,
  activeFarmers: 120,
  pendingInspections: 25,
  completedInspections: 95,
  offlineMode: true,
} as const;

/** The offline login's user id is a placeholder (spec §9). */
export const OFFLINE_USER_ID = "offline-user";
const VERIFIER_PREFIX = "offlineVerifier:";
const ITERATIONS = 100_000;

export function isOffline() {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

type Verifier = {
  salt: string;
  hash: string;
  iterations: number;
  userType: string;
  role: string;
  username: string;
  name: string;
};

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array, iterations: number) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return b64(new Uint8Array(bits));
}

/** Login ID in a login request body, whatever the portal calls it. */
export function loginIdOf(body: unknown): string {
  const b = (body ?? {}) as Record<string, unknown>;
  const id = b.credentialId ?? b.buyerId ?? b.username ?? b.agentId ?? b.farmerId ?? "";
  return String(id).trim().toUpperCase();
}

export function isLoginUrl(url: string) {
  return /\/login$|-login$/.test(new URL(url, "http://x").pathname);
}

/** Remembers, after an online sign-in, what lets the same person sign in offline later. */
export async function storeOfflineVerifier(
  url: string,
  body: unknown,
  who: { userType: string; role: string; username: string; name: string },
  storage: Storage = localStorage,
) {
  const password = String((body as Record<string, unknown>)?.password ?? "");
  if (!password) return;
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const verifier: Verifier = {
    salt: b64(salt),
    hash: await derive(password, salt, ITERATIONS),
    iterations: ITERATIONS,
    ...who,
  };
  storage.setItem(
    `${VERIFIER_PREFIX}${new URL(url, "http://x").pathname}:${loginIdOf(body)}`,
    JSON.stringify(verifier),
  );
}

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export async function answerOffline(
  method: string,
  url: string,
  body?: unknown,
  storage: Storage = localStorage,
): Promise<Response> {
  const path = new URL(url, "http://x").pathname;
  if (method.toUpperCase() === "POST" && isLoginUrl(url)) {
    const raw = storage.getItem(`${VERIFIER_PREFIX}${path}:${loginIdOf(body)}`);
    if (!raw) return jsonResponse({ success: false, message: AUTH_MESSAGES.offlineNoVerifier, offlineMode: true }, 401);
    const verifier = JSON.parse(raw) as Verifier;
    const password = String((body as Record<string, unknown>)?.password ?? "");
    if ((await derive(password, unb64(verifier.salt), verifier.iterations)) !== verifier.hash) {
      return jsonResponse({ success: false, message: AUTH_MESSAGES.offlineWrongPassword, offlineMode: true }, 401);
    }
    return jsonResponse({
      success: true,
      message: AUTH_MESSAGES.offlineLoginSuccess,
      offlineMode: true,
      user: {
        id: OFFLINE_USER_ID,
        role: verifier.role,
        userType: verifier.userType,
        username: verifier.username,
        name: verifier.name,
      },
    });
  }
  if (path === "/api/dashboard/metrics") return jsonResponse(OFFLINE_METRICS);
  return jsonResponse({ success: false, message: AUTH_MESSAGES.offlineNotAvailable, offlineMode: true });
}
