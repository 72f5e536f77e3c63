import type { z } from "zod";
import { PLACE_HINT } from "#app/content/batches";
import { useForm } from "#app/lib/light-form";
import type { MergeFormSchema, SplitSchema } from "#worker/contracts/batches";
import { IntentForm } from "./intent-form";
import { type FormResult, kg, TextField } from "./shared";

type Input = z.input<typeof SplitSchema> & z.input<typeof MergeFormSchema>;

/**
 * Split and merge share one frame: the field that says which batches (weights or codes), then
 * the optional place and note; both are slate-toned forms posting their own `intent`.
 */
function RegroupForm({
  intent,
  field,
  title,
  submit,
  label,
  hint,
  csrf,
  result,
}: {
  intent: "split" | "merge";
  field: "weights" | "withCodes";
  title: string;
  submit: string;
  label: string;
  hint: string;
  csrf: string;
  result: FormResult;
}) {
  const [form, fields] = useForm<Input>({
    id: intent,
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <IntentForm
      form={form as never}
      fields={fields as never}
      names={[field, "location", "note"]}
      intent={intent}
      csrf={csrf}
      title={title}
      submit={submit}
      tone="slate"
    >
      <TextField meta={fields[field]} label={label} hint={hint} />
      <TextField meta={fields.location} label="Place (optional)" hint={PLACE_HINT} />
      <TextField meta={fields.note} label="Note (optional)" />
    </IntentForm>
  );
}

/** Splits the batch into several new batches by weight; each keeps every origin plot. */
export function SplitForm({ weightKg, csrf, result }: { weightKg: number; csrf: string; result: FormResult }) {
  return (
    <RegroupForm
      intent="split"
      field="weights"
      title="Split this batch"
      submit="Split"
      label="Weights of the new batches (kg)"
      hint={`Separated by commas, e.g. 400, 350 — together at most ${kg(weightKg)}. Every new batch keeps every origin plot.`}
      csrf={csrf}
      result={result}
    />
  );
}

/** Merges other batches (same commodity and stage) with this one into a new batch. */
export function MergeForm({ csrf, result }: { csrf: string; result: FormResult }) {
  return (
    <RegroupForm
      intent="merge"
      field="withCodes"
      title="Merge with other batches"
      submit="Merge"
      label="Codes of the batches to merge with this one"
      hint="Same commodity, same stage; separated by commas. The merged batch keeps every origin plot."
      csrf={csrf}
      result={result}
    />
  );
}
