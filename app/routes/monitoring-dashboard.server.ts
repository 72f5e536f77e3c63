import { data } from "react-router";
import { can } from "#worker/auth/permissions";
import { DASHBOARDS } from "#worker/auth/roles";
import { COUNTIES } from "#worker/content/counties";
import { isMonitoringPeriod, type MonitoringPeriod } from "#worker/domain/monitoring";
import { readMonitoring, readMonitoringFeed } from "#worker/services/monitoring/read-monitoring";
import { mayExportAuditRecords } from "#worker/services/records/auditor-export";
import { csrfFor, dashboardHead, getSession, PRIVATE_PAGE_HEADERS, requireDashboard } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { noticesFor } from "../lib/notices.server";
import { reportViewer, visibleReports } from "../lib/reports.server";

const PATH = "/monitoring-dashboard";

/** The fixed period and whole county asked for; anything else falls back to all records, the nation. */
function choice(request: Request): { period: MonitoringPeriod; county: string | null } {
  const q = new URL(request.url).searchParams;
  const period = q.get("period");
  const county = q.get("county");
  return {
    period: isMonitoringPeriod(period) ? period : "all",
    county: county && (COUNTIES as readonly string[]).includes(county) ? county : null,
  };
}

/**
 * /monitoring-dashboard: oversight observers (and the executives, read-only) see the
 * suppressed aggregates, the event feed and their reports; a visitor without a session gets the
 * public accessibility view — the same aggregates and feed, nothing else.
 */
export async function loader({ request }: { request: Request }) {
  const input = choice(request);
  const deps = pageDeps();
  const session = await getSession(request);
  if (!session) {
    const [figures, feed] = await Promise.all([readMonitoring(input, deps), readMonitoringFeed(deps)]);
    return data(
      { kind: "public" as const, title: DASHBOARDS[PATH].title, figures, feed },
      { headers: PRIVATE_PAGE_HEADERS },
    );
  }
  const { access } = await requireDashboard(request, PATH);
  const reports = async () =>
    can(session.role, "downloadReports")
      ? {
          items: await visibleReports(deps.db, await reportViewer(session, deps.db), { readyOnly: true, limit: 10 }),
          canGenerate: can(session.role, "generateReports"),
        }
      : null;
  const [figures, feed, csrf, notices, reportList, canExportRecords] = await Promise.all([
    readMonitoring(input, deps),
    readMonitoringFeed(deps),
    csrfFor(session),
    noticesFor(session),
    reports(),
    mayExportAuditRecords({ db: deps.db, actor: session }),
  ]);
  return data(
    {
      kind: "user" as const,
      ...dashboardHead(PATH, session),
      access,
      csrf,
      notices,
      figures,
      feed,
      reports: reportList,
      canExportRecords,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}
