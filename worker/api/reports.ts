import { type Context, Hono, type MiddlewareHandler } from "hono";
import { can } from "../auth/permissions";
import { mayGenerateReport, reportRefusal } from "../auth/report-access";
import { datedRequest, ReportRequestSchema } from "../contracts/reports";
import { type ReportKind, type ReportParams, reportFileName } from "../domain/reports/report-content";
import { type BuildReportDeps, buildReport, reportView, reportViewer } from "../services/reports/build-report";
import {
  visibleReport as readVisibleReport,
  requestReportOf,
  visibleReportRows,
} from "../services/reports/read-reports";
import { type ApiEnv, requirePermission, serviceDeps } from "./middleware";
import { quota } from "./quota";
import { apiError, privateFile, reply, success } from "./reply";
import { describe, tag } from "./route-meta";
import { body } from "./validate";

const viewerOf = (c: Context<ApiEnv>) => reportViewer(c.get("session"), serviceDeps(c).db);

const buildDeps = (c: Context<ApiEnv>): BuildReportDeps => ({ ...serviceDeps(c), files: serviceDeps(c).r2 });

/** The report of `:id` if it exists and the viewer may see its kind; otherwise the 404/403 response. */
async function visibleReport(c: Context<ApiEnv>) {
  const found = await readVisibleReport(c.req.param("id") ?? "", await viewerOf(c), serviceDeps(c));
  if (!found.ok) return { ok: false as const, response: reply(c, found) };
  return { ok: true as const, report: found.value };
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
      const requested = await requestReportOf(dated.value, serviceDeps(c));
      if (!requested.ok) return reply(c, requested);
      const { report, joined } = requested.value;
      // The build outlives the response; if this isolate stops, a refresh or the cron handler resumes it.
      c.executionCtx.waitUntil(buildReport(report.id, buildDeps(c)));
      return success(c, { joined, report: reportView(report) }, 202);
    },
  )
  .get("/", describe("The 30 most recent reports the account may see"), async (c) => {
    const viewer = await viewerOf(c);
    const visible = await visibleReportRows(viewer, { limit: 30 }, serviceDeps(c));
    c.header("Cache-Control", "private, no-store");
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
      return privateFile(object.body, "application/pdf", "inline", fileName, {
        ...headers,
        "Content-Length": String(object.size),
      });
    },
  );
