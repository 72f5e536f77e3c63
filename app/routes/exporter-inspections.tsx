import { buttonClass, PlainField, PlainRadios, PlainSummary } from "#app/components/inspection/plain-form";
import { CardList } from "#app/components/kit/card-list";
import { pageMeta } from "#app/components/kit/page-meta";
import { PostForm } from "#app/components/kit/post-form";
import { WorkShell } from "#app/components/work-shell";
import type { Route } from "./+types/exporter-inspections";

export { WorkErrorBoundary as ErrorBoundary } from "#app/components/work-shell";
export { action, loader } from "./exporter-inspections.server";

const TITLE = "Inspections";
export const meta = ({ error }: Route.MetaArgs) => pageMeta(error ? `Error: ${TITLE}` : TITLE);

const STATUS_LABEL: Record<string, string> = {
  requested: "Requested",
  scheduled: "Scheduled",
  done: "Done",
  cancelled: "Cancelled",
};

export default function ExporterInspections({ loaderData: d, actionData }: Route.ComponentProps) {
  const reply = actionData?.reply;
  return (
    <WorkShell title={TITLE} user={d.user}>
      {d.done.requested && (
        <p role="status" className="mb-4 rounded-md bg-green-50 p-3 font-semibold text-green-900">
          Inspection of {d.done.requested} requested. The inspectors are notified.
        </p>
      )}
      {d.done.cancelled && (
        <p role="status" className="mb-4 rounded-md bg-green-50 p-3 font-semibold text-green-900">
          Request for {d.done.cancelled} cancelled.
        </p>
      )}
      <h2 className="text-lg font-bold">Request an inspection</h2>
      <PostForm
        csrf={d.user.csrf}
        intent="request"
        className="mt-2 max-w-xl space-y-3 rounded-md border border-slate-200 bg-white p-3"
      >
        <PlainSummary reply={reply} />
        <PlainRadios
          reply={reply}
          name="kind"
          legend="Inspection"
          options={[
            ["warehouse", "Warehouse (quality and grade)"],
            ["port", "Port (phytosanitary)"],
          ]}
        />
        <PlainField
          reply={reply}
          name="subjectCode"
          label="Batch or shipment code"
          hint={
            d.subjects.length
              ? `Yours: ${d.subjects.slice(0, 6).join(", ")}${d.subjects.length > 6 ? "…" : ""}`
              : "You hold no batch or shipment yet"
          }
        />
        <PlainField reply={reply} name="preferredDate" type="date" label="Preferred date" defaultValue={d.today} />
        <PlainField reply={reply} name="note" label="Note for the inspector (optional)" />
        <button type="submit" className={buttonClass}>
          Request inspection
        </button>
      </PostForm>

      <h2 className="mt-6 text-lg font-bold">My requests</h2>
      {d.requests.length === 0 && <p className="mt-2 text-slate-700">You have not requested an inspection yet.</p>}
      <CardList items={d.requests} itemKey={(r) => r.id} testId={(r) => `request-${r.subjectCode}`}>
        {(r) => (
          <>
            <p className="font-semibold break-all">
              {r.kind === "port" ? "Port" : "Warehouse"} inspection · {r.subjectCode}
            </p>
            <p className="text-sm text-slate-700">
              <span data-testid="request-status">{STATUS_LABEL[r.status] ?? r.status}</span> · preferred{" "}
              {r.preferredDate}
              {r.scheduledFor ? ` · scheduled for ${r.scheduledFor}` : ""}
            </p>
            {r.inspectorNote && <p className="text-sm">Inspector's note: {r.inspectorNote}</p>}
            {r.outcome ? (
              <div className="mt-2 rounded bg-slate-50 p-2 text-sm" data-testid="outcome">
                <p className="font-semibold">
                  Outcome: {r.outcome.outcome}
                  {r.outcome.grade ? ` · grade ${r.outcome.grade}` : ""} · {r.outcome.inspectedAt.slice(0, 10)}
                </p>
                {r.outcome.notes.map((n) => (
                  <p key={n}>{n}</p>
                ))}
              </div>
            ) : (
              r.status !== "cancelled" && <p className="mt-1 text-sm text-slate-600">No inspection recorded yet.</p>
            )}
            {(r.status === "requested" || r.status === "scheduled") && (
              <PostForm csrf={d.user.csrf} intent="cancel" hidden={{ id: r.id }} className="mt-2">
                <button type="submit" className="min-h-11 rounded-md border border-slate-400 px-3 py-1.5 text-sm">
                  Cancel request
                </button>
              </PostForm>
            )}
          </>
        )}
      </CardList>
      <p className="mt-6 text-sm">
        Inspection fees are billed when an inspection is done: see{" "}
        <a className="text-green-800 underline" href="/exporter-payment-services">
          payment services
        </a>
        . My{" "}
        <a className="text-green-800 underline" href="/exporter/shipments">
          shipments
        </a>{" "}
        ·{" "}
        <a className="text-green-800 underline" href="/exporter/orders">
          orders
        </a>
        .
      </p>
    </WorkShell>
  );
}
