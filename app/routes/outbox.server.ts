import { data } from "react-router";
import { getSession, PRIVATE_PAGE_HEADERS } from "../lib/auth.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/outbox";

/**
 * /outbox: the records this phone holds for the server. They live on the phone; the server only
 * knows who is signed in. Signed out, the page still opens (the records are the phone's, not the
 * server's): a person whose session ended — or whose account was deactivated — sees what waits and
 * why it cannot be sent (ADR 027).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getSession(request);
  return data({ user: session ? await shellUser(session) : null }, { headers: PRIVATE_PAGE_HEADERS });
}
