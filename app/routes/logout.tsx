import { env } from "cloudflare:workers";
import { redirect } from "react-router";
import { database } from "#db/client";
import { logAuthEvent } from "#db/queries/users";
import { clearedSessionCookie } from "#worker/auth/session";
import { signOut } from "#worker/services/auth/sign-out";
import { getSession, sessionDeps, verifyCsrf } from "../lib/auth.server";
import type { Route } from "./+types/logout";

/**
 * POST /logout: removes the push devices this session registered, ends the server session (token
 * refused from now on) and clears the cookie.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await getSession(request);
  const headers = { "Set-Cookie": clearedSessionCookie(), "Cache-Control": "no-store" };
  if (!session) return redirect("/", { headers });
  const form = await request.formData();
  if (!(await verifyCsrf(session, form))) {
    throw new Response("The form could not be verified. Please reload the page and try again.", { status: 403 });
  }
  const db = database(env.DB);
  await signOut(session, { ...sessionDeps(), db });
  await logAuthEvent(db, { event: "logout", userId: session.id, loginId: session.loginId });
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
