import { CsrfInput } from "#app/components/kit/csrf-input";
import { DataTable } from "#app/components/kit/data-table";
import { ErrorSummary, summaryItems } from "#app/components/kit/error-summary";
import { pageMeta } from "#app/components/kit/page-meta";
import { WorkShell } from "#app/components/work-shell";
import { utcMinute } from "#app/lib/dates";
import type { Route } from "./+types/recheck-jobs";

export { WorkErrorBoundary as ErrorBoundary } from "#app/components/work-shell";
export { action, loader } from "./recheck-jobs.server";

const TITLE = "Re-check of stored plots";
export const meta = () => pageMeta(TITLE);

const STATUS: Record<string, string> = { running: "Running", done: "Done", failed: "Failed" };

/**
 * The administrator's view of the rule-set re-check (ADR 029): the current rule set,
 * how many stored plots wait under an older one, a button that starts (or continues) the job,
 * and each job's progress. Refreshes itself while a job runs; works with JavaScript off.
 */
export default function RecheckJobs({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <WorkShell title={TITLE} user={d.user}>
      {d.active && !actionData && <meta httpEquiv="refresh" content="5" />}
      <p className="text-sm text-slate-700">
        When a plot rule, the risk method or a reference layer changes, every stored plot is checked again under the new
        rule set, and each risk verdict made under an older method or layer is assessed again (a new verdict; the old
        one is kept). A plot that now fails, or whose risk turns high, becomes “needs review”: its batches are held and
        its certificates show “under review” on the public verification page until it is cleared. The farmer, each batch
        holder and the county’s land inspector are told.
      </p>
      {d.notice && (
        <p role="status" className="mt-3 rounded-md bg-green-50 p-3 text-sm font-semibold text-green-900">
          {d.notice}
        </p>
      )}
      <section className="mt-4 rounded-md border border-slate-200 bg-white p-4" aria-labelledby="ruleset-title">
        <h2 id="ruleset-title" className="text-lg font-bold">
          Current rule set
        </h2>
        <p className="mt-1 font-mono text-sm break-all" data-testid="ruleset-version">
          {d.rulesetVersion}
        </p>
        <p className="mt-1 text-sm">
          Risk method: <span className="font-mono">{d.riskMethod}</span>
        </p>
        {d.layers.length > 0 && (
          <>
            <p className="mt-1 text-sm">Reference layers:</p>
            <ul className="mt-1 list-disc pl-5 text-sm" data-testid="risk-layers">
              {d.layers.map((l) => (
                <li key={`${l.kind}:${l.name}`}>
                  <span className="font-mono">{l.kind}</span> {l.version}: {l.name}
                </li>
              ))}
            </ul>
          </>
        )}
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-slate-700">Version as stored with each verdict</summary>
          <p className="mt-1 font-mono break-all" data-testid="risk-version">
            {d.riskVersion}
          </p>
        </details>
        <p className="mt-2 text-sm" data-testid="stale-plots">
          {d.stalePlots === 0
            ? "Every stored plot is checked under this rule set."
            : `${d.stalePlots} stored plot(s) were last checked under an older rule set.`}
        </p>
        <form method="post" className="mt-3">
          <CsrfInput token={d.user.csrf} />
          <ErrorSummary items={summaryItems([actionData?.formError], [])} />
          <button type="submit" className="rounded-md bg-green-800 px-4 py-2.5 font-semibold text-white">
            {d.active ? "Continue the re-check" : "Start the re-check"}
          </button>
        </form>
      </section>
      <section className="mt-4" aria-labelledby="jobs-title">
        <h2 id="jobs-title" className="text-lg font-bold">
          Re-check jobs
        </h2>
        <DataTable
          testId="recheck-jobs"
          stack
          labelledBy="jobs-title"
          rows={d.jobs}
          rowKey={(j) => j.id}
          empty={<p className="mt-2 text-sm text-slate-700">No re-check has run yet.</p>}
          columns={[
            { header: "Started", cell: (j) => utcMinute(j.createdAt) },
            { header: "Status", cell: (j) => STATUS[j.status] ?? j.status },
            {
              header: "Progress",
              cell: (j) => (
                <span>
                  {j.done} of {j.total}{" "}
                  <progress value={j.percent} max={100} aria-label={`Progress ${j.percent}%`}>
                    {j.percent}%
                  </progress>
                </span>
              ),
            },
            { header: "Needs review", cell: (j) => j.flagged },
            { header: "Cleared", cell: (j) => j.cleared },
            { header: "Unchanged", cell: (j) => j.unchanged },
            { header: "Verdicts re-assessed", cell: (j) => j.reassessed },
            { header: "Last error", cell: (j) => j.lastError ?? "—", className: "break-words" },
          ]}
        />
      </section>
    </WorkShell>
  );
}
