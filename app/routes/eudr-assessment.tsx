import { type FieldMetadata, getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { CsrfInput, ErrorSummary, pageMeta, type SummaryItem } from "#app/components/kit";
import { COUNTIES } from "#worker/content/counties";
import { RISK_LABEL } from "#worker/content/land-plots";
import { AssessFormSchema, CountyJobFormSchema, LAYER_KIND_LABEL, LayerUploadFormSchema } from "#worker/contracts/eudr";
import { LAYER_KINDS } from "#worker/domain/assess-risk";
import { WorkShell } from "../components/work-shell";
import type { Route } from "./+types/eudr-assessment";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./eudr-assessment.server";

const TITLE = "EUDR assessment";
export const meta = () => pageMeta(TITLE);

const VERDICT_STYLE: Record<string, string> = {
  low: "bg-green-100 text-green-900",
  high: "bg-red-100 text-red-900",
  more_information_needed: "bg-amber-100 text-amber-950",
};
const input = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2";
const button = "rounded-md bg-green-800 px-4 py-2.5 font-semibold text-white";
const section = "mt-6 rounded-md border border-slate-200 bg-white p-4";
const h2 = "text-lg font-bold text-slate-900";

function SampleBadge() {
  return <span className="ml-1 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-bold text-amber-950">SAMPLE</span>;
}

function Verdict({ verdict }: { verdict: string }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-bold ${VERDICT_STYLE[verdict] ?? ""}`}>
      {RISK_LABEL[verdict] ?? verdict}
    </span>
  );
}

type EvidenceRow = {
  kind: string;
  layerName: string;
  version: string;
  sourceDate: string;
  sample: boolean;
  present: boolean;
  overlapHectares: number;
  overlapPercent: number;
};

/** The layers behind a verdict: name, version, date and overlap — the counting ones first. */
function EvidenceList({ evidence }: { evidence: EvidenceRow[] }) {
  if (!evidence.length) return <span className="text-slate-500">No layer has data for this plot</span>;
  const sorted = [...evidence].sort((a, b) => Number(b.present) - Number(a.present));
  return (
    <ul className="space-y-0.5">
      {sorted.map((e) => (
        <li key={`${e.kind}-${e.layerName}-${e.version}`} className={e.present ? "" : "text-slate-500"}>
          {LAYER_KIND_LABEL[e.kind as keyof typeof LAYER_KIND_LABEL] ?? e.kind}: {e.layerName} {e.version} (
          {e.sourceDate}) — {e.overlapHectares} ha, {e.overlapPercent}%{e.sample && <SampleBadge />}
        </li>
      ))}
    </ul>
  );
}

function FieldError({ field }: { field: FieldMetadata<unknown> }) {
  if (!field.errors?.length) return null;
  return (
    <div id={field.errorId} className="text-sm font-semibold text-red-700">
      {field.errors.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}

function summaryItems(
  formError: string | null | undefined,
  formErrors: string[] | undefined,
  fields: FieldMetadata<unknown>[],
): SummaryItem[] {
  return [
    ...(formError ? [{ message: formError }] : []),
    ...(formErrors ?? []).map((message) => ({ message })),
    ...fields.flatMap((f) => (f.errors ?? []).map((message) => ({ fieldId: f.id, message }))),
  ];
}

export default function EudrAssessment({ loaderData, actionData }: Route.ComponentProps) {
  const { user, canManage, demo, layers, jobs, verdicts, notice, jobActive, focusJobId, maxFileMiB } = loaderData;
  const last = (intent: string) => (actionData?.intent === intent ? (actionData.result ?? undefined) : undefined);
  const formError = (intent: string) => (actionData?.intent === intent ? actionData.formError : null);

  const [uploadForm, upload] = useForm({
    id: "upload-layer",
    lastResult: last("upload-layer"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LayerUploadFormSchema }),
  });
  const [assessForm, assess] = useForm({
    id: "assess",
    lastResult: last("assess"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AssessFormSchema }),
    defaultValue: { target: "plot" },
  });
  const [jobForm, job] = useForm({
    id: "county-job",
    lastResult: last("county-job"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CountyJobFormSchema }),
  });
  const results = actionData?.intent === "assess" ? actionData.results : null;

  return (
    <WorkShell title={TITLE} user={user}>
      {/* Works with JavaScript off: the page reloads itself while a background job runs. */}
      {jobActive && !actionData && <meta httpEquiv="refresh" content="3" />}
      <p className="text-sm text-slate-700">
        Each plot is intersected with every active reference layer and judged by the convergence-of-evidence method: low
        if there was no tree cover at the end of 2020, the commodity was already there in 2020, or the forest was
        disturbed before 2020; high after a disturbance following 31 December 2020 or inside a protected area; otherwise
        more information is needed. A layer counts when it covers at least 10% of the plot. Without layer data a plot is
        never “low”.
      </p>
      {notice && (
        <p
          role="status"
          className="mt-3 rounded-md bg-green-50 p-3 text-sm font-semibold text-green-900"
          data-testid="notice"
        >
          {notice}
        </p>
      )}
      {formError("install-sample") && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm font-semibold text-red-900">
          {formError("install-sample")}
        </p>
      )}

      <section className={section} aria-labelledby="layers-title">
        <h2 id="layers-title" className={h2}>
          Reference layers in use
        </h2>
        {layers.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700" data-testid="no-layers">
            No reference layers yet: every plot gets “More information needed” until an administrator uploads them.
          </p>
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-sm" data-testid="layers-table">
              <thead>
                <tr className="bg-slate-100 text-left">
                  <th scope="col" className="p-2">
                    Kind
                  </th>
                  <th scope="col" className="p-2">
                    Name
                  </th>
                  <th scope="col" className="p-2">
                    Source
                  </th>
                  <th scope="col" className="p-2">
                    Date
                  </th>
                  <th scope="col" className="p-2">
                    Version
                  </th>
                  <th scope="col" className="p-2 text-right">
                    Features
                  </th>
                </tr>
              </thead>
              <tbody>
                {layers.map((l) => (
                  <tr key={l.id} className="border-t align-top">
                    <td className="p-2">{l.kindLabel}</td>
                    <td className="p-2">
                      {l.name}
                      {l.sample && <SampleBadge />}
                    </td>
                    <td className="p-2 text-xs text-slate-700">{l.source}</td>
                    <td className="p-2 whitespace-nowrap">{l.sourceDate}</td>
                    <td className="p-2">
                      <a
                        href={`/api/eudr/layers/${l.id}/geojson`}
                        className="text-green-800 underline"
                        title="Download the original file"
                      >
                        {l.version}
                      </a>
                    </td>
                    <td className="p-2 text-right tabular-nums">{l.featureCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {canManage && demo && (
          <form method="post" className="mt-3">
            <CsrfInput token={user.csrf} />
            <input type="hidden" name="intent" value="install-sample" />
            <button
              type="submit"
              className="rounded-md border border-amber-600 bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-950"
            >
              Load the sample layers for Liberia
            </button>
            <span className="ml-2 text-xs text-slate-600">Demo mode only. Sample data — not authoritative.</span>
          </form>
        )}
      </section>

      {canManage && (
        <section className={section} aria-labelledby="upload-title">
          <h2 id="upload-title" className={h2}>
            Upload a reference layer
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            A GeoJSON FeatureCollection of Polygon or MultiPolygon features in WGS84 ([longitude, latitude]), up to{" "}
            {maxFileMiB} MiB. Uploading a layer with the same kind and name creates a new version; the previous one is
            retired but kept for past verdicts.
          </p>
          <form
            method="post"
            encType="multipart/form-data"
            {...getFormProps(uploadForm)}
            className="mt-3 grid gap-3 sm:grid-cols-2"
          >
            <CsrfInput token={user.csrf} />
            <input type="hidden" name="intent" value="upload-layer" />
            <div className="sm:col-span-2">
              <ErrorSummary
                items={summaryItems(formError("upload-layer"), uploadForm.errors, [
                  upload.kind,
                  upload.name,
                  upload.source,
                  upload.sourceDate,
                  upload.file,
                ] as FieldMetadata<unknown>[])}
              />
            </div>
            <div>
              <label htmlFor={upload.kind.id} className="block text-sm font-semibold">
                Kind of layer
              </label>
              <FieldError field={upload.kind as FieldMetadata<unknown>} />
              <select {...getSelectProps(upload.kind)} key={upload.kind.key} className={input}>
                <option value="">Choose…</option>
                {LAYER_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {LAYER_KIND_LABEL[k]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={upload.name.id} className="block text-sm font-semibold">
                Name
              </label>
              <FieldError field={upload.name as FieldMetadata<unknown>} />
              <input {...getInputProps(upload.name, { type: "text" })} key={upload.name.key} className={input} />
            </div>
            <div>
              <label htmlFor={upload.source.id} className="block text-sm font-semibold">
                Source (publisher, dataset, version)
              </label>
              <FieldError field={upload.source as FieldMetadata<unknown>} />
              <input {...getInputProps(upload.source, { type: "text" })} key={upload.source.key} className={input} />
            </div>
            <div>
              <label htmlFor={upload.sourceDate.id} className="block text-sm font-semibold">
                Date of the data
              </label>
              <FieldError field={upload.sourceDate as FieldMetadata<unknown>} />
              <input
                {...getInputProps(upload.sourceDate, { type: "date" })}
                key={upload.sourceDate.key}
                className={input}
              />
            </div>
            <div className="sm:col-span-2">
              <label htmlFor={upload.file.id} className="block text-sm font-semibold">
                GeoJSON file
              </label>
              <FieldError field={upload.file as FieldMetadata<unknown>} />
              <input
                {...getInputProps(upload.file, { type: "file" })}
                key={upload.file.key}
                accept=".geojson,.json,application/geo+json,application/json"
                className={input}
              />
            </div>
            <div>
              <button type="submit" className={button}>
                Upload layer
              </button>
            </div>
          </form>
        </section>
      )}

      <section className={section} aria-labelledby="assess-title">
        <h2 id="assess-title" className={h2}>
          Assess a plot, a farmer's plots or a batch
        </h2>
        <form method="post" {...getFormProps(assessForm)} className="mt-3 grid gap-3 sm:grid-cols-3">
          <CsrfInput token={user.csrf} />
          <input type="hidden" name="intent" value="assess" />
          <div className="sm:col-span-3">
            <ErrorSummary
              items={summaryItems(formError("assess"), assessForm.errors, [
                assess.target,
                assess.value,
              ] as FieldMetadata<unknown>[])}
            />
          </div>
          <div>
            <label htmlFor={assess.target.id} className="block text-sm font-semibold">
              What to assess
            </label>
            <FieldError field={assess.target as FieldMetadata<unknown>} />
            <select {...getSelectProps(assess.target)} key={assess.target.key} className={input}>
              <option value="plot">A plot (plot code)</option>
              <option value="farmer">A farmer's plots (farmer ID)</option>
              <option value="batch">A batch's origin plots (batch code)</option>
            </select>
          </div>
          <div>
            <label htmlFor={assess.value.id} className="block text-sm font-semibold">
              Plot code, farmer ID or batch code
            </label>
            <FieldError field={assess.value as FieldMetadata<unknown>} />
            <input
              {...getInputProps(assess.value, { type: "text" })}
              key={assess.value.key}
              className={input}
              autoCapitalize="characters"
            />
          </div>
          <div className="flex items-end">
            <button type="submit" className={button}>
              Assess now
            </button>
          </div>
        </form>
        {results && (
          <div className="mt-4" data-testid="assess-results">
            <h3 className="font-bold">
              {results.length} verdict(s) for {actionData?.scope}
            </h3>
            <ul className="mt-2 space-y-3 text-sm">
              {results.map((r) => (
                <li key={r.plotId} className="rounded border border-slate-200 p-2">
                  <Link to={`/land-plot-details/${r.plotId}`} className="font-mono text-green-800 underline">
                    {r.plotCode}
                  </Link>{" "}
                  <Verdict verdict={r.verdict} />
                  <ul className="mt-1 list-disc pl-5">
                    {r.reasons.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                  <div className="mt-1 text-xs">
                    <EvidenceList evidence={r.evidence} />
                  </div>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      <section className={section} aria-labelledby="job-title">
        <h2 id="job-title" className={h2}>
          Assess all plots of a county
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Runs in the background; this page shows its progress and refreshes itself while it runs.
        </p>
        <form method="post" {...getFormProps(jobForm)} className="mt-3 flex flex-wrap items-end gap-3">
          <CsrfInput token={user.csrf} />
          <input type="hidden" name="intent" value="county-job" />
          <div className="w-full">
            <ErrorSummary
              items={summaryItems(formError("county-job"), jobForm.errors, [job.county] as FieldMetadata<unknown>[])}
            />
          </div>
          <div className="min-w-56">
            <label htmlFor={job.county.id} className="block text-sm font-semibold">
              County
            </label>
            <FieldError field={job.county as FieldMetadata<unknown>} />
            <select {...getSelectProps(job.county)} key={job.county.key} className={input}>
              <option value="">Choose…</option>
              {COUNTIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={button}>
            Start the assessment
          </button>
        </form>
        {jobs.length > 0 && (
          <ul className="mt-4 space-y-2 text-sm" data-testid="jobs">
            {jobs.map((j) => (
              <li
                key={j.id}
                className={`rounded border p-2 ${j.id === focusJobId ? "border-green-700" : "border-slate-200"}`}
                data-testid={`job-${j.id}`}
              >
                <span className="font-semibold">{j.label || `${j.scope} ${j.scopeValue ?? ""}`}</span> —{" "}
                <span data-testid="job-status">
                  {j.status === "done"
                    ? "Done"
                    : j.status === "failed"
                      ? "Failed"
                      : j.status === "running"
                        ? "Running"
                        : "Waiting"}
                </span>
                : {j.done} of {j.total} plot(s)
                <progress
                  value={j.percent}
                  max={100}
                  className="ml-2 align-middle"
                  aria-label={`Progress ${j.percent}%`}
                >
                  {j.percent}%
                </progress>
                <span className="ml-2 text-xs text-slate-600">
                  Low {j.counts.low} · High {j.counts.high} · More information needed {j.counts.more_information_needed}
                </span>
                {j.lastError && <span className="block text-xs text-red-700">Last error: {j.lastError}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={section} aria-labelledby="verdicts-title">
        <h2 id="verdicts-title" className={h2}>
          Recent verdicts
        </h2>
        {verdicts.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No plot has been assessed yet.</p>
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-sm" data-testid="verdicts-table">
              <thead>
                <tr className="bg-slate-100 text-left">
                  <th scope="col" className="p-2">
                    Plot
                  </th>
                  <th scope="col" className="p-2">
                    Verdict
                  </th>
                  <th scope="col" className="p-2">
                    Evidence
                  </th>
                  <th scope="col" className="p-2">
                    Assessed
                  </th>
                  <th scope="col" className="p-2">
                    Export
                  </th>
                </tr>
              </thead>
              <tbody>
                {verdicts.map((v) => (
                  <tr key={v.id} className="border-t align-top">
                    <td className="p-2">
                      <Link to={`/land-plot-details/${v.plotId}`} className="font-mono text-green-800 underline">
                        {v.plotCode}
                      </Link>
                      <span className="block text-xs text-slate-500">{v.county}</span>
                    </td>
                    <td className="p-2">
                      <Verdict verdict={v.verdict} />
                      <span className="mt-1 block text-xs text-slate-700">{v.reasons[0]}</span>
                    </td>
                    <td className="p-2 text-xs">
                      <EvidenceList evidence={v.evidence} />
                    </td>
                    <td className="p-2 text-xs whitespace-nowrap">{v.assessedAt.slice(0, 16).replace("T", " ")} UTC</td>
                    <td className="p-2">
                      <a
                        href={`/api/eudr/export?plotIds=${encodeURIComponent(v.plotId)}`}
                        className="text-green-800 underline"
                      >
                        GeoJSON
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className={section} aria-labelledby="export-title">
        <h2 id="export-title" className={h2}>
          Export for the due diligence statement (GeoJSON)
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          One feature per plot with ProducerName, ProducerCountry “LR”, ProductionPlace and Area (ha). Large exports are
          split into packages of at most 25 MB and 1,000 producers per commodity: “List packages” shows them all. Plots
          with an invalid geometry are refused.
        </p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {(
            [
              ["farmerId", "Farmer ID", "FRM000123"],
              ["batchCode", "Batch or shipment code", ""],
            ] as const
          ).map(([name, label, placeholder]) => (
            <form key={name} method="get" action="/api/eudr/export" className="flex flex-wrap items-end gap-2">
              <label className="block grow text-sm font-semibold">
                {label}
                <input name={name} required placeholder={placeholder} className={input} />
              </label>
              <label className="flex items-center gap-1 text-sm">
                <input type="checkbox" name="manifest" value="1" /> List packages
              </label>
              <button type="submit" className={button}>
                Download
              </button>
            </form>
          ))}
        </div>
      </section>
    </WorkShell>
  );
}
