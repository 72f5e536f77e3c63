import { env, waitUntil } from "cloudflare:workers";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { findExporter, getReport, listExporters } from "#db/queries/reports";
import { mayGenerateReport, maySeeReport, reportKindsFor, reportRefusal } from "#worker/auth/report-access";
import { HOME_DASHBOARD } from "#worker/auth/roles";
import {
  datedRequest,
  defaultPeriod,
  periodVisibleTo,
  REPORT_MESSAGES,
  ReportRequestSchema,
} from "#worker/contracts/reports";
import type { ReportParams } from "#worker/domain/reports/report-content";
import { buildReport, requestReport } from "#worker/services/reports/build-report";
import { PRIVATE_PAGE_HEADERS, requireRole, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { overQuota } from "../lib/quota.server";
import { reportItems, reportViewer, visibleReports } from "../lib/reports.server";
import { notFound, shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/generate-reports";

export const REPORTS_TITLE = "Generate reports";

/** A request whose build has not moved for this long is resumed when its page is opened. */
const RESUME_AFTER_MS = 10_000;

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireRole(request, "generateReports", REPORTS_TITLE);
  const { db } = pageDeps();
  const viewer = await reportViewer(session, db);
  const kinds = reportKindsFor(viewer);
  const reportId = new URL(request.url).searchParams.get("report");
  let current = null;
  if (reportId) {
    const row = await getReport(db, reportId);
    if (!row) notFound("No report with this ID", { href: "/generate-reports", label: "Back to reports" });
    if (
      !maySeeReport(viewer, row.kind) ||
      !periodVisibleTo(viewer, JSON.parse(row.params) as ReportParams, row.createdAt)
    ) {
      throw data(
        { forbidden: true as const, title: "this report", role: session.role, home: HOME_DASHBOARD[session.role] },
        { status: 403, headers: PRIVATE_PAGE_HEADERS },
      );
    }
    // Opening the page keeps a stalled build moving (the cron handler does the same).
    if (
      (row.status === "queued" || row.status === "building") &&
      Date.now() - Date.parse(row.updatedAt) > RESUME_AFTER_MS
    ) {
      waitUntil(buildReport(row.id, { db, files: env.CERTS }));
    }
    [current] = await reportItems(db, [row]);
  }
  const [recent, exporters] = await Promise.all([
    visibleReports(db, viewer),
    kinds.includes("exporter") ? listExporters(db) : Promise.resolve([]),
  ]);
  return data(
    {
      user: await shellUser(session),
      kinds: [...kinds],
      exporters: exporters.map((e) => ({ id: e.id, name: e.companyName?.trim() || e.loginId })),
      defaults: defaultPeriod(),
      // Oversight observers choose a fixed period, never a day-level range (contracts/reports.ts).
      fixedPeriods: session.role === "monitoring_observer",
      current: current ?? null,
      recent,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireRole(request, "generateReports", REPORTS_TITLE);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ReportRequestSchema });
  if (!(await verifyCsrf(session, formData))) {
    return data(
      { result: submission.reply({ formErrors: [REPORT_MESSAGES.csrf] }) },
      { status: 403, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400, headers: PRIVATE_PAGE_HEADERS });
  }
  const { db } = pageDeps();
  const viewer = await reportViewer(session, db);
  if (!mayGenerateReport(viewer, submission.value.kind)) {
    const kind = submission.value.kind;
    return data(
      { result: submission.reply({ fieldErrors: { kind: [reportRefusal(viewer, kind)] } }) },
      { status: 403, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  const dated = datedRequest(submission.value, viewer, new Date());
  if (!dated.ok) {
    return data(
      { result: submission.reply({ fieldErrors: { period: [dated.message] } }) },
      { status: 400, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  const input = dated.value;
  if (input.exporterId && !(await findExporter(db, input.exporterId))) {
    return data(
      { result: submission.reply({ fieldErrors: { exporterId: [REPORT_MESSAGES.exporterId] } }) },
      { status: 400, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  const limited = await overQuota(session, "report");
  if (limited) {
    return data(
      { result: submission.reply({ formErrors: [limited.message] }) },
      { status: 429, headers: limited.headers },
    );
  }
  const { report } = await requestReport(input, pageDeps(session));
  waitUntil(buildReport(report.id, { db, files: env.CERTS }));
  return redirect(`/generate-reports?report=${report.id}`);
}
