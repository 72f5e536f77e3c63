import { env } from "cloudflare:workers";
import { redirect } from "react-router";
import { database } from "#db/client";
import { logAuthEvent } from "#db/queries/users";
import { clearedSessionCookie, revokeSession } from "#worker/auth/session";
import { getSession, sessionDeps, verifyCsrf } from "../lib/auth.server";
import type { Route } from "./+types/logout";

/** POST /logout: ends the server session (token refused from now on) and clears the cookie. */
export async function action({ request }: Route.ActionArgs) {
  const session = await getSession(request);
  const headers = { "Set-Cookie": clearedSessionCookie(), "Cache-Control": "no-store" };
  if (!session) return redirect("/", { headers });
  const form = await request.formData();
  if (!(await verifyCsrf(session, form))) {
    throw new Response("The form could not be verified. Please reload the page and try again.", { status: 403 });
  }
  await revokeSession(sessionDeps(), session);
  await logAuthEvent(database(env.DB), { event: "logout", userId: session.id, loginId: session.loginId });
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
