import type { Context, MiddlewareHandler } from "hono";
import { database } from "#db/client";
import { type Actor, buildDeps, type ServiceDeps } from "#worker/services/deps";
import { can, type Permission } from "../auth/permissions";
import type { Role } from "../auth/roles";
import { readSession, type Session, type SessionDeps, tokenFromRequest } from "../auth/session";
import { sessionClient } from "../auth/session-client";
import { parseJsonKeepingDecimals, type WrittenDecimals } from "../domain/written-decimals";
import type { Env } from "../env";
import { apiError } from "./reply";
import { tag } from "./route-meta";

export type { Actor, ServiceDeps };
export type PublicDeps = Omit<ServiceDeps, "actor">;

export type ApiVars = { session: Session; deps: PublicDeps & { actor?: Actor } };
export type ApiEnv = { Bindings: Env; Variables: ApiVars };

/** Session deps with the D1 session index; `request` names the device a new session is for. */
export function sessionDeps(env: Env, request?: Request): SessionDeps {
  return {
    kv: env.SESSIONS,
    secret: env.SESSION_SECRET,
    db: database(env.DB),
    ...(request ? { client: sessionClient(request) } : {}),
  };
}

/** The deps of this request, built once (the actor joins once a guard has read the session). */
function depsOf(c: Context<ApiEnv>): ApiVars["deps"] {
  const built = c.get("deps") as ApiVars["deps"] | undefined;
  const session = c.get("session") as Session | undefined;
  if (built && (built.actor || !session)) return built;
  const deps = {
    ...(built ?? buildDeps(c.env)),
    ...(session ? { actor: { id: session.id, role: session.role } } : {}),
  };
  c.set("deps", deps);
  return deps;
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

/** The one deps builder of /api for routes behind a guard: `{ db, r2, actor, now }`. */
export function serviceDeps(c: Context<ApiEnv>): ServiceDeps {
  const deps = depsOf(c);
  if (!deps.actor) throw new Error("serviceDeps needs a signed-in route: use publicDeps");
  return deps as ServiceDeps;
}

/** The same for routes without sign-in: `{ db, r2, now }`. */
export function publicDeps(c: Context<ApiEnv>): PublicDeps {
  return depsOf(c);
}

/** The refusal of every other route while the account still has a temporary password. */
export const CHANGE_PASSWORD_FIRST = "Change your password before continuing";

/**
 * 401 without a live session (Bearer token or session cookie); 403 when `allowed` says no, and
 * 403 while the account must still change its temporary password, except on the routes that
 * let it do so (`beforePasswordChange`: who am I, change password, sign out), as the pages do.
 */
function guard(
  allowed: (role: Role) => boolean,
  beforePasswordChange = false,
  refusal?: (role: Role) => string,
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const session = await readSession(sessionDeps(c.env), tokenFromRequest(c.req.raw), c.executionCtx);
    if (!session) return apiError(c, 401, "Authentication required");
    if (session.mustChangePassword && !beforePasswordChange) return apiError(c, 403, CHANGE_PASSWORD_FIRST);
    if (!allowed(session.role))
      return apiError(c, 403, refusal?.(session.role) ?? "You do not have permission to do this");
    c.set("session", session);
    await next();
  };
}

/**
 * Any signed-in account that has changed its temporary password. `beforePasswordChange`: also an
 * account that has not yet (only the routes it needs to change it, read who it is and sign out).
 */
export function requireSession(options: { beforePasswordChange?: boolean } = {}): MiddlewareHandler<ApiEnv> {
  return tag(
    guard(() => true, options.beforePasswordChange),
    { access: { kind: "session", beforePasswordChange: options.beforePasswordChange ?? false } },
  );
}

/**
 * A signed-in account whose role has `permission` (worker/auth/permissions.ts, as page guards).
 * `refusal`: the 403 message for a role without it (e.g. the licensing steps name who acts).
 */
export function requirePermission(permission: Permission, refusal?: (role: Role) => string): MiddlewareHandler<ApiEnv> {
  return tag(
    guard((role) => can(role, permission), false, refusal),
    { access: { kind: "permission", permission } },
  );
}
