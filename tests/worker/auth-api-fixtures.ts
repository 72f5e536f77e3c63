/** What the sign-in API tests share (auth-api*.test.ts): a JSON POST from one address, and reading its reply. */
import { expect } from "vitest";
import { call } from "./helpers";

export function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return call(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": "203.0.113.10", ...headers },
    body: JSON.stringify(body),
  });
}

/** A parsed JSON body, read field by field the way the assertions read it. */
// biome-ignore lint/suspicious/noExplicitAny: the assertions check every field they read
export type JsonBody = Record<string, any>;

export async function json(res: Response) {
  expect(res.headers.get("content-type")).toContain("application/json");
  return (await res.json()) as JsonBody;
}

/** Signs in through the sign-in API at `path` from address `ip`; the session token of its JSON reply. */
export async function tokenOf(path: string, credentials: Record<string, string>, ip: string): Promise<string> {
  return (await json(await post(path, credentials, { "CF-Connecting-IP": ip }))).token;
}
