import { pageMeta } from "#app/components/kit/page-meta";
import { type HubData, HubPage } from "../components/hub/hub-page";
import type { Route } from "./+types/exporter-marketplace";
import type { HubReply } from "./sellers-hub.server";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./exporter-marketplace.server";

export const meta = () => pageMeta("Marketplace");

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <HubPage title="Marketplace" data={loaderData as unknown as HubData} reply={actionData as HubReply | undefined} />
  );
}
