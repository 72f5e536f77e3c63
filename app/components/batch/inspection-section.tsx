/**
 * The batch page's inspection parts (issue 13), server-rendered with no client code of their own
 * (the page is at its first-load budget): the form with which the buyer who holds the batch sends
 * it to a warehouse inspector, and what the inspection found — grade, measurements, and a
 * rejection with its reason and what happens to the batch.
 */
import type { SubmissionResult } from "@conform-to/react";
import { ErrorSummary } from "#app/components/kit/error-summary";
import { FormField } from "#app/components/kit/form-field";

const input = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2";

type Quality = {
  grade: string;
  outcome: string;
  inspectedAt: string;
  decidingCriteria: string[];
  rejectionReason: string | null;
  disposition: string | null;
  measurements: string[];
} | null;

export function InspectionSection({
  inspection,
}: {
  inspection: { dispatch: { warehouse: string | null; dispatchedAt: string } | null; quality: Quality } | null;
}) {
  if (!inspection || (!inspection.dispatch && !inspection.quality)) return null;
  const { dispatch, quality } = inspection;
  const rejected = quality?.outcome === "rejected";
  return (
    <section aria-labelledby="inspection" className="mt-6" data-testid="inspection">
      <h2 id="inspection" className="text-lg font-bold">
        Inspection
      </h2>
      {dispatch && (
        <p className="mt-1 text-sm">
          Sent to the warehouse{dispatch.warehouse ? ` ${dispatch.warehouse}` : ""} on{" "}
          {dispatch.dispatchedAt.slice(0, 10)}.
        </p>
      )}
      {quality && (
        <div
          className={`mt-2 rounded-md border p-3 text-sm ${rejected ? "border-red-300 bg-red-50" : "border-slate-200 bg-white"}`}
        >
          <p className="font-semibold">
            {rejected ? "Rejected at inspection" : "Passed inspection"} · grade {quality.grade} ·{" "}
            {quality.inspectedAt.slice(0, 10)}
          </p>
          {rejected && (
            <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3" data-testid="rejection">
              <dt className="font-semibold">Reason</dt>
              <dd>{quality.rejectionReason ?? "Not given"}</dd>
              <dt className="font-semibold">What happens</dt>
              <dd>{quality.disposition ?? "Not decided"}</dd>
            </dl>
          )}
          {quality.decidingCriteria.length > 0 && (
            <p className="mt-1">Decided by: {quality.decidingCriteria.join("; ")}</p>
          )}
          {quality.measurements.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {quality.measurements.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

export function DispatchForm({
  dispatch,
  csrf,
  result,
}: {
  dispatch: { warehouses: { id: string; label: string }[]; submissionId: string };
  csrf: string;
  result?: SubmissionResult<string[]>;
}) {
  const errors = (name: string) => result?.error?.[name] ?? undefined;
  const typed = (name: string) => {
    const v = (result?.initialValue as Record<string, unknown> | undefined)?.[name];
    return typeof v === "string" ? v : undefined;
  };
  const summary = [
    ...(result?.error?.[""] ?? []).map((message) => ({ message })),
    ...Object.entries(result?.error ?? {})
      .filter(([k]) => k)
      .flatMap(([k, list]) => (list ?? []).map((message) => ({ fieldId: `dispatch-${k}`, message }))),
  ];
  const field = (name: string, label: string, hint?: string) => (
    <FormField field={{ id: `dispatch-${name}`, errors: errors(name) }} label={label} hint={hint} small>
      <input
        id={`dispatch-${name}`}
        name={name}
        defaultValue={typed(name)}
        aria-invalid={errors(name)?.length ? true : undefined}
        className={input}
      />
    </FormField>
  );
  return (
    <form
      method="post"
      className="space-y-2 rounded-md border border-slate-200 bg-white p-3"
      data-testid="dispatch-form"
    >
      <h3 className="font-semibold">Send to a warehouse for inspection</h3>
      {result && summary.length > 0 && <ErrorSummary items={summary} />}
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value="dispatch" />
      <input type="hidden" name="submissionId" value={typed("submissionId") ?? dispatch.submissionId} />
      <FormField
        field={{ id: "dispatch-warehouseInspectorId", errors: errors("warehouseInspectorId") }}
        label="Warehouse"
        small
      >
        <select
          id="dispatch-warehouseInspectorId"
          name="warehouseInspectorId"
          defaultValue={typed("warehouseInspectorId") ?? ""}
          aria-invalid={errors("warehouseInspectorId")?.length ? true : undefined}
          className={input}
        >
          <option value="">Choose the warehouse…</option>
          {dispatch.warehouses.map((w) => (
            <option key={w.id} value={w.id}>
              {w.label}
            </option>
          ))}
        </select>
      </FormField>
      {field("warehouse", "Warehouse name or town (optional)")}
      {field("note", "Note (optional)")}
      <button type="submit" className="rounded-md bg-green-800 px-4 py-2.5 font-semibold text-white">
        Send batch
      </button>
    </form>
  );
}
