/**
 * The one service contract (docs/architecture.md "Services"): every service is
 * `fn(input, deps)` and answers a `Result`. Pages turn a result into a form reply
 * (app/lib/form-reply.server.ts), `/api` into a JSON reply (worker/api/reply.ts).
 */

/** Messages per form field, keyed by the field's name (GOV.UK pattern: one list per field). */
export type FieldErrors = Record<string, string[]>;
/** Rule findings, e.g. EUDR geometry checks: `[{ rule, message }]`. */
export type RuleFindings = ReadonlyArray<Record<string, unknown>>;

/** The HTTP-like statuses a service may refuse with; the adapters map them 1:1. */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;
export type Failure = {
  ok: false;
  status: FailureStatus;
  message: string;
  errors?: FieldErrors | RuleFindings;
  /** Rule findings that did not refuse on their own (e.g. EUDR geometry warnings), shown beside the errors. */
  warnings?: RuleFindings;
  /** Seconds to wait before trying again (a 429): the adapters send it as `Retry-After`. */
  retryAfter?: number;
};
export type Success<T> = { ok: true; value: T };
export type Result<T> = Success<T> | Failure;

export const ok = <T>(value: T): Success<T> => ({ ok: true, value });

export const fail = (status: FailureStatus, message: string, errors?: FieldErrors | RuleFindings): Failure => ({
  ok: false,
  status,
  message,
  ...(errors ? { errors } : {}),
});

/**
 * What every field write may carry (the offline outbox builds on it, ADR 027):
 * - `submissionId`: the device's UUID for this submission; the server upserts by it, so a resend
 *   never duplicates;
 * - `baseVersion`: the version of the record the user edited, so a write based on stale data is
 *   refused (409) rather than silently overwriting a newer change.
 */
export type FieldWrite = { submissionId?: string; baseVersion?: number };
