import { type Context, Hono, type MiddlewareHandler } from "hono";
import { findExporter, getReport, recentReports } from "#db/queries/reports";
import { can } from "../auth/permissions";
import { mayGenerateReport, maySeeReport, reportKindsFor, reportRefusal } from "../auth/report-access";
import { datedRequest, periodVisibleTo, REPORT_MESSAGES, ReportRequestSchema } from "../contracts/reports";
import { type ReportKind, type ReportParams, reportFileName } from "../domain/reports/report-content";
import {
  type BuildReportDeps,
  buildReport,
  reportView,
  reportViewer,
  requestReport,
} from "../services/reports/build-report";
import { type ApiEnv, requirePermission, serviceDeps } from "./middleware";
import { quota } from "./quota";
import { apiError, success } from "./reply";
import { describe, tag } from "./route-meta";
import { body } from "./validate";

const viewerOf = (c: Context<ApiEnv>) => reportViewer(c.get("session"), serviceDeps(c).db);

const buildDeps = (c: Context<ApiEnv>): BuildReportDeps => ({ ...serviceDeps(c), files: serviceDeps(c).r2 });

/** The report of `:id` if it exists and the viewer may see its kind; otherwise the 404/403 response. */
async function visibleReport(c: Context<ApiEnv>) {
  const report = await getReport(serviceDeps(c).db, c.req.param("id") ?? "");
  if (!report) return { ok: false as const, response: apiError(c, 404, "No report with this ID") };
  const viewer = await viewerOf(c);
  if (!maySeeReport(viewer, report.kind))
    return { ok: false as const, response: apiError(c, 403, reportRefusal(viewer, report.kind)) };
  // A staff member's custom range is not an observer's to subtract from another (contracts/reports.ts).
  if (!periodVisibleTo(viewer, JSON.parse(report.params) as ReportParams, report.createdAt))
    return { ok: false as const, response: apiError(c, 403, REPORT_MESSAGES.observerRange) };
  return { ok: true as const, report };
}

/** The second guard of POST (with its own message), before the body's own errors. */
const mayGenerate = tag<MiddlewareHandler<ApiEnv>>(
  async (c, next) => {
    if (!can(c.get("session").role, "generateReports"))
      return apiError(c, 403, "You do not have permission to generate reports");
    await next();
  },
  { access: { kind: "permission", permission: "generateReports" } },
);

/**
 * /api/reports: aggregate PDF reports for regulators and oversight observers.
 * Every route checks on the server the role (downloadReports / generateReports) and, per report,
 * the kind the account may see (worker/auth/report-access.ts: donors and NGOs get no
 * by-exporter reports). A request answers 202 at once; the PDF is built in the background.
 */
export const reportsApi = new Hono<ApiEnv>()
  .use(requirePermission("downloadReports"))
  .post(
    "/",
    describe("Request a report: built in the background", {
      202: "The report (joined: an identical request was pending)",
    }),
    mayGenerate,
    body(ReportRequestSchema),
    quota("report"),
    async (c) => {
      const viewer = await viewerOf(c);
      const asked = c.req.valid("json");
      if (!mayGenerateReport(viewer, asked.kind)) return apiError(c, 403, reportRefusal(viewer, asked.kind));
      const dated = datedRequest(asked, viewer, serviceDeps(c).now());
      if (!dated.ok) return apiError(c, 400, dated.message, { period: [dated.message] });
      const input = dated.value;
      if (input.exporterId && !(await findExporter(serviceDeps(c).db, input.exporterId))) {
        return apiError(c, 400, REPORT_MESSAGES.exporterId, { exporterId: [REPORT_MESSAGES.exporterId] });
      }
      const { report, joined } = await requestReport(input, serviceDeps(c));
      // The build outlives the response; if this isolate stops, a refresh or the cron handler resumes it.
      c.executionCtx.waitUntil(buildReport(report.id, buildDeps(c)));
      return success(c, { joined, report: reportView(report) }, 202);
    },
  )
  .get("/", describe("The 30 most recent reports the account may see"), async (c) => {
    const viewer = await viewerOf(c);
    const rows = await recentReports(serviceDeps(c).db, {
      kinds: reportKindsFor(viewer),
      // Observers see ready reports and their own requests; regulator staff see every request.
      readyOrOwnedBy: viewer.role === "monitoring_observer" ? viewer.id : undefined,
      limit: 30,
    });
    c.header("Cache-Control", "private, no-store");
    const visible = rows.filter((r) => periodVisibleTo(viewer, JSON.parse(r.params) as ReportParams, r.createdAt));
    return success(c, { reports: visible.map(reportView) });
  })
  .get("/:id", describe("A report's status"), async (c) => {
    const found = await visibleReport(c);
    if (!found.ok) return found.response;
    c.header("Cache-Control", "private, no-store");
    return success(c, { report: reportView(found.report) });
  })
  .get(
    "/:id/pdf",
    describe("A ready report's PDF", { 200: "application/pdf (304 when the client's copy is current)" }),
    async (c) => {
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
      const object = await serviceDeps(c).r2.get(report.r2Key);
      if (!object) return apiError(c, 410, "The report's PDF is no longer stored. Please request the report again.");
      const fileName = reportFileName(report.kind as ReportKind, JSON.parse(report.params) as ReportParams);
      return c.body(object.body, 200, {
        ...headers,
        "Content-Type": "application/pdf",
        "Content-Length": String(object.size),
        "Content-Disposition": `inline; filename="${fileName}"`,
      });
    },
  );
