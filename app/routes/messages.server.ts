import { data, redirect } from "react-router";
import { fieldErrors } from "#worker/contracts/field-errors";
import { NewThreadSchema } from "#worker/contracts/messages";
import { MESSAGE_PARTNERS } from "#worker/domain/messages";
import { listThreads } from "#worker/services/messages/read-threads";
import { startThread } from "#worker/services/messages/start-thread";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { attachmentOf, messageForm, refused, requireMessages, TOO_LARGE_FORM, textOf } from "../lib/messages.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/messages";

const FIELDS = ["to", "department", "loginId", "subject", "reference", "body"];

export async function loader({ request }: Route.LoaderArgs) {
  const { session, base } = await requireMessages(request);
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page") ?? 1)) || 1);
  const result = await listThreads({ page }, pageDeps(session));
  if (!result.ok) throw data({ message: result.message }, { status: result.status, headers: PRIVATE_PAGE_HEADERS });
  const partners = MESSAGE_PARTNERS[session.role] ?? { office: false, roles: [], tradersOnly: false };
  return data({ user: await shellUser(session), base, ...result.value, partners }, { headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const { session, base } = await requireMessages(request);
  const form = await messageForm(request);
  if (!form) return refused({ values: {}, errors: {}, message: TOO_LARGE_FORM }, 413);
  const values = textOf(form, FIELDS);
  if (!(await verifyCsrf(session, form))) return refused({ values, errors: {}, message: CSRF_FAILED }, 403);
  const parsed = NewThreadSchema.safeParse(values);
  if (!parsed.success) return refused({ values, errors: fieldErrors(parsed.error) }, 400);
  const attachment = await attachmentOf(form);
  const result = await startThread({ ...parsed.data, ...(attachment ? { attachment } : {}) }, pageDeps(session));
  if (!result.ok) {
    const errors = result.errors && !Array.isArray(result.errors) ? (result.errors as Record<string, string[]>) : {};
    return refused({ values, errors, message: Object.keys(errors).length ? undefined : result.message }, result.status);
  }
  return redirect(`${base}/${result.value.threadId}?sent=1`);
}
