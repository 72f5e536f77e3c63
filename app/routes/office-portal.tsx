import { Link } from "react-router";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { DataTable } from "#app/components/kit/data-table";
import { ErrorSummary, summaryItems } from "#app/components/kit/error-summary";
import { FormField } from "#app/components/kit/form-field";
import { pageMeta } from "#app/components/kit/page-meta";
import { Pagination } from "#app/components/kit/pagination";
import { Section } from "#app/components/kit/section";
import { Notices } from "#app/components/notices";
import { firstMessage, replyFor, type SubmissionResult } from "#app/lib/light-form";
import { can } from "#worker/auth/permissions";
import { LICENCE_TYPE_LABEL, type LicenceType } from "#worker/domain/licensing";
import {
  DOCUMENT_KIND_LABEL,
  DOCUMENT_KINDS,
  DOCUMENT_STATUS_LABEL,
  DOCUMENT_STATUSES,
  type DocumentKind,
  type DocumentStatus,
  OFFICE_DEPARTMENT_LABEL,
  type OfficeDepartment,
} from "#worker/domain/office";
import { DashboardFrame, SECTION } from "../components/dashboards/dashboard-frame";
import type { Route } from "./+types/office-portal";

export { PortalErrorBoundary as ErrorBoundary } from "#app/components/inspection/dashboard-error";
export { action, loader } from "./office-portal.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.title ?? "Office Administration Portal");
}

const LINK = "font-semibold text-green-800 underline";
const BUTTON = "rounded bg-green-800 px-3 py-2 font-bold text-white hover:bg-green-900";
const INPUT = "mt-1 block w-full rounded border border-slate-400 p-2";
const short = (iso: string) => iso.slice(0, 16).replace("T", " ");

