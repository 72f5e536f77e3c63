import { data } from "react-router";
import { PRIVATE_PAGE_HEADERS, requireSession } from "../lib/auth.server";
import { routePath } from "../lib/route-path";
import type { Route } from "./+types/profile-not-found";

/** Any other /profile/… path: a not-found section inside the profile, with a 404 status (issue 13). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request);
  return data({ path: routePath(request) }, { status: 404, headers: PRIVATE_PAGE_HEADERS });
}
