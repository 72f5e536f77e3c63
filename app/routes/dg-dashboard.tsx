import { Bars } from "#app/components/bar-chart";
import {
  CARD,
  Card,
  CountedList,
  CountyMapSvg,
  Figure,
  FilterForm,
  Flash,
  StepQueue,
  Table,
} from "#app/components/dashboards/oversight";
import { MoreLinks } from "#app/components/kit/more-links";
import { pageMeta } from "#app/components/kit/page-meta";
import { Notices } from "#app/components/notices";
import { WorkShell } from "#app/components/work-shell";
import type { Route } from "./+types/dg-dashboard";

export { DashboardErrorBoundary as ErrorBoundary } from "#app/components/inspection/dashboard-error";
export { action, loader } from "./dg-dashboard.server";

const TITLE = "Director General Dashboard";
export const meta = () => pageMeta(TITLE);

const LINKS = [
  ["/ddgots-dashboard", "Operations (DDGOTS dashboard)"],
  ["/ddgaf-dashboard", "Finance and staff (DDGAF dashboard)"],
  ["/monitoring-dashboard", "Oversight monitoring"],
  ["/exporter-dashboard", "Exporters"],
  ["/farmers-list", "Farmers"],
  ["/land-plots-list", "Land plots"],
  ["/batches", "Batches"],
  ["/generate-reports", "Reports"],
] as const;

/** The alerts, in the order shown: key (test id `alert-<key>`), heading, and what shows when there is none. */
const ALERTS = [
  ["high", "New high-risk plots", "None in this range."],
  ["flags", "Volume plausibility flags", "None in this range."],
  ["doubles", "Double claims", "None."],
  ["held", "Batches held for review", "None in this range."],
  ["expiring", "Certificates expiring within 14 days", "None."],
] as const;

/** The volume tables under the chart, in the order shown: caption, test id, first column, rows (only the first untitled). */
const VOLUME_TABLES = [
  ["By month", "vol-month", "Month", "byMonth"],
  ["By commodity", "vol-commodity", "Commodity", "byCommodity"],
  ["By county", "vol-county", "County", "byCounty"],
] as const;

const MAP_MEASURES = [
  ["mapped", "Plots mapped"],
  ["high", "Share at high risk"],
] as const;

export default function DgDashboard({ loaderData: d, actionData }: Route.ComponentProps) {
  const n = d.national;
  return (
    <WorkShell title={TITLE} user={d.user}>
      <h2 className="text-base font-normal text-slate-700">Welcome, {d.user.name}</h2>
      <Notices {...d.notices} />
      <FilterForm filter={d.filter} commodities={d.commodities} />

      <Card id="national" title="National figures">
        <ul className="mt-2 grid grid-cols-2 gap-2 lg:grid-cols-4">
          <Figure label="farmers registered" value={n.farmers} testId="farmers" />
          <Figure label="plots mapped" value={n.mapped} testId="plots" />
          <Figure
            label={`plots with valid geometry (${n.valid.toLocaleString("en-US")})`}
            value={n.validShare}
            testId="valid-share"
          />
        </ul>
        <h3 className="mt-3 font-semibold">Risk verdicts of the plots mapped</h3>
        <Table
          caption="Risk verdicts"
          testId="risk"
          head={["Verdict", "Plots"]}
          rows={[
            { key: "low", cells: ["Low", n.risk.low] },
            { key: "high", cells: ["High", n.risk.high] },
            { key: "more_information_needed", cells: ["More information needed", n.risk.more_information_needed] },
            { key: "not_assessed", cells: ["Not assessed", n.risk.not_assessed] },
          ]}
        />
      </Card>

      <Card id="volumes" title="Volumes purchased and exported">
        <p className="text-sm text-slate-700">
          Month by month (green: purchased, blue: exported), from the custody chain.
        </p>
        <Bars chart={d.volumes.chart} title="Weight purchased and exported per month" id="volumes-chart" />
        {VOLUME_TABLES.map(([caption, testId, first, rows], i) => (
          <Table
            key={testId}
            titled={i > 0}
            caption={caption}
            testId={testId}
            head={[first, "Purchased", "Exported"]}
            rows={d.volumes[rows]}
          />
        ))}
      </Card>

      <Card id="certs" title="Certificates issued in the range">
        <ul className="mt-2 grid grid-cols-2 gap-2 lg:grid-cols-4">
          <Figure label="issued" value={d.certificates.issued} testId="cert-issued" />
          <Figure label="valid" value={d.certificates.valid} testId="cert-valid" />
          <Figure label="expired" value={d.certificates.expired} testId="cert-expired" />
          <Figure label="revoked" value={d.certificates.revoked} testId="cert-revoked" />
        </ul>
      </Card>

      <Card id="map-h" anchor="map" title={<>Counties: {d.map.measure}</>}>
        <nav aria-label="Map measure" className="mt-1 flex flex-wrap gap-2 text-sm">
          {MAP_MEASURES.map(([measure, label]) => (
            <a
              key={measure}
              href={d.mapLinks[measure]}
              aria-current={d.mapMeasure === measure ? "true" : undefined}
              className="text-green-800 underline aria-[current]:font-bold aria-[current]:no-underline"
            >
              {label}
            </a>
          ))}
        </nav>
        <CountyMapSvg map={d.map} credit={d.credit} />
        <Table
          caption="Plots per county"
          testId="counties"
          head={["County", "Mapped", "High risk", "Share high"]}
          rows={d.countyRows}
        />
      </Card>

      <Card id="alerts" title="Alerts to act on">
        {ALERTS.map(([key, title, empty]) => (
          <CountedList key={key} title={title} list={d.alerts[key]} testId={`alert-${key}`} empty={empty} />
        ))}
      </Card>

      <Card id="queue-h" anchor="queue" title="Approval queue">
        <p className="text-sm text-slate-700">Licences and export permits recommended by DDGOTS, oldest first.</p>
        <Flash flash={actionData?.flash ?? d.flash} />
        <StepQueue
          title="Licences"
          countTestId="queue-licences"
          queue={d.queue.licences}
          itemTestId="queue-licence"
          empty="No licence awaits approval."
          step={{ csrf: d.user.csrf, intent: "approve-licence", label: "Approve licence" }}
          pagerLabel="Licence pages"
        />
        <StepQueue
          title="Export permits"
          countTestId="queue-permits"
          queue={d.queue.permits}
          itemTestId="queue-permit"
          empty="No export permit awaits approval."
          step={{ csrf: d.user.csrf, intent: "approve-permit", label: "Approve and issue permit" }}
          pagerLabel="Permit pages"
          headingClass="mt-3 font-semibold"
        />
      </Card>

      <MoreLinks links={LINKS} className={CARD} />
    </WorkShell>
  );
}
