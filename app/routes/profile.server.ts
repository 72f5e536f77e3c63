/**
 * /profile and every /profile/… path, one route: any signed-in account; signed out →
 * the portals page. The section is the rest of the path; an unknown one is a 404 section inside
 * the profile. One route rather than one per section keeps the route manifest, which every page
 * loads, small (the 130 KiB budget of ADR 032).
 */
import { data } from "react-router";
import type { Session } from "#worker/auth/session";
import { PRIVATE_PAGE_HEADERS, requireSession } from "../lib/auth.server";
import { detailsAction, detailsView } from "../lib/profile-details.server";
import { notificationsAction, notificationsView } from "../lib/profile-notifications.server";
import { passwordAction, passwordView } from "../lib/profile-password.server";
import { pushAction, pushView } from "../lib/profile-push.server";
import { sessionsAction, sessionsView } from "../lib/profile-sessions.server";
import { routePath } from "../lib/route-path";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/profile";

/** The form posts of each section (each section is its own form's action: a plain POST to its path). */
const ACTIONS = {
  "": detailsAction,
  password: passwordAction,
  sessions: sessionsAction,
  notifications: notificationsAction,
  push: pushAction,
} as const;
type Section = keyof typeof ACTIONS;

const sectionOf = (params: Route.LoaderArgs["params"]) => (params["*"] ?? "").replace(/\/+$/, "");
const known = (name: string): name is Section => Object.hasOwn(ACTIONS, name);

async function view(request: Request, session: Session, name: string) {
  switch (name) {
    case "":
      return { section: "details" as const, ...(await detailsView(request, session)) };
    case "password":
      return { section: "password" as const, ...(await passwordView(request, session)) };
    case "sessions":
      return { section: "sessions" as const, ...(await sessionsView(request, session)) };
    case "notifications":
      return { section: "notifications" as const, ...(await notificationsView(request, session)) };
    case "push":
      return { section: "push" as const, ...(await pushView(request, session)) };
    default:
      return { section: "not-found" as const, path: routePath(request) };
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const name = sectionOf(params);
  const shown = await view(request, session, name);
  return data(
    { user: await shellUser(session), ...shown },
    { status: known(name) ? 200 : 404, headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireSession(request);
  const name = sectionOf(params);
  if (!known(name)) throw data({ message: "There is no such section of your profile" }, { status: 404 });
  return ACTIONS[name](request, session);
}
