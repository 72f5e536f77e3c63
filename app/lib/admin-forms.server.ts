/**
 * Form plumbing of the administrator's and management pages: each form posts an
 * `intent`; a refusal answers what was typed, the messages per field and the service's message,
 * with the service's status; nothing typed is lost (but secrets).
 */
import { data } from "react-router";
import type { z } from "zod";
import type { Session } from "#worker/auth/session";
import { fieldErrors } from "#worker/contracts/field-errors";
import type { Result } from "#worker/services/result";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, verifyCsrf } from "./auth.server";

export type AdminReply = {
  intent: string;
  /** The record the form acted on (a row's form among many). */
  target?: string;
  values: Record<string, string>;
  errors: Record<string, string[]>;
  message?: string;
  /** Shown once after a success that cannot redirect (a temporary password). */
  done?: { message: string; loginId?: string; temporaryPassword?: string };
};

const SECRETS = new Set(["accessCode", "csrf"]);

/** The typed text of a form, but secrets. */
export function typed(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && !SECRETS.has(k)) out[k] = v;
  return out;
}

export function refused(reply: AdminReply, status: number) {
  return data(reply, { status, headers: PRIVATE_PAGE_HEADERS });
}

/** The posted form after the CSRF check; a refusal to return as is otherwise. */
export async function readForm(request: Request, session: Session) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const target = String(form.get("target") ?? "") || undefined;
  if (!(await verifyCsrf(session, form)))
    return {
      form,
      intent,
      target,
      refusal: refused({ intent, target, values: {}, errors: {}, message: CSRF_FAILED }, 403),
    };
  return { form, intent, target, refusal: null };
}

/** A zod parse of the form, or the 400 refusal with the messages by each field. */
export function parseForm<S extends z.ZodType>(schema: S, form: FormData, intent: string, target?: string) {
  const values = typed(form);
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true as const, value: parsed.data as z.infer<S>, values };
  return {
    ok: false as const,
    refusal: refused({ intent, target, values, errors: fieldErrors(parsed.error), message: undefined }, 400),
  };
}

/** A service's failure as the form's answer. */
export function failed<T>(result: Extract<Result<T>, { ok: false }>, reply: Omit<AdminReply, "errors" | "message">) {
  const errors = result.errors && !Array.isArray(result.errors) ? (result.errors as Record<string, string[]>) : {};
  return refused({ ...reply, errors, message: result.message }, result.status);
}

/**
 * The answer after an account is created: shown once on the page with its login ID and temporary
 * password (no redirect: the password must never reach a URL).
 */
export function accountCreated(intent: string, created: { loginId: string; temporaryPassword: string }) {
  const { loginId, temporaryPassword } = created;
  return data(
    {
      intent,
      values: {},
      errors: {},
      done: { message: "The account is created.", loginId, temporaryPassword },
    } satisfies AdminReply,
    { headers: PRIVATE_PAGE_HEADERS },
  );
}
