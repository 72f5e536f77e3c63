import { env } from "cloudflare:workers";
import { signOutboxProof } from "#worker/auth/outbox-proof";
import { csrfFor, getSession } from "../lib/auth.server";
import { deactivatedAnswer } from "../lib/outbox-refusal.server";
import type { Route } from "./+types/outbox-session";

/**
 * GET /outbox/session: the outbox (app/lib/outbox.ts) asks before sending whether this phone has a
 * live session now, and for that session's CSRF token: queued work always goes with the session
 * of the moment of sending, never the one the form was first shown in. With it comes a fresh
 * outbox proof (worker/auth/outbox-proof.ts) the phone keeps. 401 when signed out; the records
 * then stay on the phone. If the phone shows its proof and that account was deactivated meanwhile
 * (its sessions end with it), the 401 says so (`code: account_deactivated`, also in X-Outbox-Error):
 * only to the holder of that account's proof.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getSession(request);
  const headers = { "Cache-Control": "private, no-store", Vary: "Cookie, X-Outbox-Proof" };
  if (!session)
    return (
      (await deactivatedAnswer(request, headers)) ??
      Response.json({ success: false, message: "Not signed in" }, { status: 401, headers })
    );
  if (session.mustChangePassword)
    return Response.json({ success: false, message: "Change your password first" }, { status: 401, headers });
  const proof = await signOutboxProof(env.SESSION_SECRET, session);
  return Response.json({ csrf: await csrfFor(session), loginId: session.loginId, proof }, { headers });
}
