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

/**
 * A correction of the batch's warehouse inspection (ADR 031): the measurements, prefilled with what
 * was recorded; the server computes the grade again and keeps the old version beside the new one.
 */
export function InspectionCorrectionForm({ d, csrf, result }: { d: BatchData; csrf: string; result: FormResult }) {
  const fix = d.corrections.inspection!;
  const cocoa = fix.commodity === "Cocoa";
  const names = cocoa
    ? [
        "moisturePercent",
        "beanCountPer100g",
        "mouldyPercent",
        "slatyPercent",
        "defectivePercent",
        "foreignMatterPercent",
      ]
    : ["moisturePercent", "defectsPer300g", "foreignMatterPercent"];
  const [form, fields] = useForm<Record<string, string>>({
    id: "correct_inspection",
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: fix.values,
  });
  const label: Record<string, string> = {
    moisturePercent: "Moisture (%)",
    beanCountPer100g: "Bean count per 100 g",
    mouldyPercent: "Mouldy beans (%)",
    slatyPercent: "Slaty beans (%)",
    defectivePercent: "Insect-damaged, germinated or flat (%)",
    foreignMatterPercent: "Foreign matter (%)",
    defectsPer300g: "Defects per 300 g",
  };
  return (
    <IntentForm
      form={form as never}
      fields={fields as never}
      names={[...names, "reason"]}
      intent="correct_inspection"
      csrf={csrf}
      title="Correct the warehouse inspection"
      submit="Record the correction"
      tone="slate"
      hidden={{ baseVersion: String(fix.version) }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {names.map((n) => (
          <TextField key={n} meta={fields[n] as never} label={label[n] ?? n} inputMode="decimal" />
        ))}
      </div>
      <TextField
        meta={fields.reason as never}
        label="Reason"
        hint="At least 10 characters; the grade is computed again"
      />
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
