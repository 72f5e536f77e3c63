import { data, redirect } from "react-router";
import { ReceiveSchema } from "#worker/contracts/inspections";
import { intakeQueueOf } from "#worker/services/inspections/read-inspections";
import { receiveBatch } from "#worker/services/inspections/receive-batch";
import { PRIVATE_PAGE_HEADERS, requireDashboard, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { flashRef } from "../lib/flash.server";
import { csrfFailedReply, failureReplyOf, formObject, typedValues, zodReply } from "../lib/plain-reply.server";
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
  const batchCode = String(form.get("batchCode") ?? "");
  if (access !== "full")
    return data(
      { batchCode, reply: { formErrors: ["This dashboard is read-only for your role"], values: typedValues(form) } },
      { status: 403, headers: PRIVATE_PAGE_HEADERS },
    );
  if (!(await verifyCsrf(session, form)))
    return data({ batchCode, reply: csrfFailedReply(form) }, { status: 403, headers: PRIVATE_PAGE_HEADERS });
  const parsed = ReceiveSchema.safeParse(formObject(form, ["weightKg"]));
  if (!parsed.success)
    return data({ batchCode, reply: zodReply(parsed.error, form) }, { status: 400, headers: PRIVATE_PAGE_HEADERS });
  const result = await receiveBatch(batchCode, parsed.data, pageDeps(session));
  if (!result.ok)
    return data(
      { batchCode, reply: failureReplyOf(result, form) },
      { status: result.status, headers: PRIVATE_PAGE_HEADERS },
    );
  throw redirect(`${PATH}?received=${encodeURIComponent(result.value.batch.batchCode)}`, {
    headers: PRIVATE_PAGE_HEADERS,
  });
}
