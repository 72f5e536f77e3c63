import { data } from "react-router";
import { can } from "#worker/auth/permissions";
import { DASHBOARDS, type DashboardPath, ROLE_LABEL } from "#worker/auth/roles";
import { dashboardMetrics } from "#worker/services/reports/dashboard-metrics";
import { publicAggregates } from "#worker/services/reports/public-aggregates";
import { csrfFor, getSession, PRIVATE_PAGE_HEADERS, publicUser, requireDashboard } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { noticesFor } from "../lib/notices.server";
import { reportViewer, visibleReports } from "../lib/reports.server";
import { routePath } from "../lib/route-path";

export async function loader({ request }: { request: Request }) {
  const path = routePath(request) as DashboardPath;
  const rule = DASHBOARDS[path];
  if (!rule) throw data(null, { status: 404 });

  // The oversight dashboard's accessibility view: no account, aggregate figures only.
  if (rule.publicView && !(await getSession(request))) {
    return data(
      { kind: "public" as const, title: rule.title, aggregates: await publicAggregates(pageDeps().db) },
      { headers: PRIVATE_PAGE_HEADERS },
    );
  }

  const { session, access } = await requireDashboard(request, path);
  // The oversight dashboard lists the ready reports this account may download (filtered here, on the server).
  const reportsFor = async () => {
    if (path !== "/monitoring-dashboard" || !can(session.role, "downloadReports")) return null;
    const { db } = pageDeps();
    return {
      items: await visibleReports(db, await reportViewer(session, db), { readyOnly: true, limit: 10 }),
      canGenerate: can(session.role, "generateReports"),
    };
  };
  const [metrics, csrf, reports, notices] = await Promise.all([
    dashboardMetrics(pageDeps().db),
    csrfFor(session),
    reportsFor(),
    noticesFor(session),
  ]);
  return data(
    {
      kind: "user" as const,
      title: rule.title,
      user: publicUser(session),
      roleLabel: ROLE_LABEL[session.role],
      access,
      metrics,
      csrf,
      reports,
      notices,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}
