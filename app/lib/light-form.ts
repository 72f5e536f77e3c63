/**
 * The few parts of conform's `useForm` the pages use, without conform or zod in the browser
 * (ADR 032: every page's first-load JavaScript within 130 KiB gzip). Same ids (`<form>-<name>`,
 * `-error`), same reply shape (conform's `SubmissionResult`, which the actions still send), same
 * props helpers. Validation in the browser is optional (`onValidate` with a light check); without
 * it the form posts and shows the server's reply, and the server's zod contract is the authority.
 */
import { type FormEvent, useEffect, useId, useState } from "react";

/** What an action answers (conform's `SubmissionResult`, as `submission.reply()` makes it). */
export type SubmissionResult<E = string[]> = {
  status?: "success" | "error";
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, E | null> | null;
};
/** Messages per field name; "" holds the form's own. */
export type LightErrors = Record<string, string[]>;
export type LightSubmission =
  | { status: "success"; value: Record<string, string | undefined> }
  | { status: "error"; error: LightErrors };

export type FieldMetadata<_Value = unknown> = {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
  initialValue?: unknown;
  key?: string;
};
export type FormMetadata<_Schema = unknown, _Error = string[]> = FieldMetadata & {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  noValidate: boolean;
  /** Set after a failed submit when the form checks as you type. */
  onInput?: (event: FormEvent<HTMLFormElement>) => void;
};
type Fields<Schema> = { [K in keyof Schema & string]-?: FieldMetadata };

/** Form values as conform reads them: empty strings are missing, repeated names are lists. */
export function formValues(formData: FormData) {
  const values: Record<string, string | undefined> = {};
  for (const [name, v] of formData) {
    if (typeof v === "string") values[name] = v === "" ? (values[name] ?? undefined) : v;
  }
  return values;
}

/** Turns a light check's messages into a submission for `onValidate`. */
export function submissionOf(formData: FormData, check: (values: Record<string, string | undefined>) => LightErrors) {
  const value = formValues(formData);
  const error = check(value);
  return Object.keys(error).length > 0
    ? ({ status: "error", error } as const)
    : ({ status: "success", value } as const satisfies LightSubmission);
}

function errorsOf(result: SubmissionResult | null | undefined): LightErrors {
  const out: LightErrors = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) if (messages?.length) out[name] = messages;
  return out;
}

export function useForm<Schema = Record<string, unknown>>(options: {
  id?: string;
  lastResult?: SubmissionResult | null;
  defaultValue?: Record<string, unknown>;
  shouldValidate?: "onSubmit" | "onBlur" | "onInput";
  shouldRevalidate?: "onSubmit" | "onBlur" | "onInput";
  onValidate?: (context: { formData: FormData }) => LightSubmission;
  onSubmit?: (
    event: FormEvent<HTMLFormElement>,
    context: { formData: FormData; submission: LightSubmission | undefined },
  ) => void;
}): [FormMetadata, Fields<Schema>] {
  const generated = useId();
  const formId = options.id ?? generated;
  const { lastResult } = options;
  const [errors, setErrors] = useState<LightErrors>(() => errorsOf(lastResult));
  const [resets, setResets] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    setErrors(errorsOf(lastResult));
    if (lastResult && lastResult.initialValue === null) setResets((n) => n + 1);
  }, [lastResult]);
  const initial = lastResult?.initialValue ?? (resets > 0 ? undefined : options.defaultValue) ?? {};

  const meta = (name: string): FieldMetadata => {
    const id = name ? `${formId}-${name}` : formId;
    return {
      id,
      name,
      formId,
      errorId: `${id}-error`,
      descriptionId: `${id}-description`,
      errors: errors[name],
      initialValue: initial[name],
      key: `${resets}`,
    };
  };
  const validate = (form: HTMLFormElement) => {
    if (!options.onValidate) return undefined;
    const submission = options.onValidate({ formData: new FormData(form) });
    setErrors(submission.status === "error" ? submission.error : {});
    return submission;
  };
  const form: FormMetadata = {
    ...meta(""),
    noValidate: true,
    onSubmit(event) {
      const formData = new FormData(event.currentTarget);
      setSubmitted(true);
      const submission = validate(event.currentTarget);
      if (submission?.status === "error") {
        event.preventDefault();
        return;
      }
      options.onSubmit?.(event, { formData, submission });
    },
  };
  // After a failed submit, messages follow the typing (conform's shouldRevalidate "onInput").
  const revalidate = options.onValidate && submitted && options.shouldRevalidate !== "onSubmit";
  const fields = new Proxy({} as Fields<Schema>, { get: (_, name) => meta(String(name)) });
  return [
    revalidate ? { ...form, onInput: (e: FormEvent<HTMLFormElement>) => validate(e.currentTarget) } : form,
    fields,
  ];
}

