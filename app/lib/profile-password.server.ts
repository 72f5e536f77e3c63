import { redirect } from "react-router";
import type { Session } from "#worker/auth/session";
import { csrfFor } from "./auth.server";
import { changePasswordFromForm } from "./change-password.server";

/** /profile/password: the same form, service, rules and messages as /change-password. */
export async function passwordView(request: Request, session: Session) {
  const changed = new URL(request.url).searchParams.get("changed") === "1";
  return { csrf: await csrfFor(session), changed };
}

/** Other devices are signed out by the service; this one gets its fresh session. */
export async function passwordAction(request: Request, session: Session) {
  const outcome = await changePasswordFromForm(request, session);
  if (outcome.refused) return outcome.refused;
  return redirect("/profile/password?changed=1", { headers: { "Set-Cookie": outcome.cookie } });
}
