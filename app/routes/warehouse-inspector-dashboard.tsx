import { InspectorDashboard, QueuedBatch } from "#app/components/inspection/inspector-dashboard";
import { buttonClass, PlainField, PlainSummary } from "#app/components/inspection/plain-form";
import { CardList } from "#app/components/kit/card-list";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { pageMeta } from "#app/components/kit/page-meta";
import { replyFor } from "#app/lib/light-form";
import type { Route } from "./+types/warehouse-inspector-dashboard";

export { DashboardErrorBoundary as ErrorBoundary } from "#app/components/inspection/dashboard-error";
export { action, loader } from "./warehouse-inspector-dashboard.server";

const TITLE = "Warehouse Inspector Dashboard";
export const meta = () => pageMeta(TITLE);

export default function WarehouseInspectorDashboard({ loaderData: d, actionData }: Route.ComponentProps) {
  const full = d.access === "full";
  return (
    <InspectorDashboard
      title={TITLE}
      d={d}
      notices={
        <>
          {d.done.received && (
            <p role="status" className="mb-4 rounded-md bg-green-50 p-3 font-semibold text-green-900">
              Batch {d.done.received} received at the warehouse.
            </p>
          )}
          {d.done.inspected && (
            <p
              role="status"
              className="mb-4 rounded-md bg-green-50 p-3 font-semibold text-green-900"
              data-testid="inspected"
            >
              Inspection of {d.done.inspected} recorded.
            </p>
          )}
        </>
      }
    >
      <h2 className="text-lg font-bold">{full ? "Intake queue: batches sent to my warehouse" : "Intake queues"}</h2>
      {d.queue.length === 0 && (
        <p className="mt-2 text-slate-700">No batch has been sent to {full ? "your" : "any"} warehouse yet.</p>
      )}
      <CardList items={d.queue} itemKey={(b) => b.batchCode} testId={(b) => `queue-${b.batchCode}`}>
        {(b) => (
          <>
            <QueuedBatch b={b} />
            <p className="text-sm text-slate-700">
              {b.statusLabel}
              {b.grade ? ` · grade ${b.grade}` : ""} · from {b.buyer ?? "buyer"} · sent {b.dispatchedAt.slice(0, 10)}
              {b.warehouse ? ` · ${b.warehouse}` : ""}
            </p>
            {full && b.status === "purchased" && (
              <form method="post" className="mt-2 space-y-2">
                <CsrfInput token={d.user.csrf} />
                <input type="hidden" name="batchCode" value={b.batchCode} />
                <PlainSummary
                  reply={replyFor(actionData, undefined, { batchCode: b.batchCode })}
                  prefix={`${b.batchCode}-`}
                />
                <PlainField
                  reply={replyFor(actionData, undefined, { batchCode: b.batchCode })}
                  prefix={`${b.batchCode}-`}
                  name="weightKg"
                  label="Weight received (kg)"
                  inputMode="decimal"
                  defaultValue={String(b.weightKg)}
                />
                <PlainField
                  reply={replyFor(actionData, undefined, { batchCode: b.batchCode })}
                  prefix={`${b.batchCode}-`}
                  name="location"
                  label="Warehouse (town or facility)"
                  defaultValue={b.warehouse ?? ""}
                />
                <button type="submit" className={buttonClass}>
                  Receive batch
                </button>
              </form>
            )}
            {full && b.status === "warehouse_received" && (
              <a
                href={`/warehouse-inspector-dashboard/inspect/${b.batchCode}`}
                className={`mt-2 inline-block ${buttonClass}`}
              >
                Inspect and grade
              </a>
            )}
          </>
        )}
      </CardList>
    </InspectorDashboard>
  );
}
