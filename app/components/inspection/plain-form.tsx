import { ErrorSummary } from "#app/components/kit/error-summary";
import { FormField } from "#app/components/kit/form-field";
import type { SubmissionResult } from "#app/lib/light-form";

/**
 * What a page action answers (app/lib/page-form.server.ts, conform's `SubmissionResult`): what was
 * typed (kept on error) and the messages by each field, the form's own under "".
 */
export type PlainReply = SubmissionResult | null;

export const inputClass = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2";
export const buttonClass = "rounded-md bg-green-800 px-4 py-2.5 font-semibold text-white";

const typedValue = (reply: PlainReply | undefined, name: string) => {
  const v = reply?.initialValue?.[name];
  return typeof v === "string" ? v : undefined;
};

/** A labelled text/number input of a plain form: the server's message by the field, the typed value kept. */
export function PlainField({
  reply,
  name,
  label,
  hint,
  prefix = "",
  type = "text",
  inputMode,
  defaultValue,
}: {
  reply?: PlainReply;
  name: string;
  label: string;
  hint?: string;
  prefix?: string;
  type?: string;
  inputMode?: "decimal" | "numeric" | "text";
  defaultValue?: string;
}) {
  const id = `${prefix}${name}`;
  const errors = reply?.error?.[name] ?? undefined;
  return (
    <FormField field={{ id, errors: errors ?? undefined }} label={label} hint={hint} small>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        defaultValue={typedValue(reply, name) ?? defaultValue}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={
          [hint ? `${id}-hint` : "", errors?.length ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined
        }
        className={inputClass}
      />
    </FormField>
  );
}

/** Radio buttons of a plain form (JS off friendly), with the field's message. */
export function PlainRadios({
  reply,
  name,
  legend,
  options,
  prefix = "",
}: {
  reply?: PlainReply;
  name: string;
  legend: string;
  options: readonly (readonly [string, string])[];
  prefix?: string;
}) {
  const errors = reply?.error?.[name] ?? [];
  const chosen = typedValue(reply, name);
  const id = `${prefix}${name}`;
  return (
    <fieldset id={id} aria-describedby={errors.length ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold">{legend}</legend>
      {errors.length > 0 && (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
          {errors[0]}
        </p>
      )}
      <div className="mt-1 flex flex-wrap gap-4">
        {options.map(([value, label]) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" name={name} value={value} defaultChecked={chosen === value} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The GOV.UK summary of a failed plain form: the form's message and each field's, linked. */
export function PlainSummary({ reply, prefix = "" }: { reply?: PlainReply; prefix?: string }) {
  if (!reply) return null;
  const items = [
    ...(reply.error?.[""] ?? []).map((message) => ({ message })),
    ...Object.entries(reply.error ?? {}).flatMap(([name, list]) =>
      name ? (list ?? []).map((message) => ({ fieldId: `${prefix}${name}`, message })) : [],
    ),
  ];
  return <ErrorSummary items={items} />;
}

/** A correction form's fields (`fix-<name>`, optional input type and hint), each filled with the recorded value unless retyped. */
export function CorrectionFields<Name extends string>({
  fields,
  reply,
  recorded,
}: {
  fields: readonly (readonly [name: Name, label: string, type?: string, hint?: string])[];
  reply?: PlainReply;
  recorded: Readonly<Record<Name, string | null | undefined>>;
}) {
  return fields.map(([name, label, type, hint]) => (
    <PlainField
      key={name}
      reply={reply}
      prefix="fix-"
      name={name}
      label={label}
      type={type}
      hint={hint}
      defaultValue={recorded[name] ?? ""}
    />
  ));
}

/** The end of a record's correction form (ADR 031): the reason kept with the new version, and the button. */
export function CorrectionEnd({ reply }: { reply?: PlainReply }) {
  return (
    <>
      <PlainField
        reply={reply}
        prefix="fix-"
        name="reason"
        label="Reason for the correction"
        hint="At least 10 characters, kept with the new version"
      />
      <button type="submit" className={buttonClass}>
        Record the correction
      </button>
    </>
  );
}
