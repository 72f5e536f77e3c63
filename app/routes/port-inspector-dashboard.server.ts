import { data } from "react-router";
import { portQueueWithBlockers } from "#worker/services/inspections/read-inspections";
import { PRIVATE_PAGE_HEADERS } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { inspectorDashboardView, queuedBatchView } from "./inspection-request-action.server";

/**
 * The port inspector's dashboard: batches inspected at the warehouse and awaiting port
 * inspection (or held by a refusal), and batches signed off awaiting export, each with what is
 * holding it. The unit is the batch. DG and DDGOTS read only.
 */
export async function loader({ request }: { request: Request }) {
  const { view } = await inspectorDashboardView(request, "port");
  const rows = await portQueueWithBlockers(pageDeps().db, new Date());
  return data(
    {
      ...view,
      queue: rows.map((r) => ({
        ...queuedBatchView(r),
        portOutcome: r.portOutcome,
        container: r.containerNumber ? `${r.containerNumber} / seal ${r.sealNumber}` : null,
        blockers: r.blockers.map((b) => b.message),
      })),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}
