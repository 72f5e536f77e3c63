import { SESSION_KEYS } from "../content/landing";

/**
 * Oversight users are signed out when they come back to the landing screen (spec §4):
 * if the stored userType is 'monitoring', the five session keys are removed.
 * Returns whether anything was cleared.
 */
export function clearMonitoringSession(storage: Pick<Storage, "getItem" | "removeItem">): boolean {
  if (storage.getItem("userType") !== "monitoring") return false;
  for (const key of SESSION_KEYS) storage.removeItem(key);
  return true;
}

export const EXECUTIVE_TOKEN_KEYS = ["dgToken", "ddgotsToken", "ddgafToken"] as const;

export type TokenClaims = { sub?: string; role?: string; utp?: string; lid?: string; name?: string; mcp?: boolean };

/** Reads the (unverified) claims of a session token: display only; the server decides access. */
export function tokenClaims(token: string | undefined): TokenClaims {
  if (!token) return {};
  try {
    const part = token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(part.padEnd(part.length + ((4 - (part.length % 4)) % 4), "="));
    // The payload is UTF-8 JSON (jose): decode the bytes, not atob's Latin-1 string.
    const text = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    return JSON.parse(text) as TokenClaims;
  } catch {
    return {};
  }
}

type Storage5 = Pick<Storage, "setItem" | "removeItem">;

/** Writes the browser session keys of spec §3 after a successful sign-in. */
export function storeBrowserSession(
  storage: Storage5,
  values: { token: string; userType: string; userRole: string; userId: string; username: string },
  executiveToken?: (typeof EXECUTIVE_TOKEN_KEYS)[number],
) {
  storage.setItem("authToken", values.token);
  storage.setItem("userType", values.userType);
  storage.setItem("userRole", values.userRole);
  storage.setItem("userId", values.userId);
  storage.setItem("username", values.username);
  if (executiveToken) storage.setItem(executiveToken, values.token);
}

export function clearExecutiveTokens(storage: Storage5) {
  for (const key of EXECUTIVE_TOKEN_KEYS) storage.removeItem(key);
}

export function clearSessionKeys(storage: Storage5) {
  for (const key of SESSION_KEYS) storage.removeItem(key);
}

/** Logout clears every key the sign-in wrote. */
export function clearAllSessionKeys(storage: Storage5) {
  clearSessionKeys(storage);
  clearExecutiveTokens(storage);
}
