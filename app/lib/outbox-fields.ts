/**
 * An outbox record's shape and its form fields as the outbox keeps them, and back (ADR 027).
 * The store (`./outbox`) builds on these; nothing here imports it back.
 */
export type OutboxKind = "farmer" | "farmer-edit" | "plot" | "plot-edit" | "visit" | "inspection" | "purchase";
export type OutboxStatus = "waiting" | "sending" | "failed" | "conflict" | "sent";
/** A form field as stored: text, or a file kept as a blob with its name. */
export type StoredField = [name: string, value: string | { blob: Blob; name: string }];

export type OutboxRecord = {
  submissionId: string;
  kind: OutboxKind;
  /** What the list shows, e.g. "Farmer Mary Flomo". */
  label: string;
  /** The page whose form this was: the record is posted there again. */
  url: string;
  /** Where "Correct and send again" opens the form, if not `url` (e.g. the buyer's form needs the farmer looked up). */
  fixUrl?: string;
  fields: StoredField[];
  status: OutboxStatus;
  /** Login ID of who captured it: only they send it, with a session of their own. */
  owner: string;
  attempts: number;
  createdAt: number;
  updatedAt: number;
  /** Why it failed or still waits, in words for the user. */
  reason?: string;
  fieldErrors?: Record<string, string[]>;
  /** The server's id for what it stored: the receipt. */
  receipt?: string;
  sentAt?: number;
  /** On a 409: what the server holds now, beside what this phone sent. */
  conflict?: { server: Record<string, string>; mine: Record<string, string>; labels?: Record<string, string> };
};

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
