import { data, redirect } from "react-router";
import type { Session } from "#worker/auth/session";
import { clearedSessionCookie } from "#worker/auth/session";
import { listMySessions, revokeMySession, revokeOtherSessions } from "#worker/services/profile/sessions";
import { CSRF_FAILED, csrfFor, PRIVATE_PAGE_HEADERS, sessionDeps, verifyCsrf } from "./auth.server";
import { pageDeps } from "./deps.server";

/** What the last ending did, carried over the redirect (?done=…) so a reload does not post again. */
const DONE: Record<string, string> = {
  one: "The session is ended: that device is signed out.",
  others: "Every other device is signed out.",
};

/** /profile/sessions: where I am signed in. */
export async function sessionsView(request: Request, session: Session) {
  const result = await listMySessions(session, { ...pageDeps(session), sessions: sessionDeps() });
  const done = DONE[new URL(request.url).searchParams.get("done") ?? ""] ?? null;
  return { sessions: result.ok ? result.value.sessions : [], csrf: await csrfFor(session), done };
}

export async function sessionsAction(request: Request, session: Session) {
  const form = await request.formData();
  if (!(await verifyCsrf(session, form))) {
    return data({ error: CSRF_FAILED }, { status: 403, headers: PRIVATE_PAGE_HEADERS });
  }
  const deps = { ...pageDeps(session), sessions: sessionDeps() };
  if (form.get("intent") === "revoke-others") {
    const result = await revokeOtherSessions(session, deps);
    if (!result.ok) return data({ error: result.message }, { status: result.status, headers: PRIVATE_PAGE_HEADERS });
    return redirect("/profile/sessions?done=others");
  }
  const sessionId = String(form.get("sessionId") ?? "");
  const result = await revokeMySession({ sessionId }, session, deps);
  if (!result.ok) return data({ error: result.message }, { status: result.status, headers: PRIVATE_PAGE_HEADERS });
  if (result.value.current) return redirect("/", { headers: { "Set-Cookie": clearedSessionCookie() } });
  return redirect("/profile/sessions?done=one");
}
