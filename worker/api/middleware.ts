import type { Context, MiddlewareHandler } from "hono";
import { type Database, database } from "#db/client";
import type { Role } from "../auth/roles";
import { readSession, type Session, type SessionDeps, tokenFromRequest } from "../auth/session";
import { parseJsonKeepingDecimals, type WrittenDecimals } from "../domain/written-decimals";
import type { Env } from "../env";
import { apiError } from "./errors";

export type ApiVars = { session: Session; db: Database };
export type ApiEnv = { Bindings: Env; Variables: ApiVars };

export function sessionDeps(env: Env): SessionDeps {
  return { kv: env.SESSIONS, secret: env.SESSION_SECRET };
}

/** Reads a JSON body; a non-JSON content type or malformed JSON is a clear 4xx. */
export async function jsonBody(c: Context): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  const type = c.req.header("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    return { ok: false, response: apiError(c, 415, "Content-Type must be application/json") };
  }
  try {
    return { ok: true, body: await c.req.json() };
  } catch {
    return { ok: false, response: apiError(c, 400, "Request body is not valid JSON") };
  }
}

/**
 * Reads a JSON body keeping each number's written decimals (plot endpoints: EUDR Art. 2(28) is
 * judged on the text sent, docs/eudr-rules.md "Precision"). Too deep or not JSON is a named 400.
 */
export async function jsonBodyKeepingDecimals(
  c: Context,
): Promise<{ ok: true; body: unknown; decimals: WrittenDecimals } | { ok: false; response: Response }> {
  const type = c.req.header("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    return { ok: false, response: apiError(c, 415, "Content-Type must be application/json") };
  }
  const read = parseJsonKeepingDecimals(await c.req.text());
  if (!read.ok) {
    const status = read.rule === "too-large" ? 413 : 400;
    return {
      ok: false,
      response: apiError(c, status, read.rule === "json" ? "Request body is not valid JSON" : read.message, [
        { rule: read.rule, message: read.message },
      ]),
    };
  }
  return { ok: true, body: read.value, decimals: read.decimals };
}

/**
 * The one API guard: a live session (Bearer token or session cookie) whose role is one of
 * `roles` (any role when none are given). 401 without a session, 403 with the wrong role.
 */
export function requireApiRole(...roles: Role[]): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const session = await readSession(sessionDeps(c.env), tokenFromRequest(c.req.raw), c.executionCtx);
    if (!session) return apiError(c, 401, "Authentication required");
    if (roles.length && !roles.includes(session.role)) {
      return apiError(c, 403, "You do not have permission to do this");
    }
    c.set("session", session);
    c.set("db", database(c.env.DB));
    await next();
  };
}
