import { env, exports } from "cloudflare:workers";

export const ORIGIN = "https://eip.example.gov.lr";

/** Sends a request through the deployed Worker's fetch handler. */
export function call(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, ORIGIN), { redirect: "manual", ...init }));
}

/** The first row of a query on the test D1 (asserted present). */
export const one = async <T>(sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<T>())!;

/** Every row of a query on the test D1. */
export const rows = async <T>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;

/** The `n` of a `SELECT COUNT(*) AS n …` query. */
export const count = async (sql: string, ...binds: unknown[]) => (await one<{ n: number }>(sql, ...binds)).n;

/**
 * An /api request with a bearer token (none when `token` is null) and, when `body` is given, its
 * JSON — the one way the worker tests call the API as someone.
 */
export function bearer(token: string | null | undefined, path: string, method = "GET", body?: unknown) {
  return call(path, {
    method,
    headers: {
      ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
