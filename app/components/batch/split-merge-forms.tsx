import type { z } from "zod";
import { PLACE_HINT } from "#app/content/batches";
import { useForm } from "#app/lib/light-form";
import type { MergeFormSchema, SplitSchema } from "#worker/contracts/batches";
import { IntentForm } from "./intent-form";
import { type FormResult, kg, TextField } from "./shared";

/** Splits the batch into several new batches by weight; each keeps every origin plot. */
export function SplitForm({ weightKg, csrf, result }: { weightKg: number; csrf: string; result: FormResult }) {
  const [form, fields] = useForm<z.input<typeof SplitSchema>>({
    id: "split",
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <IntentForm
      form={form as never}
      fields={fields as never}
      names={["weights", "location", "note"]}
      intent="split"
      csrf={csrf}
      title="Split this batch"
      submit="Split"
      tone="slate"
    >
      <TextField
        meta={fields.weights}
        label="Weights of the new batches (kg)"
        hint={`Separated by commas, e.g. 400, 350 — together at most ${kg(weightKg)}. Every new batch keeps every origin plot.`}
      />
      <TextField meta={fields.location} label="Place (optional)" hint={PLACE_HINT} />
      <TextField meta={fields.note} label="Note (optional)" />
    </IntentForm>
  );
}

/** Merges other batches (same commodity and stage) with this one into a new batch. */
export function MergeForm({ csrf, result }: { csrf: string; result: FormResult }) {
  const [form, fields] = useForm<z.input<typeof MergeFormSchema>>({
    id: "merge",
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <IntentForm
      form={form as never}
      fields={fields as never}
      names={["withCodes", "location", "note"]}
      intent="merge"
      csrf={csrf}
      title="Merge with other batches"
      submit="Merge"
      tone="slate"
    >
      <TextField
        meta={fields.withCodes}
        label="Codes of the batches to merge with this one"
        hint="Same commodity, same stage; separated by commas. The merged batch keeps every origin plot."
      />
      <TextField meta={fields.location} label="Place (optional)" hint={PLACE_HINT} />
      <TextField meta={fields.note} label="Note (optional)" />
    </IntentForm>
  );
}
