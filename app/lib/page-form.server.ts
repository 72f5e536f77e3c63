/**
 * The one recipe of a page action (docs/architecture.md, "Forms"): the form parsed with its zod
 * contract by conform (`parseWithZod`), the CSRF token checked, the service called, and one reply
 * shape: conform's `SubmissionResult` under `reply`, which the page reads with `useForm({ lastResult })`
 * (app/lib/light-form.ts) or the plain fields (app/components/inspection/plain-form.tsx), with
 * JavaScript on or off. A form the offline outbox sends (ADR 027) also gets its receipt or refusal
 * as headers, so the phone reads them without parsing the page.
 */
import type { Submission as ConformSubmission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Session } from "#worker/auth/session";
import type { Failure, FailureStatus, Result } from "#worker/services/result";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, verifyCsrf } from "./auth.server";
import { ERROR_HEADER, OUTBOX_HEADER, RECEIPT_HEADER } from "./outbox-light";

/** The one reply shape of a page form: what was typed (but secrets) and the messages by each field ("" the form's). */
export type FormReply = SubmissionResult<string[]>;
type Submission = ConformSubmission<unknown, string[]>;
type HeaderMap = Record<string, string>;
/** A stale edit's two versions as the outbox shows them (field → text), with the form's labels. */
type Conflict = { server: Record<string, string>; mine: Record<string, string>; labels?: Record<string, string> };

/** Never sent back to the page: the token and what must not be shown again. */
const HIDDEN = ["csrf", "accessCode", "password", "currentPassword", "newPassword", "confirmPassword"];

/** The messages of a refusal: under their fields when the service named fields, else above the form. */
function messagesOf(
  failure: Pick<Failure, "message" | "errors">,
  show: FormOptions<never, never, never>["refusal"] = "fields",
) {
  const fieldErrors =
    show !== "message" && failure.errors && !Array.isArray(failure.errors) && Object.keys(failure.errors).length
      ? (failure.errors as Record<string, string[]>)
      : undefined;
  return { fieldErrors, formErrors: (fieldErrors && show === "fields") || !failure.message ? [] : [failure.message] };
}

/** The refusal as the outbox keeps it: a message, the per-field messages and, on a 409, both versions. */
export function refusalHeaders(
  message: string | null | undefined,
  errors?: Record<string, string[] | null | undefined> | null,
  conflict?: Conflict,
): HeaderMap {
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(errors ?? {})) if (name && list?.length) fieldErrors[name] = list;
  const first = Object.values(fieldErrors)[0]?.[0];
  const detail = { message: message || first || "The server refused this record.", fieldErrors, conflict };
  return { ...PRIVATE_PAGE_HEADERS, [ERROR_HEADER]: encodeURIComponent(JSON.stringify(detail)) };
}

export function receiptHeaders(id: string): HeaderMap {
  return { ...PRIVATE_PAGE_HEADERS, [RECEIPT_HEADER]: id };
}

/**
 * The `headers` of a page whose form the outbox sends: the action's headers reach the page's
 * answer (the outbox reads its receipt or refusal there, ADR 027), else the loader's. A route module
 * re-exports it: `export { outboxPageHeaders as headers } from "#app/lib/page-form.server"`.
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

/**
 * A refusal the contract cannot see (a photo's bytes, an unknown intent, a body too large: pass the
 * form as read), answered with the form's reply: `failure.message` above the form, or the failure's
 * field messages by their fields; private, never cached, and told to the outbox when it sent it.
 */
export function refuse(
  request: Request,
  submission: Submission | FormData,
  failure: Pick<Failure, "message" | "errors"> & { status: number },
  options: { refusal?: FormOptions<never, never, never>["refusal"]; outbox?: boolean } = {},
) {
  const parsed =
    submission instanceof FormData ? (parseWithZod(submission, { schema: z.any() }) as Submission) : submission;
  const reply = parsed.reply({ ...messagesOf(failure, options.refusal), hideFields: HIDDEN });
  const headers =
    options.outbox || request.headers.get(OUTBOX_HEADER)
      ? refusalHeaders(failure.message, reply.error)
      : PRIVATE_PAGE_HEADERS;
  return data({ reply }, { status: failure.status, headers });
}

/**
 * A refusal found by the page before or around the service (a photo's bytes, a boundary that does
 * not parse); an empty `message` shows only the fields' messages.
 */
export function fieldFailure(message: string, errors?: Record<string, string[]>, status: FailureStatus = 400): Failure {
  return { ok: false, status, message, errors };
}

/** The contract of a form that is only a button (its intent and CSRF token). */
export const NO_FIELDS = z.object({});

/**
 * The answer after an account is created: shown once on the page with its login ID and temporary
 * password (no redirect: the password must never reach a URL).
 */
