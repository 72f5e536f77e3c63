/** A record's form fields as the outbox keeps them, and back (ADR 027). */
import type { OutboxRecord, StoredField } from "./outbox";

/** A form's fields as the outbox keeps them (files as blobs; empty file inputs left out). */
export function fieldsOf(form: FormData): StoredField[] {
  const out: StoredField[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") out.push([name, value]);
    else if (value.size > 0) out.push([name, { blob: value.slice(0, value.size, value.type), name: value.name }]);
  }
  return out;
}

export function formDataOf(fields: StoredField[]): FormData {
  const form = new FormData();
  for (const [name, value] of fields) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value.blob, value.name);
  }
  return form;
}

/** The link that reopens a failed record in its form to be corrected (`?outbox=<submissionId>`). */
export function fixLinkOf(record: Pick<OutboxRecord, "url" | "fixUrl" | "submissionId">) {
  const base = record.fixUrl ?? record.url;
  return `${base}${base.includes("?") ? "&" : "?"}outbox=${encodeURIComponent(record.submissionId)}`;
}

export function textOf(fields: StoredField[], name: string) {
  const hit = fields.find(([n]) => n === name)?.[1];
  return typeof hit === "string" ? hit : "";
}
