import { Link } from "react-router";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary, summaryItems } from "#app/components/kit/error-summary";
import { FieldError, FormField } from "#app/components/kit/form-field";
import { pageMeta } from "#app/components/kit/page-meta";
import { replyView } from "#app/lib/light-form";
import { VISIT_DECISION_LABEL, VISIT_DECISIONS } from "#worker/domain/visit-queue";
import { GpsFields } from "../components/gps-fields";
import { OutboxNotice } from "../components/outbox-notice";
import { WorkShell } from "../components/work-shell";
import { useOutboxForm } from "../lib/use-outbox-form";
import type { Route } from "./+types/plot-visit";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./plot-visit.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(`Record a field visit${loaderData ? ` — ${loaderData.plot.plotCode}` : ""}`);
}

export { outboxPageHeaders as headers } from "#app/lib/page-form.server";

const input = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2";

export default function PlotVisit({ loaderData, actionData }: Route.ComponentProps) {
  const { plot, user } = loaderData;
  const outbox = useOutboxForm({
    formId: "plot-visit",
    kind: "visit",
    owner: user.loginId,
    label: (form) => `Field visit to ${plot.plotCode} on ${form.get("visitedOn") ?? ""}`,
  });
  const reply = replyView(actionData);
  const values = reply?.values ?? {};
  const errors = reply?.errors ?? {};
  const f = (name: string) => ({ id: `visit-${name}`, name, errors: errors[name] });
  const fields = ["visitedOn", "latitude", "longitude", "findings", "decision", "photos"].map(f);
  const items = summaryItems([reply?.message], fields);
  const decision = f("decision");
  return (
    <WorkShell title={`Record a field visit — ${plot.plotCode}`} user={user}>
      <p className="mb-3 text-sm text-slate-700">
        Plot{" "}
        <Link to={`/land-plot-details/${plot.id}`} className="font-mono text-green-800 underline">
          {plot.plotCode}
        </Link>{" "}
        of farmer {plot.farmerId}, {plot.county ?? "county unknown"}, boundary version {plot.version}. The farmer is
        notified of the visit.
      </p>
      {items.length > 0 && <ErrorSummary items={items} />}
      <form method="post" id="plot-visit" encType="multipart/form-data" className="space-y-4" noValidate>
        <CsrfInput token={user.csrf} />
        <OutboxNotice state={outbox} />
        <input type="hidden" name="submissionId" value={values.submissionId || loaderData.submissionId} />
        <FormField field={f("visitedOn")} label="Date of the visit">
          <input
            id="visit-visitedOn"
            name="visitedOn"
            type="date"
            max={loaderData.today}
            defaultValue={values.visitedOn ?? loaderData.today}
            className={input}
          />
        </FormField>
        <GpsFields
          latitude={{ ...f("latitude"), defaultValue: values.latitude }}
          longitude={{ ...f("longitude"), defaultValue: values.longitude }}
        />
        <FormField
          field={f("findings")}
          label="Findings"
          hint="What you saw: boundary markers, crop, neighbours, any dispute."
        >
          <textarea id="visit-findings" name="findings" rows={5} defaultValue={values.findings} className={input} />
        </FormField>
        <fieldset aria-describedby={decision.errors ? "visit-decision-error" : undefined}>
          <legend className="font-semibold">Decision</legend>
          <FieldError field={decision} />
          {VISIT_DECISIONS.map((d, i) => (
            <label key={d} className="mt-1 flex items-start gap-2">
              <input
                type="radio"
                name="decision"
                value={d}
                id={i === 0 ? "visit-decision" : `visit-decision-${d}`}
                defaultChecked={values.decision === d}
                className="mt-1"
              />
              <span>{VISIT_DECISION_LABEL[d]}</span>
            </label>
          ))}
        </fieldset>
        <FormField
          field={f("photos")}
          label="Photos (optional)"
          hint="Up to 4 JPEG, PNG or WebP photos, 2 MB each. Their location data is removed."
        >
          <input
            id="visit-photos"
            name="photos"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp"
            className="mt-1 block w-full text-sm"
          />
        </FormField>
        <button type="submit" className="w-full rounded-md bg-green-800 px-4 py-2 font-semibold text-white sm:w-auto">
          Record the visit
        </button>
      </form>
    </WorkShell>
  );
}