export function accountCreated(created: { loginId: string; temporaryPassword: string }) {
  const { loginId, temporaryPassword } = created;
  return data(
    { intent: "create", done: { message: "The account is created.", loginId, temporaryPassword } },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export type FormOptions<S extends z.ZodType, T, D> = {
  session: Session;
  /** The contract (a form with several intents picks its contract first and passes `form`). */
  schema: S;
  /** The form, when the action already read it (a size limit, an intent to route on). */
  form?: FormData;
  /** The service call. `outbox` says the phone's outbox sent it (no person reads the answer). */
  run: (input: z.output<S>, context: { form: FormData; outbox: boolean }) => Promise<Result<T>>;
  /**
   * The answer to a success: a path to redirect to (a person's next page), or the page's own data
   * (e.g. `data({ done })` for a page that stays put, a temporary password never reaching a URL).
   */
  done: (value: T, input: z.output<S>) => D;
  /**
   * The outbox's receipt: the id of what was stored (the same for a resend it recognised by
   * submissionId; 201 when new, 200 when `repeated`, or 200 when the service does not say), and for
   * a stale edit (409) both versions, so the phone shows them side by side.
   */
  outbox?: {
    receipt: (value: T) => string;
    repeated?: (value: T) => boolean;
    conflict?: (failure: Failure, form: FormData) => Conflict | undefined | Promise<Conflict | undefined>;
  };
  /** Fields never echoed back besides the CSRF token and passwords. */
  hide?: string[];
  /**
   * How a service's refusal shows: "fields" (default) its messages by the fields it named, else its
   * message above the form; "message" only the message (a row's form has no fields to show them by);
   * "both" the message above the form and the messages by the fields.
   */
  refusal?: "fields" | "message" | "both";
  /**
   * The answer to a refusal (the contract's first message with 400, or the service's failure) when
   * the form belongs to another page: e.g. a redirect back with the refusal's code.
   */
  refused?: (failure: { status: number; message: string }) => Response;
  /** What the page shows beside a service's refusal (e.g. the plot rules' warnings). */
  also?: (failure: Failure) => Record<string, unknown>;
};

/**
 * A page action: parse with the contract → check CSRF → call the service → answer. A refusal
 * (400 from the contract, 403 for the token, the service's status) answers `{ reply }` with what
 * was typed kept; a success answers `done`, or the outbox's receipt when the outbox sent it.
 */
export async function handleForm<S extends z.ZodType, T, D>(request: Request, options: FormOptions<S, T, D>) {
  const form = options.form ?? (await request.formData());
  const submission = parseWithZod(form, { schema: options.schema });
  const hideFields = [...HIDDEN, ...(options.hide ?? [])];
  const outbox = Boolean(request.headers.get(OUTBOX_HEADER));
  // A form the outbox may send tells every refusal in the headers too (the phone reads nothing else).
  const tell = outbox || Boolean(options.outbox);
  if (!(await verifyCsrf(options.session, form)))
    return data(
      { reply: submission.reply({ formErrors: [CSRF_FAILED], hideFields }) },
      { status: 403, headers: PRIVATE_PAGE_HEADERS },
    );
  if (submission.status !== "success") {
    if (options.refused) {
      const message = Object.values(submission.error ?? {}).find((list) => list?.length)?.[0] ?? "";
      return options.refused({ status: 400, message });
    }
    const reply = submission.reply({ hideFields });
    // The page shows the messages by the fields; the offline outbox reads them from the headers.
    return data({ reply }, { status: 400, headers: tell ? refusalHeaders(null, reply.error) : PRIVATE_PAGE_HEADERS });
  }
  const input = submission.value as z.output<S>;
  const result = await options.run(input, { form, outbox });
  if (!result.ok) {
    if (options.refused) return options.refused(result);
    const reply = submission.reply({ ...messagesOf(result, options.refusal), hideFields });
    return data(
      { ...options.also?.(result), reply },
      {
        status: result.status,
        headers: {
          ...(tell
            ? refusalHeaders(result.message, reply.error, await options.outbox?.conflict?.(result, form))
            : PRIVATE_PAGE_HEADERS),
          // A refusal's own headers, e.g. a quota's Retry-After.
          ...("headers" in result ? (result.headers as HeaderMap) : {}),
        },
      },
    );
  }
  if (outbox && options.outbox) {
    // The outbox reads the receipt and needs no page after it.
    const { receipt, repeated } = options.outbox;
    return data(
      { reply: submission.reply({ resetForm: true }) },
      { status: repeated && !repeated(result.value) ? 201 : 200, headers: receiptHeaders(receipt(result.value)) },
    );
  }
  const next = options.done(result.value, input);
  return typeof next === "string" ? redirect(next, { headers: PRIVATE_PAGE_HEADERS }) : (next as Exclude<D, string>);
}
