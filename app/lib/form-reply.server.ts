/**
 * The form adapter of the one service contract (worker/services/result.ts): a page action turns
 * a service's `Result` into its answer here — a redirect (or other reply) on success, the
 * failure's status and the body the form reads on failure. `/api` has its JSON twin in worker/api.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import type { Failure, FieldErrors, Result } from "#worker/services/result";
import { PRIVATE_PAGE_HEADERS } from "./auth.server";

/** What conform's `parseWithZod` gives an action: a submission that can answer with messages. */
export type Submission = {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
};

/** A failure's messages per field; rule findings (e.g. geometry checks) are a list, not per field. */
export function fieldErrorsOf(failure: Failure): FieldErrors | undefined {
  return failure.errors && !Array.isArray(failure.errors) ? (failure.errors as FieldErrors) : undefined;
}

/** A failure as conform's reply: the messages under their fields, else the message above the form. */
export function failureReply(submission: Submission, failure: Failure) {
  const fieldErrors = fieldErrorsOf(failure);
  return submission.reply({ fieldErrors, formErrors: fieldErrors ? [] : [failure.message] });
}

/**
 * An action's answer to a service result: on failure `failed(failure)` with the failure's status
 * (private, never cached); on success a redirect to `succeeded(value)` when it is a path, or
 * what it returns (e.g. `data(...)` for a page that stays put).
 */
export function formReply<T, S, B>(
  result: Result<T>,
  succeeded: (value: T) => string | S,
  failed: (failure: Failure) => B,
) {
  if (!result.ok) return data(failed(result), { status: result.status, headers: PRIVATE_PAGE_HEADERS });
  const next = succeeded(result.value);
  return typeof next === "string" ? redirect(next) : (next as Exclude<S, string>);
}
