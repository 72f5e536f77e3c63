/**
 * Reports for the pages: who is asking (`reportViewer`, shared with /api/reports), and
 * the reports that person may see, as list items. The same rules as /api/reports.
 */
import type { Database } from "#db/client";
import { exporterNames, type ReportRow } from "#db/queries/reports";
import type { ReportViewer } from "#worker/auth/report-access";
import { reportView } from "#worker/services/reports/build-report";
import { visibleReportRows } from "#worker/services/reports/read-reports";
import type { ReportListItem } from "../components/report-list";

export { reportViewer } from "#worker/services/reports/build-report";

/** List items with their scope in words (exporter companies looked up in one query). */
export async function reportItems(db: Database, rows: ReportRow[]): Promise<ReportListItem[]> {
  const views = rows.map(reportView);
  const names = await exporterNames(db, [
    ...new Set(views.flatMap((v) => (v.params.exporterId ? [v.params.exporterId] : []))),
  ]);
  return views.map((v) => ({
    id: v.id,
    kind: v.kind,
    params: v.params,
    scope:
      v.kind === "national"
        ? "Liberia"
        : v.kind === "exporter"
          ? v.params.exporterId
            ? (names.get(v.params.exporterId) ?? "Unknown exporter")
            : "All licensed exporters"
          : (v.params.county ?? v.params.commodity ?? ""),
    status: v.status,
    progress: v.progress,
    createdAt: v.createdAt,
    pdfUrl: v.pdfUrl,
  }));
}

/**
 * Recent reports `viewer` may see: every kind allowed to them; observers see ready reports and
 * their own requests (`readyOnly`: ready reports only, for the dashboard).
 */
export async function visibleReports(
  db: Database,
  viewer: ReportViewer & { id: string },
  opts: { readyOnly?: boolean; limit?: number } = {},
) {
  const rows = await visibleReportRows(viewer, { readyOnly: opts.readyOnly, limit: opts.limit ?? 15 }, { db });
  return reportItems(db, rows);
}
