/**
 * The page side of authentication: the one guard (`requireDashboard` / `requireSession`)
 * called at the top of every protected loader and action, and the no-JavaScript sign-in.
 */
import { env } from "cloudflare:workers";
import { data, redirect } from "react-router";
import { database } from "#db/client";
import { AUTH_MESSAGES } from "#worker/auth/messages";
import { can, type Permission } from "#worker/auth/permissions";
import {
  type Access,
  DASHBOARDS,
  type DashboardPath,
  dashboardAccess,
  HOME_DASHBOARD,
  ROLE_LABEL,
  type Role,
} from "#worker/auth/roles";
import { csrfToken, readSession, type Session, type SessionDeps, tokenFromRequest } from "#worker/auth/session";
import { sessionClient } from "#worker/auth/session-client";
import { isDemoMode } from "#worker/env";
import { performLogin } from "#worker/services/auth/login-portals";
import { pageDeps } from "./deps.server";
import { OUTBOX_HEADER } from "./outbox-light";
import { deactivatedAnswer } from "./outbox-refusal.server";
import { routePath } from "./route-path";

/** Session deps with the D1 session index; `request` names the device a new session is for. */
export function sessionDeps(request?: Request): SessionDeps {
  return {
    kv: env.SESSIONS,
    secret: env.SESSION_SECRET,
    db: database(env.DB),
    ...(request ? { client: sessionClient(request) } : {}),
  };
}

export function demoMode() {
  return isDemoMode(env);
}

/** The live session of a page request (cookie only: pages never read Authorization). */
export async function getSession(request: Request): Promise<Session | null> {
  return readSession(sessionDeps(), tokenFromRequest(request, { bearer: false }));
}

/** Signed-in user, or a redirect to `login` (with a return path). Forces a pending password change. */
export async function requireSession(request: Request, login = "/portals"): Promise<Session> {
  const session = await getSession(request);
  const path = routePath(request);
  if (!session) {
    // A queued record sent by the outbox of a phone whose account was deactivated meanwhile: say so (ADR 027).
    if (request.headers.get(OUTBOX_HEADER)) {
      const deactivated = await deactivatedAnswer(request, { "Cache-Control": "private, no-store" });
      if (deactivated) throw deactivated;
    }
    throw redirect(`${login}?redirectTo=${encodeURIComponent(path)}`);
  }
  if (session.mustChangePassword && path !== "/change-password") throw redirect("/change-password");
  return session;
}

export type PublicUser = { id: string; name: string; role: Role; userType: string; loginId: string };

export function publicUser(s: Session): PublicUser {
  return { id: s.id, name: s.name, role: s.role, userType: s.userType, loginId: s.loginId };
}

/** What a role dashboard's loader heads its data with: the dashboard's title, the user, their role in words. */
export function dashboardHead(path: DashboardPath, session: Session) {
  return { title: DASHBOARDS[path].title, user: publicUser(session), roleLabel: ROLE_LABEL[session.role] };
}

/**
 * Guard for the dashboards of spec §2: signed out → redirect to the dashboard's login; wrong
 * role → 403 with a clear page. Returns the session and the access level (full / read-only).
 */
export async function requireDashboard(
  request: Request,
  path: DashboardPath,
): Promise<{ session: Session; access: Exclude<Access, "none"> }> {
  const rule = DASHBOARDS[path];
  const session = await requireSession(request, rule.login);
  const access = dashboardAccess(path, session.role);
  if (access === "none") {
    throw data(
      { forbidden: true as const, title: rule.title, role: session.role, home: HOME_DASHBOARD[session.role] },
      { status: 403, headers: { "Cache-Control": "private, no-store" } },
    );
  }
  return { session, access };
}

/**
 * The one guard for work pages outside the dashboards (farmers, plots, batches, audit…):
 * signed out → the portals page to choose a login; a role without `permission` → 403 page.
 */
export async function requireRole(request: Request, permission: Permission, title: string): Promise<Session> {
  const session = await requireSession(request, "/portals");
  if (!can(session.role, permission)) {
    throw data(
      { forbidden: true as const, title, role: session.role, home: HOME_DASHBOARD[session.role] },
      { status: 403, headers: { "Cache-Control": "private, no-store" } },
    );
  }
  return session;
}

/** Anti-CSRF token for forms that change state while signed in. */
export function csrfFor(session: Session) {
  return csrfToken(env.SESSION_SECRET, session.sid);
}

export async function verifyCsrf(session: Session, form: FormData) {
  const sent = form.get("csrf");
  return typeof sent === "string" && sent.length > 0 && sent === (await csrfFor(session));
}

/** Runs a sign-in for a no-JavaScript form post, with the JSON API's exact rules. */
export async function signInFromForm(endpoint: string, body: Record<string, unknown>, request: Request) {
  return performLogin(endpoint.replace(/^\/api/, ""), body, request, {
    ...sessionDeps(),
    db: pageDeps().db,
    demoMode: demoMode(),
  });
}

/** What a form whose CSRF token failed says (verifyCsrf false): the same words on every page. */
export const CSRF_FAILED = "The form could not be verified. Please reload the page and try again.";

export const PRIVATE_PAGE_HEADERS = { "Cache-Control": "private, no-store" };
export { AUTH_MESSAGES };
