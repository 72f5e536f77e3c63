import { data } from "react-router";
import type { z } from "zod";
import type { Failure } from "#worker/services/result";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS } from "./auth.server";

/** The plain reply of a form that failed zod: each field's messages, and what was typed. */
export function zodReply(error: z.ZodError, form: FormData, formErrors: string[] = []) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "");
    if (!name) formErrors.push(issue.message);
    else {
      errors[name] = [...(errors[name] ?? []), issue.message];
    }
  }
  return { formErrors, errors, values: typedValues(form) };
}

/** The plain reply of a service refusal: its message, the field messages it gave, what was typed. */
export function failureReplyOf(failure: Failure, form: FormData) {
  const fieldErrors =
    failure.errors && !Array.isArray(failure.errors) ? (failure.errors as Record<string, string[]>) : {};
  return {
    formErrors: Object.keys(fieldErrors).length ? [] : [failure.message],
    errors: fieldErrors,
    values: typedValues(form),
  };
}

/** The reply of a plain form whose CSRF token failed: the message and what was typed. */
export function csrfFailedReply(form: FormData) {
  return { formErrors: [CSRF_FAILED], values: typedValues(form) };
}

/** The 403 answer of a plain form (`{ reply }`) whose CSRF token failed. */
export function csrfRefusal(form: FormData) {
  return data({ reply: csrfFailedReply(form) }, { status: 403, headers: PRIVATE_PAGE_HEADERS });
}

/** What the user typed, minus the CSRF token. */
export function typedValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && k !== "csrf") out[k] = v;
  return out;
}

/** Form values as zod expects them: blanks absent, numeric fields as numbers (plain forms send text). */
export function formObject(form: FormData, numeric: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of form.entries()) {
    if (typeof v !== "string" || k === "csrf" || k === "intent") continue;
    const t = v.trim();
    if (!t) continue;
    out[k] = numeric.includes(k) ? (/^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t) : t;
  }
  return out;
}
