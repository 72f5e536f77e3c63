import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary } from "#app/components/kit/error-summary";
import { type BatchActionData, type BatchData, button } from "./shared";

/** Marks the batch EUDR-compliant, or re-checks it against the plots' latest verdicts. */
export function ComplianceForm({
  data: d,
  csrf,
  actionData,
}: {
  data: BatchData;
  csrf: string;
  actionData: BatchActionData;
}) {
  const errors: string[] = actionData?.intent === "compliance" ? (actionData.result.error?.[""] ?? []) : [];
  const eligible = d.eligibility.verdict === "eligible";
  return (
    <form method="post" className="space-y-2 rounded-md border border-green-200 bg-white p-4">
      <h3 className="font-bold">EUDR compliance</h3>
      <CsrfInput token={csrf} />
      <input type="hidden" name="intent" value="compliance" />
      <ErrorSummary items={errors.map((message) => ({ message }))} />
      <p className="text-sm">{d.eligibility.reason}.</p>
      <div className="flex flex-wrap gap-2">
        {d.batch.complianceStatus !== "compliant" && (
          <button
            type="submit"
            name="decision"
            value="mark_compliant"
            className={
              eligible ? button : "rounded-md border border-slate-400 px-4 py-2.5 font-semibold text-slate-700"
            }
          >
            Mark EUDR-compliant
          </button>
        )}
        <button
          type="submit"
          name="decision"
          value="recheck"
          className="rounded-md border border-green-800 px-4 py-2.5 font-semibold text-green-800"
        >
          Re-check against the plots' latest verdicts
        </button>
      </div>
    </form>
  );
}
