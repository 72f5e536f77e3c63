import { Bars } from "#app/components/bar-chart";
import {
  CARD,
  Card,
  Counted,
  CountedList,
  FilterForm,
  Flash,
  ItemList,
  Pager,
  StepQueue,
  Table,
} from "#app/components/dashboards/oversight";
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

export default function DdgotsDashboard({ loaderData: d, actionData }: Route.ComponentProps) {
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

      <Card id="pipeline" title="Inspection pipeline">
        <p className="text-sm text-slate-700">
          Open items per stage, the oldest first (county and commodity filters apply).
        </p>
        {d.pipeline.map((s) => (
          <div key={s.stage} className="mt-3">
            <CountedList
              title={s.label}
              list={s}
              testId={`pipeline-${s.stage}`}
              empty="Nothing waiting."
              headingClass="font-semibold"
            />
            <Pager list={s.list} label={`${s.label} pages`} />
          </div>
        ))}
      </Card>

      <Card id="grades" title="Grades given, by commodity">
        <Bars chart={d.grades.chart} title="Warehouse grades per commodity" id="grades-chart" />
        <Table caption="Grades per commodity" testId="grades" head={d.grades.head} rows={d.grades.rows} />
      </Card>

      <Card id="workload" title="Inspector workload">
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
      </Card>

      <Card id="cert" title={<Counted title="Certification queue" total={d.certification.total} testId="cert-queue" />}>
        <p className="text-sm text-slate-700">Batches waiting for a compliance decision, oldest first.</p>
        <ItemList items={d.certification.items} empty="No batch waits for a decision." testId="cert-queue-list" />
        <Pager list={d.certification.list} label="Certification pages" />
      </Card>

      <Card id="queue-h" anchor="queue" title="To recommend to the Director General">
        <Flash flash={actionData?.flash ?? d.flash} />
        <StepQueue
          title="Licences reviewed by the office"
          countTestId="recommend-licences"
          queue={d.recommend.licences}
          itemTestId="recommend-licence"
          empty="None waiting."
          step={canAct ? { csrf: d.user.csrf, intent: "recommend-licence", label: "Recommend to the DG" } : undefined}
          pagerLabel="Licence pages"
        />
        <StepQueue
          title="Export permits requested"
          countTestId="recommend-permits"
          queue={d.recommend.permits}
          itemTestId="recommend-permit"
          empty="None waiting."
          step={canAct ? { csrf: d.user.csrf, intent: "recommend-permit", label: "Recommend to the DG" } : undefined}
          pagerLabel="Permit pages"
          headingClass="mt-3 font-semibold"
        />
      </Card>

      <MoreLinks links={LINKS} className={CARD} />
    </WorkShell>
  );
}
