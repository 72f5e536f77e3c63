import { data, redirect } from "react-router";
import type { Session } from "#worker/auth/session";
import {
  MarkNoticesReadSchema,
  PREFERENCE_FIELD,
  PROFILE_MESSAGES,
  PreferencesSchema,
} from "#worker/contracts/profile";
import { NOTIFICATION_KINDS } from "#worker/domain/notifications";
import {
  markMyNoticesRead,
  myNotices,
  myPreferences,
  updateMyPreferences,
} from "#worker/services/notifications/my-notices";
import { CSRF_FAILED, csrfFor, PRIVATE_PAGE_HEADERS, verifyCsrf } from "./auth.server";
import { pageDeps } from "./deps.server";

const DONE: Record<string, string> = {
  read: "Marked read.",
  "read-all": "All notices marked read.",
  preferences: "Notification preferences saved.",
};

/** /profile/notifications: my notices and my preferences. */
export async function notificationsView(request: Request, session: Session) {
  const deps = pageDeps(session);
  const [notices, preferences] = await Promise.all([myNotices({ limit: 50 }, deps), myPreferences(deps)]);
  const done = DONE[new URL(request.url).searchParams.get("done") ?? ""] ?? null;
  return {
    notices: notices.ok ? notices.value.notices : [],
    unread: notices.ok ? notices.value.unread : 0,
    preferences: preferences.ok ? preferences.value.preferences : [],
    csrf: await csrfFor(session),
    done,
  };
}

const refused = (error: string, status: number) => data({ error }, { status, headers: PRIVATE_PAGE_HEADERS });

export async function notificationsAction(request: Request, session: Session) {
  const form = await request.formData();
  if (!(await verifyCsrf(session, form))) return refused(CSRF_FAILED, 403);
  const deps = pageDeps(session);
  const intent = String(form.get("intent") ?? "");
  if (intent === "preferences") {
    // A checkbox that is not ticked is not sent: every kind is listed, unticked = off.
    const input = {
      preferences: NOTIFICATION_KINDS.map((kind) => ({
        kind,
        inApp: form.get(PREFERENCE_FIELD.inApp(kind)) === "on",
        push: form.get(PREFERENCE_FIELD.push(kind)) === "on",
      })),
    };
    const parsed = PreferencesSchema.safeParse(input);
    if (!parsed.success) return refused("The preferences could not be read. Please try again.", 400);
    const result = await updateMyPreferences(parsed.data, deps);
    if (!result.ok) return refused(result.message, result.status);
    return redirect("/profile/notifications?done=preferences");
  }
  const input = intent === "read-all" ? { all: true } : { ids: [String(form.get("id") ?? "")].filter(Boolean) };
  const parsed = MarkNoticesReadSchema.safeParse(input);
  if (!parsed.success) return refused(PROFILE_MESSAGES.noticeIds, 400);
  const result = await markMyNoticesRead(parsed.data, deps);
  if (!result.ok) return refused(result.message, result.status);
  return redirect(`/profile/notifications?done=${intent === "read-all" ? "read-all" : "read"}`);
}
