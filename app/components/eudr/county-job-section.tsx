import type { z } from "zod";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary, summaryItems } from "#app/components/kit/error-summary";
import { FieldError } from "#app/components/kit/form-field";
import { Options } from "#app/components/kit/options";
import { getFormProps, getSelectProps, useForm } from "#app/lib/light-form";
import { COUNTIES } from "#worker/content/counties";
import type { CountyJobFormSchema } from "#worker/contracts/eudr";
import { button, type EudrActionData, type EudrData, h2, input, replyFor, section } from "./shared";

const JOB_STATUS: Record<string, string> = { done: "Done", failed: "Failed", running: "Running" };

/** Start a background assessment of a county's plots, and follow the jobs' progress. */
export function CountyJobSection({ d, actionData }: { d: EudrData; actionData: EudrActionData }) {
  const { user, jobs, focusJobId } = d;
  const { result, formError } = replyFor(actionData, "county-job");
  const [jobForm, job] = useForm<z.input<typeof CountyJobFormSchema>>({
    id: "county-job",
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
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
          <ErrorSummary items={summaryItems([formError, ...(jobForm.errors ?? [])], [job.county])} />
        </div>
        <div className="min-w-56">
          <label htmlFor={job.county.id} className="block text-sm font-semibold">
            County
          </label>
          <FieldError field={job.county} all />
          <select {...getSelectProps(job.county)} key={job.county.key} className={input}>
            <Options none="Choose…" items={COUNTIES} />
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
              <span data-testid="job-status">{JOB_STATUS[j.status] ?? "Waiting"}</span>: {j.done} of {j.total} plot(s)
              <progress value={j.percent} max={100} className="ml-2 align-middle" aria-label={`Progress ${j.percent}%`}>
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
  );
}
