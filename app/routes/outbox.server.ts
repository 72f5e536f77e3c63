import { data } from "react-router";
import { PRIVATE_PAGE_HEADERS, requireSession } from "../lib/auth.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/outbox";

/** /outbox: the records this phone holds for the server. They live on the phone; the server only knows who is signed in. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  return data({ user: await shellUser(session) }, { headers: PRIVATE_PAGE_HEADERS });
}
