import { Form } from "react-router";
import { ErrorSummary } from "#app/components/kit/error-summary";
import { Options } from "#app/components/kit/options";
import { pageMeta } from "#app/components/kit/page-meta";
import { Pagination } from "#app/components/kit/pagination";
import { ROLE_LABEL, type Role } from "#worker/auth/roles";
import { WorkShell } from "../components/work-shell";
import type { Route } from "./+types/audit-log";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { loader } from "./audit-log.server";

export const meta = () => pageMeta("Audit trail");

/** The filter's text and date inputs: name, label, type (ids "audit-<name>" are the error summary's links). */
const AUDIT_INPUTS = [
  ["entityId", "Record ID", "text"],
  ["actorId", "User ID", "text"],
  ["from", "From", "date"],
  ["to", "To", "date"],
] as const;

/** What changed, compactly: the fields whose values differ between before and after. */
function changes(before: string | null, after: string | null): string {
  const b = before ? (JSON.parse(before) as Record<string, unknown>) : {};
  const a = after ? (JSON.parse(after) as Record<string, unknown>) : {};
  if (!before && after)
    return `created: ${Object.keys(a).slice(0, 6).join(", ")}${Object.keys(a).length > 6 ? "…" : ""}`;
  if (before && !after) return "removed";
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]),
  );
  return keys.map((k) => `${k}: ${short(b[k])} → ${short(a[k])}`).join("; ") || "no field changes";
}
const short = (v: unknown) => {
  const s = v === undefined || v === null ? "—" : typeof v === "string" ? v : JSON.stringify(v);
  return s.length > 40 ? `${s.slice(0, 39)}…` : s;
};

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { user, entries, types, page, pageSize, total, query, errors } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageLink = (p: number) => `?${new URLSearchParams({ ...query, page: String(p) })}`;
  return (
    <WorkShell title="Audit trail" user={user}>
      <p className="mb-3 text-sm text-slate-700">
        Every change to farmers, land plots, assessments, batches and custody, with who made it, their role, when, and
        the values before and after.
      </p>
      <ErrorSummary items={errors.map((e) => ({ fieldId: `audit-${e.field}`, message: e.message }))} />
      <Form
        method="get"
        className="mb-4 grid grid-cols-2 gap-2 rounded-lg bg-white p-3 text-sm shadow-sm sm:grid-cols-6"
      >
        <label className="flex flex-col">
          Record type
          <select
            id="audit-entityType"
            name="entityType"
            defaultValue={query.entityType ?? ""}
            className="min-h-11 rounded border p-1.5"
          >
            <Options none="All" items={types} />
          </select>
        </label>
        {AUDIT_INPUTS.map(([name, label, type]) => (
          <label key={name} className="flex flex-col">
            {label}
            <input
              id={`audit-${name}`}
              type={type}
              name={name}
              defaultValue={query[name] ?? ""}
              className="min-h-11 rounded border p-1.5"
            />
          </label>
        ))}
        <button type="submit" className="min-h-11 self-end rounded bg-green-800 px-3 py-2 font-semibold text-white">
          Filter
        </button>
      </Form>
      <p className="mb-2 text-sm text-slate-600" data-testid="audit-total">
        {total} {total === 1 ? "entry" : "entries"}
      </p>
      {entries.length === 0 ? (
        <p className="rounded bg-white p-4 text-slate-700">No audit entries match these filters.</p>
      ) : (
        <ol className="space-y-2">
          {entries.map((e) => (
            <li key={e.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
              <p className="flex flex-wrap justify-between gap-2">
                <span className="font-semibold">
                  {e.action} · {e.entityType} <span className="font-mono">{e.entityId}</span>
                </span>
                <time dateTime={e.createdAt} className="text-slate-600">
                  {e.createdAt.replace("T", " ").slice(0, 19)} UTC
                </time>
              </p>
              <p className="text-slate-700">
                by <span className="font-mono">{e.actorId ?? "system"}</span> (
                {e.actorRole ? (ROLE_LABEL[e.actorRole as Role] ?? e.actorRole) : "system"})
              </p>
              <p className="mt-1 break-words text-slate-800">{changes(e.before, e.after)}</p>
            </li>
          ))}
        </ol>
      )}
      <Pagination
        page={page}
        pageCount={pages}
        href={pageLink}
        prev="← Newer"
        next="Older →"
        status={`Page ${page} of ${pages}`}
        hideEnds
      />
    </WorkShell>
  );
}
