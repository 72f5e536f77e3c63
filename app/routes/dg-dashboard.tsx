import {
  Bars,
  CARD,
  CountyMapSvg,
  Figure,
  FilterForm,
  Flash,
  ItemList,
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

export default function DgDashboard({ loaderData: d }: Route.ComponentProps) {
  const n = d.national;
  const a = d.alerts;
  return (
    <WorkShell title={TITLE} user={d.user}>
      <h2 className="text-base font-normal text-slate-700">Welcome, {d.user.name}</h2>
      <Notices {...d.notices} />
      <FilterForm filter={d.filter} commodities={d.commodities} />

      <section aria-labelledby="national" className={CARD}>
        <h2 id="national" className="text-lg font-bold">
          National figures
        </h2>
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
      </section>

      <section aria-labelledby="volumes" className={CARD}>
        <h2 id="volumes" className="text-lg font-bold">
          Volumes purchased and exported
        </h2>
        <p className="text-sm text-slate-700">
          Month by month (green: purchased, blue: exported), from the custody chain.
        </p>
        <Bars chart={d.volumes.chart} title="Weight purchased and exported per month" id="volumes-chart" />
        <Table
          caption="By month"
          testId="vol-month"
          head={["Month", "Purchased", "Exported"]}
          rows={d.volumes.byMonth}
        />
        <h3 className="mt-3 font-semibold">By commodity</h3>
        <Table
          caption="By commodity"
          testId="vol-commodity"
          head={["Commodity", "Purchased", "Exported"]}
          rows={d.volumes.byCommodity}
        />
        <h3 className="mt-3 font-semibold">By county</h3>
        <Table
          caption="By county"
          testId="vol-county"
          head={["County", "Purchased", "Exported"]}
          rows={d.volumes.byCounty}
        />
      </section>

      <section aria-labelledby="certs" className={CARD}>
        <h2 id="certs" className="text-lg font-bold">
          Certificates issued in the range
        </h2>
        <ul className="mt-2 grid grid-cols-2 gap-2 lg:grid-cols-4">
          <Figure label="issued" value={d.certificates.issued} testId="cert-issued" />
          <Figure label="valid" value={d.certificates.valid} testId="cert-valid" />
          <Figure label="expired" value={d.certificates.expired} testId="cert-expired" />
          <Figure label="revoked" value={d.certificates.revoked} testId="cert-revoked" />
        </ul>
      </section>

      <section aria-labelledby="map-h" className={CARD} id="map">
        <h2 id="map-h" className="text-lg font-bold">
          Counties: {d.map.measure}
        </h2>
        <nav aria-label="Map measure" className="mt-1 flex flex-wrap gap-2 text-sm">
          <a
            href={d.mapLinks.mapped}
            aria-current={d.mapMeasure === "mapped" ? "true" : undefined}
            className="text-green-800 underline aria-[current]:font-bold aria-[current]:no-underline"
          >
            Plots mapped
          </a>
          <a
            href={d.mapLinks.high}
            aria-current={d.mapMeasure === "high" ? "true" : undefined}
            className="text-green-800 underline aria-[current]:font-bold aria-[current]:no-underline"
          >
            Share at high risk
          </a>
        </nav>
        <CountyMapSvg map={d.map} credit={d.credit} />
        <Table
          caption="Plots per county"
          testId="counties"
          head={["County", "Mapped", "High risk", "Share high"]}
          rows={d.countyRows}
        />
      </section>

      <section aria-labelledby="alerts" className={CARD}>
        <h2 id="alerts" className="text-lg font-bold">
          Alerts to act on
        </h2>
        <h3 className="mt-2 font-semibold">
          New high-risk plots (<span data-testid="alert-high">{a.high.total}</span>)
        </h3>
        <ItemList items={a.high.items} empty="None in this range." testId="alert-high-list" />
        <h3 className="mt-2 font-semibold">
          Volume plausibility flags (<span data-testid="alert-flags">{a.flags.total}</span>)
        </h3>
        <ItemList items={a.flags.items} empty="None in this range." testId="alert-flags-list" />
        <h3 className="mt-2 font-semibold">
          Double claims (<span data-testid="alert-doubles">{a.doubles.total}</span>)
        </h3>
        <ItemList items={a.doubles.items} empty="None." testId="alert-doubles-list" />
        <h3 className="mt-2 font-semibold">
          Batches held for review (<span data-testid="alert-held">{a.held.total}</span>)
        </h3>
        <ItemList items={a.held.items} empty="None in this range." testId="alert-held-list" />
        <h3 className="mt-2 font-semibold">
          Certificates expiring within 14 days (<span data-testid="alert-expiring">{a.expiring.total}</span>)
        </h3>
        <ItemList items={a.expiring.items} empty="None." testId="alert-expiring-list" />
      </section>

      <section aria-labelledby="queue-h" className={CARD} id="queue">
        <h2 id="queue-h" className="text-lg font-bold">
          Approval queue
        </h2>
        <p className="text-sm text-slate-700">Licences and export permits recommended by DDGOTS, oldest first.</p>
        <Flash flash={d.flash} />
        <StepQueue
          title="Licences"
          total={d.queue.licences.total}
          countTestId="queue-licences"
          items={d.queue.licences.items}
          itemTestId="queue-licence"
          empty="No licence awaits approval."
          step={{ csrf: d.user.csrf, intent: "approve-licence", label: "Approve licence" }}
          list={d.queue.licences}
          pagerLabel="Licence pages"
        />
        <StepQueue
          title="Export permits"
          total={d.queue.permits.total}
          countTestId="queue-permits"
          items={d.queue.permits.items}
          itemTestId="queue-permit"
          empty="No export permit awaits approval."
          step={{ csrf: d.user.csrf, intent: "approve-permit", label: "Approve and issue permit" }}
          list={d.queue.permits}
          pagerLabel="Permit pages"
          headingClass="mt-3 font-semibold"
        />
      </section>

      <MoreLinks links={LINKS} className={CARD} />
    </WorkShell>
  );
}
