/** /exporter/marketplace: the exporter's view of the sellers hub (see sellers-hub.server.ts). */
import { requireRole } from "../lib/auth.server";
import { hubAction, hubLoader } from "./sellers-hub.server";

export async function loader({ request }: { request: Request }) {
  await requireRole(request, "useExporterMarketplace", "Marketplace");
  return hubLoader(request, "Marketplace", true);
}

export async function action({ request }: { request: Request }) {
  await requireRole(request, "useExporterMarketplace", "Marketplace");
  return hubAction(request, "Marketplace", "/exporter/marketplace");
}