export default function OfficePortal({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const licenceReply = replyFor(actionData, "review") ?? replyFor(actionData, "issue");
  const reply = licenceReply ? undefined : actionData?.reply;
  const query = (over: Record<string, string | number | null>) => {
    const p = new URLSearchParams();
    const all = { department: d.filter.department, status: d.filter.status, ...over };
    for (const [k, v] of Object.entries(all)) if (v !== null && v !== undefined) p.set(k, String(v));
    const s = p.toString();
    return `${d.path}${s ? `?${s}` : ""}`;
  };
  return (
    <DashboardFrame
      title={d.title}
      heading={`Welcome, ${d.user.name}`}
      role={d.roleLabel}
      csrf={d.csrf}
      account={d.user.loginId}
    >
      {d.access === "read-only" ? (
        <p className="mb-4 rounded-md bg-blue-50 p-3 text-sm text-blue-900" data-testid="read-only">
          Read-only oversight view: as {d.roleLabel} you can see the office's register and queues but not change them.
        </p>
      ) : (
        !d.canAct && (
          <p className="mb-4 rounded-md bg-blue-50 p-3 text-sm text-blue-900" data-testid="read-only">
            You see the office's register and queues; the office administrators register and move documents.
          </p>
        )
      )}
      {d.ownDepartment && (
        <p className="mb-2 text-sm text-slate-700">
          Your department: <strong>{OFFICE_DEPARTMENT_LABEL[d.ownDepartment as OfficeDepartment]}</strong>
        </p>
      )}

      <section aria-labelledby="queues" data-testid="queues">
        <h2 id="queues" className="text-lg font-bold">
          Work queues
        </h2>
        <DataTable
          label="Documents per department and status"
          testId="queues-table"
          dense
          stack
          rows={d.queues}
          rowKey={(r) => r.department}
          columns={[
            {
              header: "Department",
              cell: (r) => (
                <Link to={query({ department: r.department, status: null, page: null })} className={LINK}>
                  {OFFICE_DEPARTMENT_LABEL[r.department as OfficeDepartment]}
                </Link>
              ),
            },
            ...DOCUMENT_STATUSES.map((s) => ({
              header: DOCUMENT_STATUS_LABEL[s],
              cell: (r: (typeof d.queues)[number]) => r.byStatus[s],
              className: "text-right tabular-nums",
            })),
          ]}
        />
      </section>

      <section aria-labelledby="register-title" id="register" className={SECTION} data-testid="register">
        <h2 id="register-title" className="text-lg font-bold">
          Document register
          {d.filter.department ? ` — ${OFFICE_DEPARTMENT_LABEL[d.filter.department as OfficeDepartment]}` : ""}
        </h2>
        {d.flash.registered && (
          <p className="mt-2 rounded bg-green-50 p-2 text-sm text-green-900" role="status" data-testid="registered">
            Registered as {d.flash.registered}.
          </p>
        )}
        <nav aria-label="Status" className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
          <Link
            to={query({ status: null, page: null })}
            className={LINK}
            aria-current={!d.filter.status ? "page" : undefined}
          >
            All
          </Link>
          {DOCUMENT_STATUSES.map((s) => (
            <Link
              key={s}
              to={query({ status: s, page: null })}
              className={LINK}
              aria-current={d.filter.status === s ? "page" : undefined}
            >
              {DOCUMENT_STATUS_LABEL[s]}
            </Link>
          ))}
        </nav>
        {d.register && (
          <>
            {d.register.items.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">No documents match.</p>
            ) : (
              // A list of cards, not a table: a title stays readable on a 360 px phone.
              <ul className="mt-2 divide-y border-y" data-testid="register-table">
                {d.register.items.map((r) => (
                  <li key={r.id} className="py-2 text-sm">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                      <Link to={`${d.path}/documents/${r.id}`} className={`${LINK} font-mono`}>
                        {r.reference}
                      </Link>
                      <span className="rounded bg-slate-100 px-2 text-xs font-semibold">
                        {DOCUMENT_STATUS_LABEL[r.status as DocumentStatus] ?? r.status}
                      </span>
                    </div>
                    <p className="font-semibold [overflow-wrap:anywhere]">{r.title}</p>
                    <p className="text-slate-600">
                      {DOCUMENT_KIND_LABEL[r.kind as DocumentKind] ?? r.kind}
                      {r.counterparty ? ` · ${r.counterparty}` : ""} · {r.assigneeName || "not assigned"} · updated{" "}
                      <span className="tabular-nums">{short(r.updatedAt)}</span>
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <Pagination
              page={d.register.page}
              pageCount={d.register.pageCount}
              href={(page) => query({ page })}
              status={`Page ${d.register.page} of ${d.register.pageCount} (${d.register.total} documents)`}
            />
          </>
        )}
      </section>

      {d.canAct && <RegisterForm csrf={d.csrf} reply={reply} />}

      <LicenceQueue d={d} error={firstMessage(licenceReply) ?? null} />

      <Notices {...d.notices} />
      <p className="mt-6 text-sm text-slate-600">
        Signed in as <span className="font-mono">{d.user.loginId}</span> ({d.roleLabel}).{" "}
        {can(d.user.role, "sendMessages") && (
          <Link to="/messages" className={LINK}>
            Messages
          </Link>
        )}
      </p>
    </DashboardFrame>
  );
}

function RegisterForm({ csrf, reply }: { csrf: string; reply: SubmissionResult | undefined }) {
  const v = (reply?.initialValue ?? {}) as Record<string, string | undefined>;
  const e = (reply?.error ?? {}) as Record<string, string[] | undefined>;
  const fields = [
    { id: "kind", errors: e.kind },
    { id: "title", errors: e.title },
    { id: "counterparty", errors: e.counterparty },
  ];
  return (
    <Section id="new-document" className={SECTION} title="Register a document">
      <ErrorSummary items={summaryItems(reply?.error?.[""] ?? [], fields)} />
      <form method="post" className="mt-2 grid gap-3 sm:grid-cols-2" noValidate>
        <CsrfInput token={csrf} />
        <input type="hidden" name="intent" value="register" />
        <FormField field={fields[0]!} label="Kind">
          <select
            id="kind"
            name="kind"
            defaultValue={v.kind ?? ""}
            className={INPUT}
            aria-invalid={!!e.kind || undefined}
          >
            <option value="">Choose the kind</option>
            {DOCUMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {DOCUMENT_KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField field={fields[1]!} label="Title">
          <input
            id="title"
            name="title"
            defaultValue={v.title ?? ""}
            className={INPUT}
            aria-invalid={!!e.title || undefined}
          />
        </FormField>
        <FormField field={fields[2]!} label="From or to (optional)" className="sm:col-span-2">
          <input
            id="counterparty"
            name="counterparty"
            defaultValue={v.counterparty ?? ""}
            className={INPUT}
            aria-invalid={!!e.counterparty || undefined}
          />
        </FormField>
        <div>
          <button type="submit" className={BUTTON}>
            Register
          </button>
        </div>
      </form>
    </Section>
  );
}

type Data = Route.ComponentProps["loaderData"];

function LicenceQueue({ d, error }: { d: Data; error: string | null }) {
  const rows = [...d.licences.submitted, ...d.licences.approved];
  return (
    <section aria-labelledby="licences-title" id="licences" className={SECTION} data-testid="licence-queue">
      <h2 id="licences-title" className="text-lg font-bold">
        Licence applications for the office
      </h2>
      <p className="text-sm text-slate-600">
        Submitted applications wait for the office's review ({d.licences.submittedTotal}); applications the Director
        General approved wait to be issued ({d.licences.approvedTotal}).
      </p>
      {d.flash.licence && (
        <p className="mt-2 rounded bg-green-50 p-2 text-sm text-green-900" role="status">
          {d.flash.licence}
        </p>
      )}
      {error && (
        <p className="mt-2 rounded bg-red-50 p-2 text-sm font-semibold text-red-800" role="alert">
          {error}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nothing waits for the office.</p>
      ) : (
        <ul className="mt-2 divide-y">
          {rows.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="[overflow-wrap:anywhere]">
                <strong>{l.companyName}</strong> — {LICENCE_TYPE_LABEL[l.type as LicenceType] ?? l.type}
                {l.county ? `, ${l.county}` : ""} · {l.status === "submitted" ? "submitted" : "approved by the DG"}
              </span>
              {((l.status === "submitted" && d.canReview) || (l.status === "approved" && d.canIssue)) && (
                <form method="post">
                  <CsrfInput token={d.csrf} />
                  <input type="hidden" name="licenceId" value={l.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={l.status === "submitted" ? "review" : "issue"}
                    className={BUTTON}
                  >
                    {l.status === "submitted" ? "Mark reviewed" : "Issue licence"}
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
