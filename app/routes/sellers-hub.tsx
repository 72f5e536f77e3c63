import { pageMeta } from "#app/components/kit/page-meta";
import { type HubData, HubPage } from "../components/hub/hub-page";
import type { Route } from "./+types/sellers-hub";
import type { HubReply } from "./sellers-hub.server";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./sellers-hub.server";

export const meta = () => pageMeta("Sellers hub");

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <HubPage title="Sellers hub" data={loaderData as unknown as HubData} reply={actionData as HubReply | undefined} />
  );
}
