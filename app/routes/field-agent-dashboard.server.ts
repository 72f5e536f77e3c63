import { data } from "react-router";
import { fieldAgentCounts } from "#worker/services/registry/field-agent-counts";
import { csrfFor, dashboardHead, PRIVATE_PAGE_HEADERS, requireDashboard } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { noticesFor } from "../lib/notices.server";

const PATH = "/field-agent-dashboard";

/** The agent's own counts (from the session's user id) and their quick actions. */
export async function loader({ request }: { request: Request }) {
  const { session } = await requireDashboard(request, PATH);
  const [counts, csrf, notices] = await Promise.all([
    fieldAgentCounts({ id: session.id }, pageDeps()),
    csrfFor(session),
    noticesFor(session),
  ]);
  return data(
    {
      ...dashboardHead(PATH, session),
      csrf,
      counts,
      notices,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}
