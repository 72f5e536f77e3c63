/**
 * The one client for /api (spec §7, §8): JSON content type, credentials included, Bearer token
 * from `authToken` except for URLs containing /auth/. Offline, requests are answered locally
 * (app/lib/offline.ts).
 */
import { AUTH_MESSAGES } from "#worker/auth/messages";
import { answerOffline, isOffline } from "./offline";

export async function throwIfResNotOk(res: Response) {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
  if ((res.headers.get("content-type") ?? "").includes("text/html")) {
    throw new Error(AUTH_MESSAGES.htmlInsteadOfJson);
  }
}

function authHeaders(url: string): Record<string, string> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (!url.includes("/auth/") && typeof localStorage !== "undefined") {
    const token = localStorage.getItem("authToken");
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  return headers;
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  if (isOffline()) {
    const offline = await answerOffline(method, url, data);
    await throwIfResNotOk(offline);
    return offline;
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: authHeaders(url),
      body: data === undefined ? undefined : JSON.stringify(data),
      credentials: "include",
    });
  } catch {
    throw new Error(AUTH_MESSAGES.networkConnectionFailed);
  }
  await throwIfResNotOk(res);
  return res;
}

/** The default query fetcher: GET on the query key parts joined by slashes (spec §7). */
export async function fetchQueryKey(queryKey: readonly unknown[], on401: "throw" | "returnNull" = "throw") {
  const url = queryKey.join("/");
  if (isOffline()) return (await answerOffline("GET", url)).json();
  let res: Response;
  try {
    res = await fetch(url, { headers: authHeaders(url), credentials: "include" });
  } catch {
    throw new Error(AUTH_MESSAGES.unableToConnect);
  }
  if (on401 === "returnNull" && res.status === 401) return null;
  await throwIfResNotOk(res);
  return res.json();
}

/** The server's own message inside an apiRequest error ("401: {json}"), or `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  const text = error instanceof Error ? error.message : "";
  const match = text.match(/^\d{3}: ([\s\S]*)$/);
  if (!match) return fallback;
  try {
    const body = JSON.parse(match[1]!) as { message?: unknown };
    return typeof body.message === "string" && body.message ? body.message : fallback;
  } catch {
    return match[1]!.trim() || fallback;
  }
}

/** True for the errors apiRequest throws when the server could not be reached at all. */
export function isConnectionError(error: unknown) {
  const text = error instanceof Error ? error.message : "";
  return text === AUTH_MESSAGES.networkConnectionFailed || text === AUTH_MESSAGES.unableToConnect;
}
