import { data, redirect } from "react-router";
import { CompleteInspectionSchema, ScheduleInspectionSchema } from "#worker/contracts/exporter-desk";
import { STATUS_LABEL } from "#worker/domain/custody";
import { gramsToKg } from "#worker/domain/weight";
import { completeInspectionRequest, scheduleInspectionRequest } from "#worker/services/exporter/inspection-requests";
import { inspectionRequestQueue } from "#worker/services/exporter/read-inspection-requests";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, requireDashboard, requireRole, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { formObject } from "../lib/plain-reply.server";
import { shellUser } from "../lib/work-page.server";

const TITLE = "Inspection request";
const home = (role: string) =>
  role === "port_inspector" ? "/port-inspector-dashboard" : "/warehouse-inspector-dashboard";

/** GET: back to the inspector's dashboard, where the requests are listed. */
export async function loader({ request }: { request: Request }) {
  const session = await requireRole(request, "handleInspectionRequests", TITLE);
  throw redirect(home(session.role));
}

/**
 * The inspector's steps on an exporter's inspection request (issue 14), posted from the request
 * list of their dashboard: schedule (with the date) or complete. Answers with a redirect back to
 * the dashboard carrying the outcome, so it works with JavaScript off.
 */
export async function action({ request, params }: { request: Request; params: { id?: string } }) {
  const session = await requireRole(request, "handleInspectionRequests", TITLE);
  const form = await request.formData();
  const back = (q: string) => redirect(`${home(session.role)}?${q}#inspection-requests`);
  if (!(await verifyCsrf(session, form)))
    return data({ message: CSRF_FAILED }, { status: 403, headers: PRIVATE_PAGE_HEADERS });
  const id = params.id ?? "";
  const fields = formObject(form, ["baseVersion"]);
  const intent = form.get("intent") === "complete" ? "complete" : "schedule";
  let result: Awaited<ReturnType<typeof completeInspectionRequest | typeof scheduleInspectionRequest>>;
  if (intent === "complete") {
    const parsed = CompleteInspectionSchema.safeParse(fields);
    if (!parsed.success) throw back(`requestError=${encodeURIComponent(parsed.error.issues[0]?.message ?? "")}`);
    result = await completeInspectionRequest(id, parsed.data, pageDeps(session));
  } else {
    const parsed = ScheduleInspectionSchema.safeParse(fields);
    if (!parsed.success) throw back(`requestError=${encodeURIComponent(parsed.error.issues[0]?.message ?? "")}`);
    result = await scheduleInspectionRequest(id, parsed.data, pageDeps(session));
  }
  if (!result.ok) throw back(`requestError=${encodeURIComponent(result.message)}`);
  throw back(
    `request${intent === "complete" ? "Done" : "Scheduled"}=${encodeURIComponent(result.value.request.subjectCode)}`,
  );
}

/** The request list of an inspector dashboard: their open requests (or all, read-only), and the flash of the last step. */
export async function inspectionRequestsView(request: Request, kind: "warehouse" | "port", inspectorId: string | null) {
  const params = new URL(request.url).searchParams;
  const rows = await inspectionRequestQueue(pageDeps().db, kind, inspectorId);
  return {
    requests: rows.map((r) => ({
      id: r.id,
      subjectCode: r.subjectCode,
      preferredDate: r.preferredDate,
      status: r.status,
      scheduledFor: r.scheduledFor,
      note: r.note,
      version: r.version,
    })),
    flash: {
      scheduled: params.get("requestScheduled"),
      done: params.get("requestDone"),
      error: params.get("requestError"),
    },
  };
}

/**
 * What both inspector dashboards' loaders start with: the guard (full access for the inspector,
 * read-only for the executives), the shell user, and the request list (their own, or every one
 * read-only).
 */
export async function inspectorDashboardView(request: Request, kind: "warehouse" | "port") {
  const { session, access } = await requireDashboard(request, home(`${kind}_inspector`));
  const inspectorId = access === "full" ? session.id : null;
  return {
    inspectorId,
    view: {
      user: await shellUser(session),
      access,
      inspectionRequests: await inspectionRequestsView(request, kind, inspectorId),
    },
  };
}

/** A queued batch as both inspector dashboards list it. */
export const queuedBatchView = (r: {
  batchCode: string;
  commodity: string;
  weightG: number;
  status: string;
  grade: string | null;
}) => ({
  batchCode: r.batchCode,
  commodity: r.commodity,
  weightKg: gramsToKg(r.weightG),
  status: r.status,
  statusLabel: STATUS_LABEL[r.status as keyof typeof STATUS_LABEL] ?? r.status,
  grade: r.grade,
});
