/**
 * What a page action adds to its answer for the offline outbox (app/lib/outbox.ts, ADR 027): the
 * receipt (the id of what the server stored, also for a resend it recognised by submissionId) or
 * the reason it refused, as headers, so the phone reads them without parsing the page. The page
 * itself answers exactly as before: the same HTML for a person, with or without JavaScript.
 */

import { PRIVATE_PAGE_HEADERS } from "./auth.server";
import { ERROR_HEADER, RECEIPT_HEADER } from "./outbox-light";

type Errors = Record<string, string[] | null | undefined> | undefined;

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
