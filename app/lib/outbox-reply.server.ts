/**
 * What a page action adds to its answer for the offline outbox (app/lib/outbox.ts, ADR 027): the
 * receipt (the id of what the server stored, also for a resend it recognised by submissionId) or
 * the reason it refused, as headers, so the phone reads them without parsing the page. The page
 * itself answers exactly as before: the same HTML for a person, with or without JavaScript.
 */

import { data, redirect } from "react-router";
import type { z } from "zod";
import type { Result } from "#worker/services/result";
import { PRIVATE_PAGE_HEADERS } from "./auth.server";
import { ERROR_HEADER, OUTBOX_HEADER, RECEIPT_HEADER } from "./outbox-light";
import { failureReplyOf, formObject, typedValues, zodReply } from "./plain-reply.server";

type Errors = Record<string, string[] | null | undefined> | undefined;

/**
 * The `headers` of a page whose form the outbox sends: the action's headers reach the page's
 * answer (the outbox reads its receipt or refusal there, ADR 027), else the loader's. A route module
 * re-exports it: `export { outboxPageHeaders as headers } from "#app/lib/outbox-reply.server"`.
 */
export function outboxPageHeaders({
  actionHeaders,
  loaderHeaders,
}: {
  actionHeaders: Headers;
  loaderHeaders: Headers;
}) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function receiptHeaders(id: string): Record<string, string> {
  return { ...PRIVATE_PAGE_HEADERS, [RECEIPT_HEADER]: id };
}

/** The refusal as the outbox keeps it: a message, the per-field messages and, on a 409, both versions. */
export function refusalHeaders(
  message: string | null | undefined,
  errors?: Errors,
  conflict?: { server: Record<string, string>; mine: Record<string, string>; labels?: Record<string, string> },
): Record<string, string> {
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(errors ?? {})) if (list?.length) fieldErrors[name] = list;
  const first = Object.values(fieldErrors)[0]?.[0];
  const detail = { message: message ?? first ?? "The server refused this record.", fieldErrors, conflict };
  return { ...PRIVATE_PAGE_HEADERS, [ERROR_HEADER]: encodeURIComponent(JSON.stringify(detail)) };
}

/** The field errors of a conform reply (`submission.reply()`), if any. */
export function replyErrors(result: unknown): Errors {
  const error = (result as { error?: Record<string, string[] | null> } | null)?.error;
  return error ?? undefined;
}

/**
 * The answer to a plain form that records one thing through a service, for the page and the
 * offline outbox alike (the warehouse and port inspections): the form read with `schema` (numeric
 * fields as numbers); refused by it or by the service, the messages by the fields (and in the
 * headers, for the outbox); recorded, the outbox's receipt (`receipt`, the same for a resend it
 * recognised) or, for a person, the redirect to `next`.
 */
export async function recordReply<I, T extends { repeated: boolean }>(
  request: Request,
  form: FormData,
  read: { schema: z.ZodType<I>; numeric: readonly string[] },
  save: (input: I) => Promise<Result<T>>,
  answer: { receipt: (value: T) => string; next: (value: T, input: I) => string },
) {
  const parsed = read.schema.safeParse(formObject(form, read.numeric));
  if (!parsed.success) {
    // The page shows the messages by the fields; the offline outbox reads them from the headers (ADR 027).
    const reply = zodReply(parsed.error, form);
    return data({ reply }, { status: 400, headers: refusalHeaders(reply.formErrors[0], reply.errors) });
  }
  const result = await save(parsed.data);
  if (!result.ok)
    return data(
      { reply: failureReplyOf(result, form) },
      { status: result.status, headers: refusalHeaders(result.message, failureReplyOf(result, form).errors) },
    );
  // The outbox reads the receipt and needs no page after it.
  if (request.headers.get(OUTBOX_HEADER))
    return data(
      { reply: { formErrors: [], errors: {}, values: typedValues(form) } },
      { status: result.value.repeated ? 200 : 201, headers: receiptHeaders(answer.receipt(result.value)) },
    );
  throw redirect(answer.next(result.value, parsed.data), { headers: PRIVATE_PAGE_HEADERS });
}
