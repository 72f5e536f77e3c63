import { useForm } from "#app/lib/light-form";
import { IntentForm } from "./intent-form";
import { type BatchData, type FormResult, TextField } from "./shared";

/**
 * A correction (ADR 031): the purchase or the warehouse inspection gets a new version beside the
 * old one, or the latest custody step is voided. A reason is always required. The form's texts,
 * fields and hidden values come from the loader (`correctionForms`), keeping the bundle small.
 */
export function CorrectionForm({
  spec,
  csrf,
  result,
}: {
  spec: BatchData["correctionForms"][number];
  csrf: string;
  result: FormResult;
}) {
  const [form, fields] = useForm<Record<string, string>>({
    id: spec.intent,
    lastResult: result,
    defaultValue: spec.values,
  });
  return (
    <IntentForm
      form={form as never}
      fields={fields as never}
      names={[...spec.fields.map((f) => f[0]), "reason"]}
      intent={spec.intent}
      csrf={csrf}
      title={spec.title}
      submit={spec.submit}
      tone="slate"
      hidden={spec.hidden}
    >
      {spec.fields.map(([n, label, mode]) => (
        <TextField key={n} meta={fields[n] as never} label={label} inputMode={mode ?? "decimal"} />
      ))}
      <TextField meta={fields.reason as never} label="Reason" hint={spec.hint} />
    </IntentForm>
  );
}
