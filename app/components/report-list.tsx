import { Link } from "react-router";
import { utcMinute } from "#app/lib/dates";
import {
  periodLabel,
  REPORT_KIND_LABEL,
  type ReportKind,
  type ReportParams,
} from "#worker/domain/reports/report-content";

/** A report as lists show it; `scope` is resolved on the server (county, commodity or exporter company). */
export type ReportListItem = {
  id: string;
  kind: ReportKind;
  params: ReportParams;
  scope: string;
  status: "queued" | "building" | "ready" | "failed";
  progress: number;
  createdAt: string;
  pdfUrl: string | null;
};

const STATUS_LABEL: Record<ReportListItem["status"], string> = {
  queued: "waiting to start",
  building: "being built",
  ready: "ready",
  failed: "failed",
};

/** "County report — Nimba County, 1 Jan 2026 – 31 Mar 2026". */
export function reportTitle(r: Pick<ReportListItem, "kind" | "params" | "scope">) {
  return `${REPORT_KIND_LABEL[r.kind]} — ${r.scope}, ${periodLabel(r.params)}`;
}

/**
 * Reports with their status and, when ready, a link that opens the PDF in a new tab. Plain
 * links: works without JavaScript. `pageLinks`: also link each one to its progress on /generate-reports.
 */
export function ReportList({
  reports,
  pageLinks = false,
  empty,
}: {
  reports: ReportListItem[];
  pageLinks?: boolean;
  empty: string;
}) {
  if (!reports.length) return <p className="mt-2 text-sm text-slate-600">{empty}</p>;
  return (
    <ul
      className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm"
      data-testid="report-list"
    >
      {reports.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
          <span>
            {pageLinks ? (
              <Link to={`/generate-reports?report=${r.id}`} className="font-semibold text-green-900 underline">
                {reportTitle(r)}
              </Link>
            ) : (
              <span className="font-semibold">{reportTitle(r)}</span>
            )}
            <span className="block text-xs text-slate-600">
              Requested {utcMinute(r.createdAt)} UTC · {STATUS_LABEL[r.status]}
              {r.status === "building" || r.status === "queued" ? ` (${r.progress} %)` : ""}
            </span>
          </span>
          {r.pdfUrl && (
            <a
              href={r.pdfUrl}
              target="_blank"
              rel="noopener"
              className="rounded border border-green-800 px-3 py-1.5 font-semibold text-green-900 hover:bg-green-50"
            >
              Download PDF<span className="sr-only"> of {reportTitle(r)} (opens in a new tab)</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The oversight dashboard's "Reports" section: ready reports this account may download (the list
 * is filtered on the server) and, for accounts that may generate, a link to /generate-reports.
 */
export function ReportsSection({ reports, canGenerate }: { reports: ReportListItem[]; canGenerate: boolean }) {
  return (
    <section aria-labelledby="reports-title" className="mt-6" data-testid="reports-section">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reports-title" className="text-lg font-bold">
          Reports
        </h2>
        {canGenerate && (
          <Link to="/generate-reports" prefetch="none" className="font-semibold text-green-800 underline">
            Generate a report
          </Link>
        )}
      </div>
      <p className="text-sm text-slate-600">Aggregate figures only — no personal data. PDFs open in a new tab.</p>
      <ReportList reports={reports} empty="No reports are ready yet." />
    </section>
  );
}
