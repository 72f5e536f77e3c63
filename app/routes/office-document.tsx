import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { dashboardAccessDenied } from "#app/components/inspection/dashboard-error";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { Options } from "#app/components/kit/options";
import { pageMeta } from "#app/components/kit/page-meta";
import { Section } from "#app/components/kit/section";
import { utcMinute } from "#app/lib/dates";
import { firstMessage } from "#app/lib/light-form";
import {
  DOCUMENT_KIND_LABEL,
  DOCUMENT_STATUS_LABEL,
  type DocumentKind,
  type DocumentStatus,
  OFFICE_DEPARTMENT_LABEL,
  type OfficeDepartment,
  STEP_RULES,
} from "#worker/domain/office";
import { DashboardFrame, SECTION } from "../components/dashboards/dashboard-frame";
import type { Route } from "./+types/office-document";

export { action, loader } from "./office-document.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData ? `${loaderData.document.reference} — ${loaderData.title}` : "Register document");
}

const LINK = "font-semibold text-green-800 underline";
const BUTTON = "rounded bg-green-800 px-3 py-2 font-bold text-white hover:bg-green-900";

export default function OfficeDocument({ loaderData: d, actionData }: Route.ComponentProps) {
  // A refusal is answered on the page, where a step taken shows its notice.
  const refusal = firstMessage(actionData?.reply);
  const flash = refusal ? { done: null, error: refusal } : d.flash;
  const doc = d.document;
  const status = doc.status as DocumentStatus;
  const assignee = d.staff.find((s) => s.id === doc.assigneeId)?.name ?? (doc.assigneeId ? "Former staff" : "—");
  return (
    <DashboardFrame
      title={d.title}
      heading={doc.reference}
      role={DOCUMENT_KIND_LABEL[doc.kind as DocumentKind]}
      csrf={d.csrf}
      account={d.user.loginId}
    >
      <p className="mb-3 text-sm">
        <Link to={d.portal} className={LINK}>
          ← Back to the register
        </Link>
      </p>
      {flash.done && (
        <p className="mb-3 rounded bg-green-50 p-2 text-sm text-green-900" role="status">
          {flash.done}
        </p>
      )}
      {flash.error && (
        <p className="mb-3 rounded bg-red-50 p-2 text-sm font-semibold text-red-800" role="alert" data-testid="error">
          {flash.error}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md border border-slate-200 bg-white p-3 text-sm">
        <dt className="font-semibold">Title</dt>
        <dd className="[overflow-wrap:anywhere]">{doc.title}</dd>
        <dt className="font-semibold">From / to</dt>
        <dd className="[overflow-wrap:anywhere]">{doc.counterparty ?? "—"}</dd>
        <dt className="font-semibold">Department</dt>
        <dd>{OFFICE_DEPARTMENT_LABEL[doc.department as OfficeDepartment] ?? doc.department}</dd>
        <dt className="font-semibold">Status</dt>
        <dd data-testid="status">{DOCUMENT_STATUS_LABEL[status] ?? status}</dd>
        <dt className="font-semibold">Assignee</dt>
        <dd>{assignee}</dd>
        <dt className="font-semibold">Registered</dt>
        <dd className="tabular-nums">{utcMinute(doc.createdAt)} UTC</dd>
      </dl>

      {d.canAct && status !== "closed" && (
        <Section id="steps" className={SECTION} title="Next step">
          <form method="post" className="mt-2 flex flex-wrap items-end gap-2">
            <CsrfInput token={d.csrf} />
            <input type="hidden" name="baseVersion" value={doc.version} />
            <input type="hidden" name="step" value="assign" />
            <label className="flex flex-col text-sm font-semibold">
              Assign to
              <select
                name="assigneeId"
                defaultValue={doc.assigneeId ?? ""}
                className="mt-1 rounded border border-slate-400 p-2"
              >
                <Options none="Choose a person" items={d.staff} value={(s) => s.id} text={(s) => s.name} />
              </select>
            </label>
            <button type="submit" className={BUTTON}>
              {doc.assigneeId ? "Reassign" : "Assign"}
            </button>
          </form>
          {d.isAssignee && (STEP_RULES.start.from.includes(status) || STEP_RULES.close.from.includes(status)) && (
            <form method="post" className="mt-3">
              <CsrfInput token={d.csrf} />
              <input type="hidden" name="baseVersion" value={doc.version} />
              <input type="hidden" name="step" value={status === "assigned" ? "start" : "close"} />
              <button type="submit" className={BUTTON}>
                {status === "assigned" ? "Start work" : "Close"}
              </button>
            </form>
          )}
        </Section>
      )}

      <Section id="files" className={SECTION} title="Files" testId="files">
        {d.files.length === 0 ? (
          <p className="text-sm text-slate-600">No files attached.</p>
        ) : (
          <ul className="mt-1 text-sm">
            {d.files.map((f) => (
              <li key={f.id} className="[overflow-wrap:anywhere]">
                <a href={`/api/office/documents/${doc.id}/files/${f.id}`} className={LINK}>
                  {f.fileName}
                </a>{" "}
                ({Math.max(1, Math.round(f.sizeBytes / 1024))} KB)
              </li>
            ))}
          </ul>
        )}
        {d.canAct && (
          <form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-2">
            <CsrfInput token={d.csrf} />
            <input type="hidden" name="intent" value="attach" />
            <label className="flex min-w-0 flex-col text-sm font-semibold">
              Attach a PDF, JPEG or PNG (at most 5 MB)
              <input
                type="file"
                name="attachment"
                accept="application/pdf,image/jpeg,image/png"
                className="mt-1 max-w-full text-sm"
              />
            </label>
            <button type="submit" className={BUTTON}>
              Attach
            </button>
          </form>
        )}
      </Section>
      <p className="mt-6 text-sm text-slate-600">
        Signed in as <span className="font-mono">{d.user.loginId}</span>.
      </p>
    </DashboardFrame>
  );
}

/** 403 → the guard's page; 404 → not in the reader's queue. */
export function ErrorBoundary() {
  const error = useRouteError();
  const denied = dashboardAccessDenied(error);
  if (denied) return denied;
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 403)) {
    return (
      <main className="mx-auto max-w-xl p-6">
        <h1 className="text-xl font-bold">Document not found</h1>
        <p className="mt-2">{(error.data as { message?: string })?.message}</p>
        <p className="mt-4">
          <Link to="/office-administration-portal" className={LINK}>
            Back to the register
          </Link>
        </p>
      </main>
    );
  }
  throw error;
}
