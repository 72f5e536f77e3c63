/**
 * The form with which the buyer who holds a batch sends it to a warehouse inspector: a
 * plain form post, so it works with JavaScript off.
 */
import type { SubmissionResult } from "@conform-to/react";
import { ErrorSummary } from "#app/components/kit/error-summary";
import { FormField } from "#app/components/kit/form-field";

const input = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2";

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
