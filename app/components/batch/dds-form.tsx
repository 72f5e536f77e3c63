import type { z } from "zod";
import { useForm } from "#app/lib/light-form";
import type { DdsSchema } from "#worker/contracts/batches";
import { IntentForm } from "./intent-form";
import { type BatchData, type FormResult, TextField } from "./shared";

/** Records the EU due diligence statement's reference and verification numbers. */
export function DdsForm({ batch, csrf, result }: { batch: BatchData["batch"]; csrf: string; result: FormResult }) {
  const [form, fields] = useForm<z.input<typeof DdsSchema>>({
    id: "dds",
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { ddsReference: batch.ddsReference ?? "", ddsVerification: batch.ddsVerification ?? "" },
  });
  return (
    <IntentForm
      form={form as never}
      fields={fields as never}
      names={["ddsReference", "ddsVerification", "reason"]}
      intent="dds"
      csrf={csrf}
      title="EU due diligence statement"
      submit="Save DDS numbers"
      intro={
        <p className="text-sm text-slate-700">
          Once the EU buyer has filed the DDS in the EU information system, record the numbers it gave them.
        </p>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField meta={fields.ddsReference} label="DDS reference number" />
        <TextField meta={fields.ddsVerification} label="DDS verification number" />
      </div>
      {batch.ddsReference && (
        <TextField
          meta={fields.reason}
          label="Reason for changing them"
          hint="At least 10 characters, kept with the new version; the numbers recorded before stay in the history"
        />
      )}
    </IntentForm>
  );
}
