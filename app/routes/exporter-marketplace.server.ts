/** /exporter/marketplace (issue 14): the exporter's view of the sellers hub (see sellers-hub.server.ts). */
import { hubAction, hubLoader } from "./sellers-hub.server";

export async function loader({ request }: { request: Request }) {
  return hubLoader(request, "Marketplace", true);
}

export async function action({ request }: { request: Request }) {
  return hubAction(request, "Marketplace", "/exporter/marketplace");
}
