import { useEffect } from "react";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary } from "#app/components/kit/error-summary";
import { FieldError, FormField, noKey } from "#app/components/kit/form-field";
import { Options, PairOptions } from "#app/components/kit/options";
import { pageMeta } from "#app/components/kit/page-meta";
import { SubmitButton } from "#app/components/kit/submit-button";
import { getCollectionProps, getFormProps, getInputProps, getSelectProps, useForm } from "#app/lib/light-form";
import { COUNTIES } from "#worker/content/counties";
import type { ReportRequestSchema } from "#worker/contracts/reports";
import { CROPS } from "#worker/domain/commodities";
import { MONITORING_PERIODS, PERIOD_LABEL } from "#worker/domain/monitoring";
import { REPORT_KIND_HINT, REPORT_KIND_LABEL, type ReportKind } from "#worker/domain/reports/report-content";
import { ReportList, type ReportListItem, reportTitle } from "../components/report-list";
import { WorkShell } from "../components/work-shell";
import type { Route } from "./+types/generate-reports";

// The action's headers reach the page's answer (a quota's Retry-After), else the loader's.
export { outboxPageHeaders as headers } from "#app/lib/page-form.server";
export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./generate-reports.server";

const TITLE = "Generate reports";

export const meta = () => pageMeta(TITLE);

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700";
const FIELDS = ["kind", "period", "from", "to", "county", "commodity", "exporterId"] as const;

export default function GenerateReports({ loaderData, actionData }: Route.ComponentProps) {
  const { user, kinds, exporters, defaults, fixedPeriods, current, recent } = loaderData;
  const [form, fields] = useForm<z.input<typeof ReportRequestSchema>>({
    id: "generate-report",
    lastResult: actionData?.result ?? undefined,
    defaultValue: fixedPeriods
      ? { kind: kinds[0], period: "year" }
      : { kind: kinds[0], from: defaults.from, to: defaults.to },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const items = [
    ...(form.errors ?? []).map((message) => ({ message })),
    ...FIELDS.flatMap((name) =>
      (fields[name].errors ?? []).map((message) => ({
        fieldId: name === "kind" ? `${fields.kind.id}-${kinds[0]}` : fields[name].id,
        message,
      })),
    ),
  ];
  return (
    <WorkShell title={TITLE} user={user}>
      {current && <CurrentReport report={current} />}
      <form method="post" {...getFormProps(form)} className="max-w-xl space-y-4 rounded-lg bg-white p-4 shadow-sm">
        <CsrfInput token={user.csrf} />
        <ErrorSummary items={items} />
        <p className="text-sm text-slate-700">
          Reports hold aggregate figures only (counts, hectares, tonnages, verdict shares) — no personal data. The PDF
          is built in the background; an unchanged report is served again from the stored copy.
        </p>
        <fieldset aria-describedby={fields.kind.errors ? fields.kind.errorId : undefined}>
          <legend className="font-semibold">Kind of report</legend>
          <FieldError field={fields.kind} />
          <div className="mt-1 space-y-1">
            {getCollectionProps(fields.kind, { type: "radio", options: kinds }).map(({ key, ...props }) => (
              <label key={key} className="flex items-start gap-2 py-1">
                <input {...props} className="mt-0.5 h-5 w-5" />
                <span>
                  <span className="font-semibold">{REPORT_KIND_LABEL[props.value as ReportKind]}</span>
                  <span className="block text-sm text-slate-600">{REPORT_KIND_HINT[props.value as ReportKind]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {fixedPeriods ? (
          <FormField
            field={fields.period}
            label="Period"
            hint="Observers choose a fixed period: figures of two close date ranges could be subtracted"
          >
            <select {...noKey(getSelectProps(fields.period))} key={fields.period.key} className={inputClass}>
              <PairOptions pairs={MONITORING_PERIODS.map((p) => [p, PERIOD_LABEL[p]] as const)} />
            </select>
          </FormField>
        ) : (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField field={fields.from} label="From (first day)" hint="For example 2026-01-01">
              <input
                {...noKey(getInputProps(fields.from, { type: "date" }))}
                key={fields.from.key}
                className={inputClass}
              />
            </FormField>
            <FormField field={fields.to} label="To (last day)" hint="At most 5 years after the start">
              <input
                {...noKey(getInputProps(fields.to, { type: "date" }))}
                key={fields.to.key}
                className={inputClass}
              />
            </FormField>
          </div>
        )}
        <FormField field={fields.county} label="County (for a county report)">
          <select {...noKey(getSelectProps(fields.county))} key={fields.county.key} className={inputClass}>
            <Options none="Choose a county" items={COUNTIES} />
          </select>
        </FormField>
        <FormField field={fields.commodity} label="Commodity (for a commodity report)">
          <select {...noKey(getSelectProps(fields.commodity))} key={fields.commodity.key} className={inputClass}>
            <Options none="Choose a commodity" items={CROPS} />
          </select>
        </FormField>
        {kinds.includes("exporter") && (
          <FormField field={fields.exporterId} label="Exporter (for an exporter report; leave empty for all)">
            <select {...noKey(getSelectProps(fields.exporterId))} key={fields.exporterId.key} className={inputClass}>
              <Options none="All licensed exporters" items={exporters} value={(e) => e.id} text={(e) => e.name} />
            </select>
          </FormField>
        )}
        <SubmitButton
          busy="Requesting…"
          className="w-full rounded-md bg-green-800 px-4 py-3 font-semibold text-white disabled:opacity-60 sm:w-auto"
        >
          Generate report
        </SubmitButton>
      </form>
      <section className="mt-6" aria-labelledby="recent-title">
        <h2 id="recent-title" className="text-lg font-bold">
          Recent reports
        </h2>
        <ReportList reports={recent} pageLinks empty="No reports yet." />
      </section>
    </WorkShell>
  );
}

/** The requested report: progress while it builds (refreshing itself), then the download link. */
function CurrentReport({ report }: { report: ReportListItem }) {
  const revalidator = useRevalidator();
  const building = report.status === "queued" || report.status === "building";
  // With JavaScript: refresh the progress every 1.5 s. Without: the <noscript> refresh below.
  useEffect(() => {
    if (!building) return;
    const t = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), 1500);
    return () => clearInterval(t);
  }, [building, revalidator]);
  const percent = report.status === "ready" ? 100 : report.progress;
  return (
    <section
      aria-labelledby="current-title"
      className="mb-6 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="current-report"
    >
      {building && (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      )}
      <h2 id="current-title" className="font-bold">
        {reportTitle(report)}
      </h2>
      {report.status !== "failed" && (
        <progress max={100} value={percent} className="mt-2 h-3 w-full" aria-label="Report progress">
          {percent}%
        </progress>
      )}
      <p className="mt-1 text-sm" role="status" aria-live="polite">
        {report.status === "queued" && "Waiting to start…"}
        {report.status === "building" && `Building the report… ${percent} %`}
        {report.status === "ready" && "The report is ready."}
        {report.status === "failed" && (
          <span className="font-semibold text-red-700">The report could not be built. Please request it again.</span>
        )}
      </p>
      {report.pdfUrl && (
        <p className="mt-3">
          <a
            href={report.pdfUrl}
            target="_blank"
            rel="noopener"
            className="inline-block rounded-md bg-green-800 px-4 py-2.5 font-semibold text-white"
          >
            Download the PDF<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      )}
    </section>
  );
}
