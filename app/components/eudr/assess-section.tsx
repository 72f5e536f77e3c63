import type { z } from "zod";
import { CodeLink } from "#app/components/kit/code-link";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary, summaryItems } from "#app/components/kit/error-summary";
import { FieldError } from "#app/components/kit/form-field";
import { getFormProps, getInputProps, getSelectProps, useForm } from "#app/lib/light-form";
import type { AssessFormSchema } from "#worker/contracts/eudr";
import {
  button,
  type EudrActionData,
  type EudrData,
  EvidenceList,
  h2,
  input,
  replyFor,
  section,
  Verdict,
} from "./shared";

/** Assess one plot, a farmer's plots or a batch's origin plots now, and show the verdicts. */
export function AssessSection({ d, actionData }: { d: EudrData; actionData: EudrActionData }) {
  const { user } = d;
  const { result, formError } = replyFor(actionData, "assess");
  const [assessForm, assess] = useForm<z.input<typeof AssessFormSchema>>({
    id: "assess",
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { target: "plot" },
  });
  const results = actionData?.intent === "assess" ? actionData.results : null;
  return (
    <section className={section} aria-labelledby="assess-title">
      <h2 id="assess-title" className={h2}>
        Assess a plot, a farmer's plots or a batch
      </h2>
      <form method="post" {...getFormProps(assessForm)} className="mt-3 grid gap-3 sm:grid-cols-3">
        <CsrfInput token={user.csrf} />
        <input type="hidden" name="intent" value="assess" />
        <div className="sm:col-span-3">
          <ErrorSummary
            items={summaryItems([formError, ...(assessForm.errors ?? [])], [assess.target, assess.value])}
          />
        </div>
        <div>
          <label htmlFor={assess.target.id} className="block text-sm font-semibold">
            What to assess
          </label>
          <FieldError field={assess.target} all />
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
          <FieldError field={assess.value} all />
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
                <CodeLink to={`/land-plot-details/${r.plotId}`} code={r.plotCode} /> <Verdict verdict={r.verdict} />
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
  );
}
