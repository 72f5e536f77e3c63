import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary, summaryItems } from "#app/components/kit/error-summary";
import { type FieldMetadata, type FormMetadata, getFormProps } from "#app/lib/light-form";
import { button } from "./shared";

// The forms' own schemas differ; the frame only needs their ids, errors and fields by name.
type Form = FormMetadata<Record<string, unknown>, string[]>;
type Fields = Record<string, FieldMetadata<unknown>>;

/**
 * The frame of every form on the batch page: a POST to the page's action with the CSRF token and
 * the `intent` that says which form it is, the error summary, the fields, the submit button.
 */
export function IntentForm({
  form,
  fields,
  names,
  intent,
  csrf,
  title,
  submit,
  tone = "green",
  hidden,
  intro,
  children,
}: {
  form: Form;
  fields: Fields;
  names: string[];
  intent: string;
  csrf: string;
  title: string;
  submit: string;
  tone?: "green" | "slate";
  hidden?: Record<string, string>;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  const border = tone === "green" ? "border-green-200" : "border-slate-200";
  return (
    <form method="post" {...getFormProps(form)} className={`space-y-3 rounded-md border ${border} bg-white p-4`}>
      <h3 className="font-bold">{title}</h3>
      {intro}
      <CsrfInput token={csrf} />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ErrorSummary
        items={summaryItems(
          form.errors ?? [],
          names.flatMap((n) => (fields[n] ? [fields[n]] : [])),
        )}
      />
      {children}
      <button type="submit" className={button}>
        {submit}
      </button>
    </form>
  );
}
