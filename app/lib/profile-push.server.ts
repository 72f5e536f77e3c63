import { env } from "cloudflare:workers";
import { data, redirect } from "react-router";
import type { Session } from "#worker/auth/session";
import { pushConfigFrom } from "#worker/services/push/deliver-push";
import { listMyPushDevices, removeMyPushDevice } from "#worker/services/push/push-subscriptions";
import { CSRF_FAILED, csrfFor, PRIVATE_PAGE_HEADERS, verifyCsrf } from "./auth.server";
import { pageDeps } from "./deps.server";

/** What the last change did, carried over the redirect (?done=…) so a reload does not post again. */
const DONE: Record<string, string> = {
  subscribed: "This device now receives push notifications.",
  removed: "The device is removed: it no longer receives push notifications.",
};

/** /profile/push: the devices that receive my push notices (ADR 028). */
export async function pushView(request: Request, session: Session) {
  const result = await listMyPushDevices(pageDeps(session));
  const done = DONE[new URL(request.url).searchParams.get("done") ?? ""] ?? null;
  return {
    devices: result.ok ? result.value.devices : [],
    publicKey: pushConfigFrom(env)?.publicKey ?? null,
    csrf: await csrfFor(session),
    done,
  };
}

/** Removing a device is a plain form post (works with JavaScript off). */
export async function pushAction(request: Request, session: Session) {
  const form = await request.formData();
  if (!(await verifyCsrf(session, form))) {
    return data({ error: CSRF_FAILED }, { status: 403, headers: PRIVATE_PAGE_HEADERS });
  }
  const result = await removeMyPushDevice({ id: String(form.get("deviceId") ?? "") }, pageDeps(session));
  if (!result.ok) return data({ error: result.message }, { status: result.status, headers: PRIVATE_PAGE_HEADERS });
  return redirect("/profile/push?done=removed");
}
