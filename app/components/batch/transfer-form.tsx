import type { z } from "zod";
import { GpsFields, gpsField } from "#app/components/gps-fields";
import { FormField } from "#app/components/kit/form-field";
import { Options } from "#app/components/kit/options";
import { PLACE_HINT } from "#app/content/batches";
import { getSelectProps, useForm } from "#app/lib/light-form";
import type { TransferSchema } from "#worker/contracts/batches";
import { QUALITY_GRADES } from "#worker/domain/commodities";
import { type ChainStatus, GRADING_STEPS, STEP_NAME } from "#worker/domain/custody";
import { IntentForm } from "./intent-form";
import { type FormResult, input, TextField } from "./shared";

/** Records the next custody step (warehouse intake, inspection, export…) of the batch. */
export function TransferForm({
  to,
  weightKg,
  csrf,
  result,
}: {
  to: ChainStatus;
  weightKg: number;
  csrf: string;
  result: FormResult;
}) {
  const [form, fields] = useForm<z.input<typeof TransferSchema>>({
    id: `transfer-${to}`,
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { weightInKg: String(weightKg) },
  });
  const grading = GRADING_STEPS.includes(to);
  const names = [
    "weightInKg",
    "weightOutKg",
    ...(grading ? ["grade"] : []),
    "location",
    "latitude",
    "longitude",
    "note",
  ];
  return (
    <IntentForm
      form={form as never}
      fields={fields as never}
      names={names}
      intent="transfer"
      hidden={{ toStatus: to }}
      csrf={csrf}
      title={`Record ${STEP_NAME[to]}`}
      submit={`Record ${STEP_NAME[to]}`}
    >
      <div className="grid grid-cols-2 gap-3">
        <TextField meta={fields.weightInKg} label="Weight in (kg)" hint="What you received" inputMode="decimal" />
        <TextField meta={fields.weightOutKg} label="Weight out (kg)" hint="After this step" inputMode="decimal" />
      </div>
      {grading && (
        <FormField field={fields.grade} label="Quality grade found (optional)" small>
          <select {...getSelectProps(fields.grade)} key={fields.grade.key} className={input}>
            <Options none="Keep the current grade" items={QUALITY_GRADES} />
          </select>
        </FormField>
      )}
      <TextField meta={fields.location} label="Place" hint={PLACE_HINT} />
      <GpsFields latitude={gpsField(fields.latitude)} longitude={gpsField(fields.longitude)} />
      <TextField meta={fields.note} label="Note (optional)" />
    </IntentForm>
  );
}
