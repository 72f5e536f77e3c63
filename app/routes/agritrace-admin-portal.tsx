import { DataTable } from "#app/components/kit/data-table";
import { pageMeta } from "#app/components/kit/page-meta";
import { Section } from "#app/components/kit/section";
import { utcTime } from "#app/lib/dates";
import { AdminNav } from "../components/admin/admin-nav";
import { CountTile, DashboardFrame, SECTION } from "../components/dashboards/dashboard-frame";
import { WorkLinks } from "../components/work-shell";
import type { Route } from "./+types/agritrace-admin-portal";

export { PortalErrorBoundary as ErrorBoundary } from "#app/components/inspection/dashboard-error";

export { loader } from "./agritrace-admin-portal.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.title ?? "AgriTrace Admin Portal");
}

const OK = "font-semibold text-green-800";
const BAD = "font-semibold text-red-700";

export default function AdminPortal({ loaderData }: Route.ComponentProps) {
  const { title, user, roleLabel, csrf, health, workLinks } = loaderData;
  const probes = [
    { name: "D1 database", ...health.probes.checks.d1 },
    { name: "KV sessions", ...health.probes.checks.kv },
    { name: "R2 files", ...health.probes.checks.r2 },
  ];
  const stuck = health.jobs.filter((j) => j.stuck).length;
  return (
    <DashboardFrame title={title} heading={`Welcome, ${user.name}`} role={roleLabel} csrf={csrf} account={user.loginId}>
      <AdminNav current="/agritrace-admin-portal" />
      <section aria-labelledby="health" className={SECTION} data-testid="system-health">
        <h2 id="health" className="text-lg font-bold">
          System health:{" "}
          <span className={health.probes.status === "ok" ? OK : BAD} data-testid="health-status">
            {health.probes.status === "ok" ? "all reachable" : "degraded"}
          </span>
        </h2>
        <p className="text-sm text-slate-600">Checked {utcTime(health.probes.time)} with a read of each store.</p>
        <DataTable
          caption="Storage probes"
          captionClassName="mt-2 text-left font-semibold"
          testId="probes"
          rows={probes}
          rowKey={(p) => p.name}
          dense
          columns={[
            { header: "Store", cell: (p) => p.name },
            {
              header: "State",
              cell: (p) => (p.ok ? "Reachable" : `Unreachable: ${p.error ?? "no answer"}`),
              cellClassName: (p) => (p.ok ? OK : BAD),
            },
            { header: "Time", cell: (p) => `${p.latencyMs} ms`, className: "text-right" },
          ]}
        />
      </section>

      <Section id="security" className={SECTION} title="Sign-in security">
        <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          <CountTile
            label="Failed sign-ins, last 24 h"
            value={health.security.failedLogins24h}
            testId="failed-logins"
          />
          <CountTile label="Accounts locked now" value={health.security.lockedAccounts} testId="locked-accounts" />
          <CountTile label="Addresses locked now" value={health.security.lockedAddresses} testId="locked-addresses" />
          <CountTile label="Deactivated accounts" value={health.security.deactivatedAccounts} testId="deactivated" />
        </ul>
        <p className="mt-2 text-sm text-slate-600">
          An account is locked for 15 minutes after 5 failed sign-ins from one address; an address after 50.
        </p>
      </Section>

      <Section id="cron" className={SECTION} title="Last scheduled runs">
        <DataTable
          labelledBy="cron"
          testId="cron-runs"
          stack
          rows={health.cronRuns}
          rowKey={(r) => r.id}
          dense
          empty={<p className="mt-2 text-sm">No scheduled run is recorded yet.</p>}
          columns={[
            { header: "Started", cell: (r) => utcTime(r.startedAt) },
            { header: "Schedule", cell: (r) => <span className="font-mono">{r.cron}</span> },
            {
              header: "Outcome",
              cell: (r) => (r.status === "ok" ? "Finished" : r.status === "failed" ? "Failed" : "Running"),
              cellClassName: (r) => (r.status === "failed" ? BAD : r.status === "ok" ? OK : ""),
            },
            { header: "Finished", cell: (r) => utcTime(r.finishedAt) },
          ]}
        />
      </Section>

      <Section
        id="jobs"
        className={SECTION}
        title={
          <>
            Background jobs ({health.jobs.length} open{stuck ? `, ${stuck} stuck` : ""})
          </>
        }
      >
        <DataTable
          labelledBy="jobs"
          testId="jobs"
          stack
          rows={health.jobs}
          rowKey={(j) => `${j.kind}-${j.id}`}
          dense
          empty={<p className="mt-2 text-sm">No background job is open.</p>}
          columns={[
            { header: "Job", cell: (j) => j.kind },
            { header: "What", cell: (j) => j.detail },
            { header: "Status", cell: (j) => j.status },
            { header: "Last moved", cell: (j) => utcTime(j.updatedAt) },
            {
              header: "Stuck",
              cell: (j) => (j.stuck ? "Stuck: no progress for over an hour" : "No"),
              cellClassName: (j) => (j.stuck ? BAD : ""),
            },
          ]}
        />
      </Section>
      <WorkLinks links={workLinks} />
    </DashboardFrame>
  );
}
