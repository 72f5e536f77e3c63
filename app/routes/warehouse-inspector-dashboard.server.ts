import { data } from "react-router";
import { ReceiveSchema } from "#worker/contracts/inspections";
import { intakeQueueOf } from "#worker/services/inspections/read-inspections";
import { receiveBatch } from "#worker/services/inspections/receive-batch";
import { PRIVATE_PAGE_HEADERS, requireDashboard } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { flashRef } from "../lib/flash.server";
import { handleForm, refuse } from "../lib/page-form.server";
import { inspectorDashboardView, queuedBatchView } from "./inspection-request-action.server";

const PATH = "/warehouse-inspector-dashboard";

/**
 * The warehouse inspector's dashboard: the intake queue of MY warehouse (batches the
 * buyers sent to me), intake of each, and the link to its inspection form. DG and DDGOTS see every
 * warehouse's queue read-only, without forms.
 */
export async function loader({ request }: { request: Request }) {
  const { inspectorId, view } = await inspectorDashboardView(request, "warehouse");
  const rows = await intakeQueueOf(pageDeps().db, inspectorId);
  const url = new URL(request.url);
  return data(
    {
      ...view,
      done: { received: flashRef(url, "received"), inspected: flashRef(url, "inspected") },
      queue: rows.map((r) => ({
        ...queuedBatchView(r),
        warehouse: r.warehouse,
        dispatchedAt: r.dispatchedAt,
        buyer: `${r.buyerFirstName ?? ""} ${r.buyerLastName ?? ""}`.trim() || null,
      })),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request }: { request: Request }) {
  const { session, access } = await requireDashboard(request, PATH);
  const form = await request.formData();
  if (access !== "full")
    return refuse(request, form, { status: 403, message: "This dashboard is read-only for your role" });
  return handleForm(request, {
    session,
    form,
    schema: ReceiveSchema,
    run: (input) => receiveBatch(String(form.get("batchCode") ?? ""), input, pageDeps(session)),
    done: (v) => `${PATH}?received=${encodeURIComponent(v.batch.batchCode)}`,
  });
}
