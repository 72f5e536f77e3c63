import { FormField } from "#app/components/kit/form-field";
import { type FieldMetadata, getInputProps } from "#app/lib/light-form";
import { type ChainStatus, STATUS_LABEL } from "#worker/domain/custody";

/** What the batch page's loader and action hand to its sections and forms (#app/lib/batch-page). */
export type { BatchActionData, BatchPageData as BatchData, FormResult } from "#app/lib/batch-page";

export const input = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2";
export const button = "rounded-md bg-green-800 px-4 py-2.5 font-semibold text-white";
export const kg = (n: number | null | undefined) =>
  n == null ? "—" : `${n.toLocaleString("en-US", { maximumFractionDigits: 3 })} kg`;
export const stage = (s: string) => STATUS_LABEL[s as ChainStatus] ?? s;

/** A text field of the batch forms (small label, hint, message, input). */
export function TextField({
  meta,
  label,
  hint,
  inputMode,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  inputMode?: "decimal" | "text";
}) {
  return (
    <FormField field={meta} label={label} hint={hint} small>
      <input
        {...getInputProps(meta as FieldMetadata<string>, { type: "text" })}
        key={meta.key}
        inputMode={inputMode}
        className={input}
      />
    </FormField>
  );
}
