import { type Context, Hono } from "hono";
import { findExporter, getReport, recentReports } from "#db/queries/reports";
import { can, PERMISSIONS } from "../auth/permissions";
import { mayGenerateReport, maySeeReport, reportKindsFor, reportRefusal } from "../auth/report-access";
import { fieldErrors } from "../contracts/auth";
import { REPORT_MESSAGES, ReportRequestSchema } from "../contracts/reports";
import { type ReportKind, type ReportParams, reportFileName } from "../domain/reports/report-content";
import {
  type BuildReportDeps,
  buildReport,
  reportView,
  reportViewer,
  requestReport,
} from "../services/reports/build-report";
import { apiError } from "./errors";
import { type ApiEnv, jsonBody, requireApiRole } from "./middleware";

const viewerOf = (c: Context<ApiEnv>) => reportViewer(c.get("session"), c.get("db"));

const buildDeps = (c: Context<ApiEnv>): BuildReportDeps => ({ db: c.get("db"), files: c.env.CERTS });

/** The report of `:id` if it exists and the viewer may see its kind; otherwise the 404/403 response. */
async function visibleReport(c: Context<ApiEnv>) {
  const report = await getReport(c.get("db"), c.req.param("id") ?? "");
  if (!report) return { ok: false as const, response: apiError(c, 404, "No report with this ID") };
  const viewer = await viewerOf(c);
  if (!maySeeReport(viewer, report.kind))
    return { ok: false as const, response: apiError(c, 403, reportRefusal(viewer, report.kind)) };
  return { ok: true as const, report };
}

/**
 * /api/reports (issue #5): aggregate PDF reports for regulators and oversight observers.
 * Every route checks on the server the role (downloadReports / generateReports) and, per report,
 * the kind the account may see (worker/auth/report-access.ts: donors and NGOs get no
 * by-exporter reports). A request answers 202 at once; the PDF is built in the background.
 */
export const reportsApi = new Hono<ApiEnv>()
  .use(requireApiRole(...PERMISSIONS.downloadReports))
  .post("/", async (c) => {
    const session = c.get("session");
    if (!can(session.role, "generateReports"))
      return apiError(c, 403, "You do not have permission to generate reports");
    const read = await jsonBody(c);
    if (!read.ok) return read.response;
    const parsed = ReportRequestSchema.safeParse(read.body ?? {});
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return apiError(c, 400, Object.values(errors)[0]![0]!, errors);
    }
    const input = parsed.data;
    const viewer = await viewerOf(c);
    if (!mayGenerateReport(viewer, input.kind)) return apiError(c, 403, reportRefusal(viewer, input.kind));
    if (input.exporterId && !(await findExporter(c.get("db"), input.exporterId))) {
      return apiError(c, 400, REPORT_MESSAGES.exporterId, { exporterId: [REPORT_MESSAGES.exporterId] });
    }
    const { report, joined } = await requestReport(input, {
      db: c.get("db"),
      actor: { id: session.id, role: session.role },
    });
    // The build outlives the response; if this isolate stops, a refresh or the cron handler resumes it.
    c.executionCtx.waitUntil(buildReport(report.id, buildDeps(c)));
    return c.json({ success: true, joined, report: reportView(report) }, 202);
  })
  .get("/", async (c) => {
    const viewer = await viewerOf(c);
    const rows = await recentReports(c.get("db"), {
      kinds: reportKindsFor(viewer),
      // Observers see ready reports and their own requests; regulator staff see every request.
      readyOrOwnedBy: viewer.role === "monitoring_observer" ? viewer.id : undefined,
      limit: 30,
    });
    c.header("Cache-Control", "private, no-store");
    return c.json({ success: true, reports: rows.map(reportView) });
  })
  .get("/:id", async (c) => {
    const found = await visibleReport(c);
    if (!found.ok) return found.response;
    c.header("Cache-Control", "private, no-store");
    return c.json({ success: true, report: reportView(found.report) });
  })
  .get("/:id/pdf", async (c) => {
    const found = await visibleReport(c);
    if (!found.ok) return found.response;
    const { report } = found;
    if (report.status !== "ready" || !report.r2Key || !report.dataHash) {
      return report.status === "failed"
        ? apiError(c, 409, report.error ?? "The report could not be built. Please request it again.")
        : apiError(c, 409, `The report is not ready yet (${report.progress} %). Try again in a moment.`);
    }
    const etag = `"${report.dataHash}"`;
    const headers = {
      ETag: etag,
      // Revalidate every time: the access check above runs on each request, the bytes come from the browser cache.
      "Cache-Control": "private, no-cache",
    };
    const match = c.req.header("If-None-Match");
    if (match?.split(",").some((t) => t.trim().replace(/^W\//, "") === etag)) return c.body(null, 304, headers);
    const object = await c.env.CERTS.get(report.r2Key);
    if (!object) return apiError(c, 410, "The report's PDF is no longer stored. Please request the report again.");
    const fileName = reportFileName(report.kind as ReportKind, JSON.parse(report.params) as ReportParams);
    return c.body(object.body, 200, {
      ...headers,
      "Content-Type": "application/pdf",
      "Content-Length": String(object.size),
      "Content-Disposition": `inline; filename="${fileName}"`,
    });
  });
