import { redirect } from "react-router";
import {
  CompleteInspectionSchema,
  EXPORTER_DESK_MESSAGES,
  ScheduleInspectionSchema,
} from "#worker/contracts/exporter-desk";
import { STATUS_LABEL } from "#worker/domain/custody";
import { gramsToKg } from "#worker/domain/weight";
import { completeInspectionRequest, scheduleInspectionRequest } from "#worker/services/exporter/inspection-requests";
import { inspectionRequestQueue } from "#worker/services/exporter/read-inspection-requests";
import { requireDashboard, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { flashMessage, flashRef } from "../lib/flash.server";
import { handleForm } from "../lib/page-form.server";
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
 * The inspector's steps on an exporter's inspection request, posted from the request
 * list of their dashboard: schedule (with the date) or complete. Answers with a redirect back to
 * the dashboard carrying the outcome, so it works with JavaScript off.
 */
export async function action({ request, params }: { request: Request; params: { id?: string } }) {
  const session = await requireRole(request, "handleInspectionRequests", TITLE);
  const form = await request.formData();
  // The outcome travels as a code (and the subject's record number), never as text (app/lib/flash.server.ts).
  const back = (q: Record<string, string>) =>
    redirect(`${home(session.role)}?${new URLSearchParams(q).toString()}#inspection-requests`);
  const refused = ({ message, status }: { message: string; status: number }) =>
    back({ requestError: requestErrorCode(message, status) });
  const id = params.id ?? "";
  const deps = pageDeps(session);
  if (form.get("intent") === "complete")
    return handleForm(request, {
      session,
      form,
      schema: CompleteInspectionSchema,
      run: (input) => completeInspectionRequest(id, input, deps),
      refused,
      done: (v) => back({ requestDone: v.request.subjectCode }),
    });
  return handleForm(request, {
    session,
    form,
    schema: ScheduleInspectionSchema,
    run: (input) => scheduleInspectionRequest(id, input, deps),
    refused,
    done: (v) => back({ requestScheduled: v.request.subjectCode }),
  });
}

/** The refusals of a request step, by the code its redirect carries. */
const REQUEST_ERRORS = {
  date: EXPORTER_DESK_MESSAGES.scheduledFor,
  note: EXPORTER_DESK_MESSAGES.noteTooLong,
  past: "The inspection date cannot be in the past",
  unknown: "No inspection request with this id in your queue",
  changed: "This request changed since you opened it: reload the page and try again",
  moved: "This request was changed by someone else a moment ago: reload the page",
  state: "This request cannot take that step as it stands now: reload the page to see where it is",
  failed: "The request could not be updated: reload the page and try again",
} as const;

/** The code of a refusal's message; one not listed word for word falls back on its status. */
function requestErrorCode(message: string, status: number): keyof typeof REQUEST_ERRORS {
  const code = (Object.keys(REQUEST_ERRORS) as (keyof typeof REQUEST_ERRORS)[]).find(
    (k) => REQUEST_ERRORS[k] === message,
  );
  return code ?? (status === 409 ? "state" : status === 404 ? "unknown" : "failed");
}

/** The request list of an inspector dashboard: their open requests (or all, read-only), and the flash of the last step. */
export async function inspectionRequestsView(request: Request, kind: "warehouse" | "port", inspectorId: string | null) {
  const url = new URL(request.url);
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
      scheduled: flashRef(url, "requestScheduled"),
      done: flashRef(url, "requestDone"),
      error: flashMessage(url, "requestError", REQUEST_ERRORS),
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
