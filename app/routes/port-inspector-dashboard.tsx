import { InspectorDashboard, QueuedBatch } from "#app/components/inspection/inspector-dashboard";
import { buttonClass } from "#app/components/inspection/plain-form";
import { CardList } from "#app/components/kit/card-list";
import { pageMeta } from "#app/components/kit/page-meta";
import { TextList } from "#app/components/kit/text-list";
import type { Route } from "./+types/port-inspector-dashboard";

export { DashboardErrorBoundary as ErrorBoundary } from "#app/components/inspection/dashboard-error";
export { loader } from "./port-inspector-dashboard.server";

const TITLE = "Port Inspector Dashboard";
export const meta = () => pageMeta(TITLE);

export default function PortInspectorDashboard({ loaderData: d }: Route.ComponentProps) {
  const full = d.access === "full";
  return (
    <InspectorDashboard title={TITLE} d={d}>
      <h2 className="text-lg font-bold">Batches at the port: what is holding each</h2>
      {d.queue.length === 0 && <p className="mt-2 text-slate-700">No batch is awaiting port inspection.</p>}
      <CardList items={d.queue} itemKey={(b) => b.batchCode} testId={(b) => `port-${b.batchCode}`}>
        {(b) => (
          <>
            <QueuedBatch b={b} after={b.grade ? `, grade ${b.grade}` : ""} />
            <p className="text-sm text-slate-700">
              {b.statusLabel}
              {b.portOutcome === "refused" ? " · held at port inspection" : ""}
              {b.container ? ` · container ${b.container}` : ""}
            </p>
            {b.blockers.length > 0 ? (
              <TextList className="mt-1 list-disc pl-5 text-sm text-red-800" items={b.blockers} />
            ) : (
              <p className="mt-1 text-sm font-semibold text-green-800">Nothing is holding this batch.</p>
            )}
            {full && (
              <a
                href={`/port-inspector-dashboard/inspect/${b.batchCode}`}
                className={`mt-2 inline-block ${buttonClass}`}
              >
                {b.status === "warehouse_inspected" ? "Inspect at the port" : "Phytosanitary certificate"}
              </a>
            )}
          </>
        )}
      </CardList>
    </InspectorDashboard>
  );
}
