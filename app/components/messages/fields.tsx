/**
 * The form and fields both message forms share (new thread, reply): the message text and the
 * attachment, with their stated limits. Plain controls: the forms work with JavaScript off.
 */
import { Form } from "react-router";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary, replyItems } from "#app/components/kit/error-summary";
import { FormField } from "#app/components/kit/form-field";
import { MESSAGE_LIMITS } from "#worker/domain/messages";
import type { MessageFormReply } from "../../lib/messages.server";

/** What a refused form sends back (app/lib/messages.server.ts). */
export type FormReply = MessageFormReply;

export const inputClass = "mt-1 block w-full rounded border border-slate-400 px-2 py-2";

/** The id, messages and typed value of field `name` of the form whose ids start with `prefix`. */
export function fieldOf(reply: FormReply | undefined, prefix: string, name: string, hint = false) {
  const errors = reply?.errors[name];
  const id = `${prefix}-${name}`;
  const describedBy = [hint ? `${id}-hint` : "", errors ? `${id}-error` : ""].join(" ").trim() || undefined;
  return {
    field: { id, errors },
    control: { id, name, "aria-invalid": errors ? true : undefined, "aria-describedby": describedBy },
    value: reply?.values[name] ?? "",
  };
}

function BodyField({ reply, prefix, label }: { reply?: FormReply; prefix: string; label: string }) {
  const f = fieldOf(reply, prefix, "body", true);
  return (
    <FormField field={f.field} label={label} hint={`At most ${MESSAGE_LIMITS.bodyMax} characters.`}>
      <textarea
        {...f.control}
        defaultValue={f.value}
        rows={5}
        maxLength={MESSAGE_LIMITS.bodyMax}
        required
        className={inputClass}
      />
    </FormField>
  );
}

function AttachmentField({ reply, prefix }: { reply?: FormReply; prefix: string }) {
  const f = fieldOf(reply, prefix, "attachment", true);
  return (
    <FormField
      field={f.field}
      label="Attachment (optional)"
      hint="One PDF, JPEG or PNG file, at most 5 MB. Photos are stored without their hidden data (such as GPS position). If the form is refused, choose the file again."
    >
      <input
        {...f.control}
        type="file"
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        className="mt-1 block w-full text-sm"
      />
    </FormField>
  );
}

/**
 * A message form (multipart POST, a file may ride along): its heading (`<prefix>-title`), the error
 * summary of `fields`, the form's own fields (`children`), then the message, the attachment and
 * the send button.
 */
export function MessageForm({
  prefix,
  title,
  csrf,
  reply,
  fields,
  bodyLabel,
  send,
  children,
}: {
  prefix: string;
  title: string;
  csrf: string;
  reply?: FormReply;
  fields: readonly string[];
  bodyLabel: string;
  send: string;
  children?: React.ReactNode;
}) {
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="mt-6 space-y-3 rounded-lg bg-white p-4 shadow-sm"
      aria-labelledby={`${prefix}-title`}
    >
      <h2 id={`${prefix}-title`} className="text-lg font-bold">
        {title}
      </h2>
      <CsrfInput token={csrf} />
      <ErrorSummary items={replyItems(reply, fields, prefix)} />
      {children}
      <BodyField reply={reply} prefix={prefix} label={bodyLabel} />
      <AttachmentField reply={reply} prefix={prefix} />
      <button type="submit" className="rounded bg-green-800 px-4 py-2 font-semibold text-white">
        {send}
      </button>
    </Form>
  );
}

/** "12 Mar 2026, 14:05 UTC". */
export function when(iso: string) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" })} UTC`;
}

export const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
