import { BatchLink } from "#app/components/batch/batch-link";
import { InspectionRequestList, type QueuedRequest } from "#app/components/exporter/inspection-request-list";
import { type ShellUser, WorkShell } from "#app/components/work-shell";

type DashboardData = {
  user: ShellUser;
  access: string;
  inspectionRequests: {
    requests: QueuedRequest[];
    flash: React.ComponentProps<typeof InspectionRequestList>["flash"];
  };
};

/**
 * The frame of both inspectors' dashboards (warehouse and port): the welcome, the page's own
 * notices, the read-only note for oversight viewers (no forms), the queue, and the inspection
 * requests addressed to the inspector.
 */
export function InspectorDashboard({
  title,
  d,
  notices,
  children,
}: {
  title: string;
  d: DashboardData;
  notices?: React.ReactNode;
  children: React.ReactNode;
}) {
  const full = d.access === "full";
  return (
    <WorkShell title={title} user={d.user}>
      <p className="mb-2 text-slate-700">Welcome, {d.user.name}</p>
      {notices}
      {!full && <p className="mb-4 rounded-md bg-amber-50 p-3 text-amber-900">Read-only oversight view: no forms.</p>}
      {children}
      <InspectionRequestList
        requests={d.inspectionRequests.requests}
        flash={d.inspectionRequests.flash}
        csrf={d.user.csrf}
        full={full}
      />
    </WorkShell>
  );
}

/** A queued batch's first line: its code (to the batch page), commodity and weight, then `after`. */
export function QueuedBatch({
  b,
  after,
}: {
  b: { batchCode: string; commodity: string; weightKg: number };
  after?: string;
}) {
  return (
    <p className="font-semibold">
      <BatchLink code={b.batchCode} /> — {b.commodity}, {b.weightKg.toLocaleString("en-US")} kg{after}
    </p>
  );
}
