import { data } from "react-router";
import { myCertificates } from "#worker/services/exporter/my-certificates";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { shellUser } from "../lib/work-page.server";

/** /exporter/certificates: every certificate of my batches and shipments, state from the registry. */
export async function loader({ request }: { request: Request }) {
  const session = await requireRole(request, "readMyCertificates", "My certificates");
  return data(
    { user: await shellUser(session), certificates: await myCertificates(pageDeps(session)) },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}
