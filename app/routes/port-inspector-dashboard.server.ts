import { data } from "react-router";
import { STATUS_LABEL } from "#worker/domain/custody";
import { gramsToKg } from "#worker/domain/weight";
import { portQueueWithBlockers } from "#worker/services/inspections/read-inspections";
import { PRIVATE_PAGE_HEADERS, requireDashboard } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { shellUser } from "../lib/work-page.server";
import { inspectionRequestsView } from "./inspection-request-action.server";

/**
 * The port inspector's dashboard (issue 13): batches inspected at the warehouse and awaiting port
 * inspection (or held by a refusal), and batches signed off awaiting export, each with what is
 * holding it. Shipments come with issue 14; until then the unit is the batch. DG and DDGOTS read only.
 */
export async function loader({ request }: { request: Request }) {
  const { session, access } = await requireDashboard(request, "/port-inspector-dashboard");
  const rows = await portQueueWithBlockers(pageDeps().db, new Date());
  return data(
    {
      user: await shellUser(session),
      access,
      inspectionRequests: await inspectionRequestsView(request, "port", access === "full" ? session.id : null),
      queue: rows.map((r) => ({
        batchCode: r.batchCode,
        commodity: r.commodity,
        weightKg: gramsToKg(r.weightG),
        status: r.status,
        statusLabel: STATUS_LABEL[r.status as keyof typeof STATUS_LABEL] ?? r.status,
        grade: r.grade,
        portOutcome: r.portOutcome,
        container: r.containerNumber ? `${r.containerNumber} / seal ${r.sealNumber}` : null,
        blockers: r.blockers.map((b) => b.message),
      })),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}
