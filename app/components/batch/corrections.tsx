import { useForm } from "#app/lib/light-form";
import { IntentForm } from "./intent-form";
import { type BatchData, type FormResult, stage, TextField } from "./shared";

/**
 * A correction (ADR 031): the purchase gets a new version beside the old one, or the latest custody
 * step is voided (the batch goes back to where it was before it). A reason is always required.
 */
export function CorrectionForm({
  d,
  csrf,
  result,
  intent,
}: {
  d: BatchData;
  csrf: string;
  result: FormResult;
  intent: "correct_purchase" | "void_step";
}) {
  const [form, fields] = useForm<{ weightKg?: number; reason: string }>({
    id: intent,
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const purchase = intent === "correct_purchase";
  return (
    <IntentForm
      form={form as never}
      fields={fields as never}
      names={["weightKg", "reason"]}
      intent={intent}
      csrf={csrf}
      title={purchase ? "Correct the purchase" : `Void the step "${stage(d.corrections.voidStep ?? "")}"`}
      submit={purchase ? "Record the correction" : "Void this step"}
      tone="slate"
      hidden={
        purchase ? { baseVersion: String(d.corrections.purchaseVersion) } : { toStatus: d.corrections.voidStep ?? "" }
      }
    >
      {purchase && <TextField meta={fields.weightKg} label="Correct weight (kg)" inputMode="decimal" />}
      <TextField meta={fields.reason} label="Reason" hint="At least 10 characters, kept with the record" />
    </IntentForm>
  );
}

/** Every version of the batch's corrected or voided records, oldest first (texts made on the server). */
export function VersionHistory({ d }: { d: BatchData }) {
  return (
    <section aria-labelledby="versions" className="mt-6">
      <h2 id="versions" className="mb-2 text-lg font-bold">
        Corrections and versions
      </h2>
      <ol className="space-y-1 text-sm" data-testid="record-versions">
        {d.versions.map((v) => (
          <li key={v.key}>{v.cells.join(" · ")}</li>
        ))}
      </ol>
      {!d.versions.length && <p className="text-sm">No record of this batch has been corrected or voided.</p>}
    </section>
  );
}
