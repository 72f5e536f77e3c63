import { data } from "react-router";
import { PRIVATE_PAGE_HEADERS, requireSession } from "../lib/auth.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/profile";

/** /profile and every /profile/… path: any signed-in account (signed out → the portals page). */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  return data({ user: await shellUser(session) }, { headers: PRIVATE_PAGE_HEADERS });
}
