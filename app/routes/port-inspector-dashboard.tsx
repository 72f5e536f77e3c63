import { InspectionRequestList } from "#app/components/exporter/inspection-request-list";
import { buttonClass } from "#app/components/inspection/plain-form";
import { pageMeta } from "#app/components/kit/page-meta";
import { WorkShell } from "#app/components/work-shell";
import type { Route } from "./+types/port-inspector-dashboard";

export { DashboardErrorBoundary as ErrorBoundary } from "#app/components/inspection/dashboard-error";
export { loader } from "./port-inspector-dashboard.server";

const TITLE = "Port Inspector Dashboard";
export const meta = () => pageMeta(TITLE);

export default function PortInspectorDashboard({ loaderData: d }: Route.ComponentProps) {
  const full = d.access === "full";
  return (
    <WorkShell title={TITLE} user={d.user}>
      <p className="mb-2 text-slate-700">Welcome, {d.user.name}</p>
      {!full && <p className="mb-4 rounded-md bg-amber-50 p-3 text-amber-900">Read-only oversight view: no forms.</p>}
      <h2 className="text-lg font-bold">Batches at the port: what is holding each</h2>
      {d.queue.length === 0 && <p className="mt-2 text-slate-700">No batch is awaiting port inspection.</p>}
      <ul className="mt-3 space-y-3">
        {d.queue.map((b) => (
          <li
            key={b.batchCode}
            className="rounded-md border border-slate-200 bg-white p-3"
            data-testid={`port-${b.batchCode}`}
          >
            <p className="font-semibold">
              <a href={`/batches/${b.batchCode}`} className="break-all text-green-800 underline">
                {b.batchCode}
              </a>{" "}
              — {b.commodity}, {b.weightKg.toLocaleString("en-US")} kg{b.grade ? `, grade ${b.grade}` : ""}
            </p>
            <p className="text-sm text-slate-700">
              {b.statusLabel}
              {b.portOutcome === "refused" ? " · held at port inspection" : ""}
              {b.container ? ` · container ${b.container}` : ""}
            </p>
            {b.blockers.length > 0 ? (
              <ul className="mt-1 list-disc pl-5 text-sm text-red-800">
                {b.blockers.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
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
          </li>
        ))}
      </ul>
      <InspectionRequestList
        requests={d.inspectionRequests.requests}
        flash={d.inspectionRequests.flash}
        csrf={d.user.csrf}
        full={d.access === "full"}
      />
    </WorkShell>
  );
}