/** The props of a form control; `key` stays the caller's (conform's helpers answer it undefined). */
type Control = { id: string; name: string; defaultValue?: string; key?: undefined };
const aria = (m: FieldMetadata, control: boolean) => {
  const invalid = m.errors !== undefined;
  return {
    ...(control && invalid ? { "aria-invalid": true as const } : {}),
    ...(invalid ? { "aria-describedby": m.errorId } : {}),
  };
};
const control = (m: FieldMetadata) => ({ id: m.id, name: m.name, form: m.formId, ...aria(m, true) });

export function getFormProps(form: FormMetadata) {
  const { onInput } = form;
  return {
    id: form.id,
    onSubmit: form.onSubmit,
    noValidate: form.noValidate,
    ...(onInput ? { onInput } : {}),
    ...aria(form, false),
  };
}

export function getInputProps(m: FieldMetadata, options: { type: string; value?: string | boolean }) {
  const props: Record<string, unknown> = { ...control(m), type: options.type };
  if (options.type === "checkbox" || options.type === "radio") {
    props.value = typeof options.value === "string" ? options.value : "on";
    props.defaultChecked = Array.isArray(m.initialValue)
      ? m.initialValue.includes(options.value)
      : m.initialValue === props.value;
  } else if (typeof m.initialValue === "string") props.defaultValue = m.initialValue;
  return props as Control & { type: string; defaultChecked?: boolean };
}

export function getSelectProps(m: FieldMetadata) {
  const v = m.initialValue;
  return { ...control(m), defaultValue: Array.isArray(v) ? v.map((x) => `${x ?? ""}`) : v?.toString() } as Control;
}

export function getTextareaProps(m: FieldMetadata) {
  return { ...control(m), defaultValue: m.initialValue?.toString() } as Control;
}

export function getCollectionProps(m: FieldMetadata, options: { type: "checkbox" | "radio"; options: string[] }) {
  return options.options.map((value) => ({
    ...control(m),
    key: `${m.key ?? ""}${value}`,
    id: `${m.id}-${value}`,
    type: options.type,
    value,
    defaultChecked:
      options.type === "checkbox" && Array.isArray(m.initialValue)
        ? m.initialValue.includes(value)
        : m.initialValue === value,
  }));
}

/**
 * The reply of one form among several on a page: the action's `reply` when the form posted
 * `intent` (and the same values for `match`, e.g. the row's id), read back from what was typed.
 */
export function replyFor(
  actionData: unknown,
  intent: string | undefined,
  match: Record<string, string | undefined> = {},
): SubmissionResult | undefined {
  const reply = (actionData as { reply?: SubmissionResult } | null | undefined)?.reply;
  const typed = reply?.initialValue ?? {};
  if (!reply || (typed.intent ?? undefined) !== intent) return undefined;
  return Object.entries(match).every(([k, v]) => typed[k] === v) ? reply : undefined;
}

/** The first message of a reply: the form's own, else the first field's (a form shown as one notice). */
export function firstMessage(reply: SubmissionResult | null | undefined): string | undefined {
  const error = reply?.error ?? {};
  return error[""]?.[0] ?? Object.values(error).find((list) => list?.length)?.[0] ?? undefined;
}

/** A reply read as a page shows it: which form (`intent`, `target`), what was typed, the messages. */
export type ReplyView = {
  intent: string;
  target?: string;
  values: Record<string, string>;
  errors: Record<string, string[]>;
  /** The form's own message (above its fields). */
  message?: string;
};

/** The action's `reply` (app/lib/page-form.server.ts) as a page shows it, or undefined after a success. */
export function replyView(actionData: unknown): ReplyView | undefined {
  const reply = (actionData as { reply?: SubmissionResult } | null | undefined)?.reply;
  if (!reply) return undefined;
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(reply.initialValue ?? {})) if (typeof v === "string") values[k] = v;
  const errors: Record<string, string[]> = {};
  for (const [k, list] of Object.entries(reply.error ?? {})) if (k && list?.length) errors[k] = list;
  const message = reply.error?.[""]?.[0];
  return { intent: values.intent ?? "", target: values.target || undefined, values, errors, message };
}
