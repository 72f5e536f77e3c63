import { csrfFor, getSession } from "../lib/auth.server";
import type { Route } from "./+types/outbox-session";

/**
 * GET /outbox/session: the outbox (app/lib/outbox.ts) asks before sending whether this phone has a
 * live session now, and for that session's CSRF token: queued work always goes with the session
 * of the moment of sending, never the one the form was first shown in. 401 when signed out (or
 * the account was deactivated: its sessions end with it); the records then stay on the phone.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getSession(request);
  const headers = { "Cache-Control": "private, no-store" };
  if (!session) return Response.json({ success: false, message: "Not signed in" }, { status: 401, headers });
  if (session.mustChangePassword)
    return Response.json({ success: false, message: "Change your password first" }, { status: 401, headers });
  return Response.json({ csrf: await csrfFor(session), loginId: session.loginId }, { headers });
}
