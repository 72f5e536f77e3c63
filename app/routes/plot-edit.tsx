import { Link } from "react-router";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary, summaryItems } from "#app/components/kit/error-summary";
import { FormField } from "#app/components/kit/form-field";
import { pageMeta } from "#app/components/kit/page-meta";
import { Section } from "#app/components/kit/section";
import { replyView } from "#app/lib/light-form";
import { OutboxNotice } from "../components/outbox-notice";
import { WorkShell } from "../components/work-shell";
import { useOutboxForm } from "../lib/use-outbox-form";
import type { Route } from "./+types/plot-edit";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./plot-edit.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(`Edit boundary${loaderData ? ` — ${loaderData.plot.plotCode}` : ""}`);
}

const input = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2";

export { outboxPageHeaders as headers } from "#app/lib/page-form.server";

const editLabel = (form: FormData) => `New boundary (from version ${form.get("baseVersion") ?? "?"})`;

export default function PlotEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { plot, user, current } = loaderData;
  const outbox = useOutboxForm({
    formId: "plot-edit",
    kind: "plot-edit",
    owner: user.loginId,
    label: (form) => `${plot.plotCode}: ${editLabel(form)}`,
  });
  const reply = replyView(actionData);
  const editing = reply?.intent !== "retire";
  const values = reply?.values ?? {};
  const errors = reply?.errors ?? {};
  const f = (name: string, prefix = "edit") => ({ id: `${prefix}-${name}`, errors: errors[name] });
  const editItems = editing
    ? summaryItems(
        [reply?.message],
        ["coordinates", "captureMode", "declaredAreaHectares", "reason"].map((n) => f(n)),
      )
    : [];
  const retireItems = !editing ? summaryItems([reply?.message], [f("reason", "retire")]) : [];
  const mode = values.captureMode || current.mode;
  if (plot.status !== "active")
    return (
      <WorkShell title={`Edit boundary — ${plot.plotCode}`} user={user}>
        <p className="rounded-md bg-slate-100 p-3">
          This plot is retired ({plot.retiredReason}): its boundary can no longer be changed.{" "}
          <Link to={`/land-plot-details/${plot.id}`} className="text-green-800 underline">
            Back to the plot
          </Link>
        </p>
      </WorkShell>
    );
  return (
    <WorkShell title={`Edit boundary — ${plot.plotCode}`} user={user}>
      <p className="mb-3 text-sm text-slate-700">
        Plot{" "}
        <Link to={`/land-plot-details/${plot.id}`} className="font-mono text-green-800 underline">
          {plot.plotCode}
        </Link>{" "}
        is at version {plot.version}. The new boundary goes through every EUDR check; if it passes, version{" "}
        {plot.version} is kept in the plot's history and the plot is assessed again. Nothing is changed if a check
        fails.
      </p>
      {editItems.length > 0 && <ErrorSummary items={editItems} />}
      <form method="post" id="plot-edit" className="space-y-4" noValidate>
        <CsrfInput token={user.csrf} />
        <OutboxNotice state={outbox} />
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="baseVersion" value={values.baseVersion || plot.version} />
        <input type="hidden" name="submissionId" value={values.submissionId || loaderData.submissionId} />
        <fieldset>
          <legend className="font-semibold">Shape</legend>
          {(["polygon", "point"] as const).map((m) => (
            <label key={m} className="mr-4 inline-flex items-center gap-2">
              <input
                type="radio"
                name="captureMode"
                value={m}
                id={m === "polygon" ? "edit-captureMode" : undefined}
                defaultChecked={mode === m}
              />
              {m === "polygon" ? "Polygon (boundary)" : "Single point"}
            </label>
          ))}
        </fieldset>
        <FormField
          field={f("coordinates")}
          label="New boundary"
          hint='One "latitude, longitude" per line (6 decimals), or paste GeoJSON.'
          allErrors
        >
          <textarea
            id="edit-coordinates"
            name="coordinates"
            rows={8}
            defaultValue={values.coordinates ?? current.text}
            className={`${input} font-mono text-sm`}
          />
        </FormField>
        <FormField field={f("declaredAreaHectares")} label="Area in hectares (single point only)">
          <input
            id="edit-declaredAreaHectares"
            name="declaredAreaHectares"
            inputMode="decimal"
            defaultValue={values.declaredAreaHectares}
            className={input}
          />
        </FormField>
        <FormField field={f("reason")} label="Why the boundary changes (optional)">
          <input id="edit-reason" name="reason" defaultValue={editing ? values.reason : ""} className={input} />
        </FormField>
        <button type="submit" className="w-full rounded-md bg-green-800 px-4 py-2 font-semibold text-white sm:w-auto">
          Save the new boundary
        </button>
      </form>

      {loaderData.canRetire && (
        <Section id="retire" className="mt-8 rounded-md border border-red-200 bg-white p-3" title="Retire this plot">
          <p className="text-sm text-slate-700">
            A retired plot is never deleted: its history stays, but it leaves the visit queue and no new purchase can
            use it.
          </p>
          {retireItems.length > 0 && <ErrorSummary items={retireItems} />}
          <form method="post" className="mt-2 space-y-3" noValidate>
            <CsrfInput token={user.csrf} />
            <input type="hidden" name="intent" value="retire" />
            <input type="hidden" name="baseVersion" value={plot.version} />
            <FormField field={f("reason", "retire")} label="Reason">
              <input id="retire-reason" name="reason" defaultValue={!editing ? values.reason : ""} className={input} />
            </FormField>
            <button type="submit" className="rounded-md border border-red-700 px-4 py-2 font-semibold text-red-800">
              Retire the plot
            </button>
          </form>
        </Section>
      )}
    </WorkShell>
  );
}
