import { Bars, CARD, FilterForm, Flash, ItemList, Pager, StepQueue, Table } from "#app/components/dashboards/oversight";
import { MoreLinks } from "#app/components/kit/more-links";
import { pageMeta } from "#app/components/kit/page-meta";
import { Notices } from "#app/components/notices";
import { WorkShell } from "#app/components/work-shell";
import type { Route } from "./+types/ddgots-dashboard";

export { DashboardErrorBoundary as ErrorBoundary } from "#app/components/inspection/dashboard-error";
export { action, loader } from "./ddgots-dashboard.server";

const TITLE = "DDGOTS Dashboard";
export const meta = () => pageMeta(TITLE);

const LINKS = [
  ["/warehouse-inspector-dashboard", "Warehouse inspections"],
  ["/port-inspector-dashboard", "Port inspections"],
  ["/unified-land-inspector-dashboard", "Land verification"],
  ["/exporter-dashboard", "Exporters"],
  ["/batches", "Batches"],
  ["/eudr-assessment", "EUDR risk assessment"],
  ["/monitoring-dashboard", "Oversight monitoring"],
] as const;

export default function DdgotsDashboard({ loaderData: d }: Route.ComponentProps) {
  const canAct = d.access === "full";
  return (
    <WorkShell title={TITLE} user={d.user}>
      <h2 className="text-base font-normal text-slate-700">Welcome, {d.user.name}</h2>
      <Notices {...d.notices} />
      {!canAct && (
        <p className="mt-2 rounded-md bg-blue-50 p-3 text-sm text-blue-900" data-testid="read-only">
          Read-only oversight view: you see the operations figures but cannot recommend from here.
        </p>
      )}
      <FilterForm filter={d.filter} commodities={d.commodities} />

      <section aria-labelledby="pipeline" className={CARD}>
        <h2 id="pipeline" className="text-lg font-bold">
          Inspection pipeline
        </h2>
        <p className="text-sm text-slate-700">
          Open items per stage, the oldest first (county and commodity filters apply).
        </p>
        {d.pipeline.map((s) => (
          <div key={s.stage} className="mt-3">
            <h3 className="font-semibold">
              {s.label} (<span data-testid={`pipeline-${s.stage}`}>{s.total}</span>)
            </h3>
            <ItemList items={s.items} empty="Nothing waiting." testId={`pipeline-${s.stage}-list`} />
            <Pager list={s.list} label={`${s.label} pages`} />
          </div>
        ))}
      </section>

      <section aria-labelledby="grades" className={CARD}>
        <h2 id="grades" className="text-lg font-bold">
          Grades given, by commodity
        </h2>
        <Bars chart={d.grades.chart} title="Warehouse grades per commodity" id="grades-chart" />
        <Table caption="Grades per commodity" testId="grades" head={d.grades.head} rows={d.grades.rows} />
      </section>

      <section aria-labelledby="workload" className={CARD}>
        <h2 id="workload" className="text-lg font-bold">
          Inspector workload
        </h2>
        <p className="text-sm text-slate-700">
          Open items per inspector: dispatched batches for warehouse inspectors, plots to verify in their county for
          land inspectors. Port inspectors share the port queue above.
        </p>
        <Table
          caption="Open items per inspector"
          testId="workload"
          head={["Inspector", "Role", "Open items"]}
          textColumns={2}
          rows={d.workload}
        />
      </section>

      <section aria-labelledby="cert" className={CARD}>
        <h2 id="cert" className="text-lg font-bold">
          Certification queue (<span data-testid="cert-queue">{d.certification.total}</span>)
        </h2>
        <p className="text-sm text-slate-700">Batches waiting for a compliance decision, oldest first.</p>
        <ItemList items={d.certification.items} empty="No batch waits for a decision." testId="cert-queue-list" />
        <Pager list={d.certification.list} label="Certification pages" />
      </section>

      <section aria-labelledby="queue-h" className={CARD} id="queue">
        <h2 id="queue-h" className="text-lg font-bold">
          To recommend to the Director General
        </h2>
        <Flash flash={d.flash} />
        <StepQueue
          title="Licences reviewed by the office"
          total={d.recommend.licences.total}
          countTestId="recommend-licences"
          items={d.recommend.licences.items}
          itemTestId="recommend-licence"
          empty="None waiting."
          step={canAct ? { csrf: d.user.csrf, intent: "recommend-licence", label: "Recommend to the DG" } : undefined}
          list={d.recommend.licences.list}
          pagerLabel="Licence pages"
        />
        <StepQueue
          title="Export permits requested"
          total={d.recommend.permits.total}
          countTestId="recommend-permits"
          items={d.recommend.permits.items}
          itemTestId="recommend-permit"
          empty="None waiting."
          step={canAct ? { csrf: d.user.csrf, intent: "recommend-permit", label: "Recommend to the DG" } : undefined}
          list={d.recommend.permits.list}
          pagerLabel="Permit pages"
          headingClass="mt-3 font-semibold"
        />
      </section>

      <MoreLinks links={LINKS} className={CARD} />
    </WorkShell>
  );
}
