/**
 * Which reports a person may see (worker/auth/report-access.ts): the kinds allowed to them, and
 * for oversight observers only fixed periods (worker/contracts/reports.ts) and ready reports or
 * their own requests. The same rules for /api/reports and the pages.
 */
import type { Database } from "#db/client";
import { findExporter, getReport, type ReportRow, recentReports } from "#db/queries/reports";
import { maySeeReport, type ReportViewer, reportKindsFor, reportRefusal } from "#worker/auth/report-access";
import { periodVisibleTo, REPORT_MESSAGES } from "#worker/contracts/reports";
import type { ReportKind, ReportParams } from "#worker/domain/reports/report-content";
import type { AuditActor } from "../deps";
import { fail, ok, type Result } from "../result";
import { requestReport } from "./build-report";

type Viewer = ReportViewer & { id: string };

/** Recent reports `viewer` may see, newest first (`readyOnly`: ready reports only). */
export async function visibleReportRows(
  viewer: Viewer,
  opts: { readyOnly?: boolean; limit: number },
  deps: { db: Database },
): Promise<ReportRow[]> {
  const rows = await recentReports(deps.db, {
    kinds: reportKindsFor(viewer),
    // Observers see ready reports and their own requests; regulator staff see every request.
    readyOrOwnedBy: viewer.role === "monitoring_observer" ? viewer.id : undefined,
    status: opts.readyOnly ? "ready" : undefined,
    limit: opts.limit,
  });
  // Observers: fixed periods only, also among the reports regulator staff requested.
  return rows.filter((r) => periodVisibleTo(viewer, JSON.parse(r.params) as ReportParams, r.createdAt));
}

/** One report, if it exists and `viewer` may see its kind and period. */
export async function visibleReport(id: string, viewer: Viewer, deps: { db: Database }): Promise<Result<ReportRow>> {
  const report = await getReport(deps.db, id);
  if (!report) return fail(404, "No report with this ID");
  if (!maySeeReport(viewer, report.kind)) return fail(403, reportRefusal(viewer, report.kind));
  // A staff member's custom range is not an observer's to subtract from another (contracts/reports.ts).
  if (!periodVisibleTo(viewer, JSON.parse(report.params) as ReportParams, report.createdAt))
    return fail(403, REPORT_MESSAGES.observerRange);
  return ok(report);
}

/** A report request whose exporter, when one is named, is a registered exporter (./build-report.ts `requestReport`). */
export async function requestReportOf(
  input: { kind: ReportKind } & ReportParams,
  deps: { db: Database; actor: AuditActor; now?: () => Date },
): Promise<Result<{ report: ReportRow; joined: boolean }>> {
  if (input.exporterId && !(await findExporter(deps.db, input.exporterId)))
    return fail(400, REPORT_MESSAGES.exporterId, { exporterId: [REPORT_MESSAGES.exporterId] });
  return ok(await requestReport(input, deps));
}
