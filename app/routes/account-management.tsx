import { Form } from "react-router";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary } from "#app/components/kit/error-summary";
import { Options } from "#app/components/kit/options";
import { pageMeta } from "#app/components/kit/page-meta";
import { Pagination } from "#app/components/kit/pagination";
import { ROLE_LABEL, type Role } from "#worker/auth/roles";
import { COUNTIES } from "#worker/content/counties";
import { LICENCE_STEPS, type LicenceStep } from "#worker/domain/licensing";
import { adminReply, BUTTON, CreateAccountForm, INPUT } from "../components/admin/create-account-form";
import { WorkShell } from "../components/work-shell";
import type { Route } from "./+types/account-management";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./account-management.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.title ?? "Account management");
}

const STATUS_LABEL: Record<string, string> = {
  draft: "Draft application",
  submitted: "Submitted",
  reviewed: "Reviewed by the office",
  recommended: "Recommended by DDGOTS",
  approved: "Approved by the DG",
  issued: "Issued",
  suspended: "Suspended",
  revoked: "Revoked",
};
const SMALL = "min-h-11 rounded border border-green-800 px-2 py-1 text-sm font-semibold text-green-800";
const DANGER = "min-h-11 rounded border border-red-700 px-2 py-1 text-sm font-semibold text-red-700";

export default function AccountManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { user, kind, title, path, list, q, roles, mayCreate, mayAssign, mayApply, done } = loaderData;
  const reply = adminReply(actionData);
  const pageCount = Math.max(1, Math.ceil(list.total / list.pageSize));
  const href = (page: number) => `${path}?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`;
  const hidden = (intent: string, target: string) => (
    <>
      <CsrfInput token={user.csrf} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="target" value={target} />
    </>
  );
  const rowReply = (target: string) =>
    reply && reply.intent !== "create" && reply.target === target ? reply : undefined;
  return (
    <WorkShell title={title} user={user}>
      {done && (
        <p role="status" className="mb-3 rounded border border-green-700 bg-green-50 p-2 font-semibold text-green-900">
          {done}
        </p>
      )}
      {reply && reply.intent !== "create" && !reply.target && reply.message && (
        <ErrorSummary items={[{ message: reply.message }]} />
      )}
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2 rounded-lg bg-white p-3 shadow-sm">
        <label className="block min-w-0 flex-1 text-sm font-semibold">
          Search
          <input name="q" defaultValue={q} className={INPUT} placeholder="Login ID, name or company" />
        </label>
        <button type="submit" className={BUTTON}>
          Search
        </button>
      </Form>
      <p className="mt-3 text-sm" data-testid="account-count">
        {list.total} {kind === "inspector" ? "inspectors" : kind === "buyer" ? "buyers" : "exporters"}
      </p>
      <ul className="mt-2 space-y-3" data-testid="accounts">
        {list.items.map((a) => {
          const mine = rowReply(a.id) ?? (a.licence ? rowReply(a.licence.id) : undefined);
          const name = `${a.firstName} ${a.lastName}`.trim();
          return (
            <li key={a.id} className="rounded-lg bg-white p-3 shadow-sm" data-testid="account-row">
              <p className="font-semibold [overflow-wrap:anywhere]">
                <span className="font-mono">{a.loginId}</span> · {a.companyName ?? (name || "—")}
              </p>
              <p className="text-sm text-slate-700">
                {ROLE_LABEL[a.role as Role] ?? a.role} ·{" "}
                <span className={a.active ? "" : "font-semibold text-red-700"} data-testid="account-state">
                  {a.active ? "Active" : "Suspended (deactivated)"}
                </span>
                {kind === "inspector" && (
                  <>
                    {" "}
                    · County: <span data-testid="account-county">{a.county ?? "all (none assigned)"}</span>
                  </>
                )}
              </p>
              {kind !== "inspector" && (
                <p className="text-sm" data-testid="licence">
                  Licence:{" "}
                  {a.licence ? (
                    <>
                      <span className="font-semibold">{STATUS_LABEL[a.licence.status] ?? a.licence.status}</span>
                      {a.licence.number ? ` · ${a.licence.number}` : ""}
                      {a.licence.validUntil ? ` · valid until ${a.licence.validUntil}` : ""}
                      {a.licence.statusReason && ["suspended", "revoked"].includes(a.licence.status)
                        ? ` · reason: ${a.licence.statusReason}`
                        : ""}
                    </>
                  ) : (
                    "none"
                  )}
                </p>
              )}
              {mine && !mine.done && (
                <ErrorSummary
                  items={[
                    ...(mine.message ? [{ message: mine.message }] : []),
                    ...Object.values(mine.errors)
                      .flat()
                      .map((message) => ({ message })),
                  ]}
                />
              )}
              <div className="mt-2 flex flex-wrap items-end gap-2">
                {a.mayManage && (
                  <Form method="post">
                    {hidden(a.active ? "deactivate" : "reactivate", a.id)}
                    <button type="submit" className={a.active ? DANGER : SMALL}>
                      {a.active ? "Suspend account" : "Reactivate account"}
                    </button>
                  </Form>
                )}
                {mayAssign && (
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    {hidden("county", a.id)}
                    <label className="text-sm font-semibold">
                      County
                      <select name="county" defaultValue={a.county ?? ""} className={INPUT}>
                        <Options none="Choose" items={COUNTIES} />
                      </select>
                    </label>
                    <button type="submit" className={SMALL}>
                      Assign
                    </button>
                  </Form>
                )}
                {mayApply && (!a.licence || a.licence.status === "revoked") && (
                  <Form method="post">
                    {hidden("apply", a.id)}
                    <input type="hidden" name="type" value={kind} />
                    <input type="hidden" name="companyName" value={a.companyName ?? (name || a.loginId)} />
                    <button type="submit" className={SMALL}>
                      Open a licence application
                    </button>
                  </Form>
                )}
                {a.licence &&
                  (a.steps as LicenceStep[]).map((step) => {
                    const def = LICENCE_STEPS[step];
                    const needsReason = "reason" in def && def.reason;
                    return (
                      <Form key={step} method="post" className="flex flex-wrap items-end gap-2">
                        {hidden(step, a.licence!.id)}
                        {needsReason && (
                          <label className="text-sm font-semibold">
                            Reason for “{def.verb}”
                            <input
                              name="reason"
                              defaultValue={mine?.intent === step ? (mine.values.reason ?? "") : ""}
                              className={INPUT}
                            />
                          </label>
                        )}
                        <button type="submit" className={["suspend", "revoke"].includes(step) ? DANGER : SMALL}>
                          {def.verb[0]!.toUpperCase() + def.verb.slice(1)} licence
                        </button>
                      </Form>
                    );
                  })}
              </div>
            </li>
          );
        })}
      </ul>
      {list.items.length === 0 && <p className="mt-2">No account matches.</p>}
      <Pagination page={list.page} pageCount={pageCount} href={href} numbered />
      {mayCreate && (
        <CreateAccountForm
          csrf={user.csrf}
          roles={roles as Role[]}
          reply={reply}
          heading={`Register ${kind === "inspector" ? "an inspector" : kind === "buyer" ? "a buyer" : "an exporter"}`}
        />
      )}
    </WorkShell>
  );
}
