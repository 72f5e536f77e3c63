import { data, redirect } from "react-router";
import { fieldErrors } from "#worker/contracts/field-errors";
import { ReplySchema } from "#worker/contracts/messages";
import { openThread } from "#worker/services/messages/read-threads";
import { sendMessage } from "#worker/services/messages/send-message";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { attachmentOf, messageForm, refused, requireMessages, TOO_LARGE_FORM, textOf } from "../lib/messages.server";
import { notFound, shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/message-thread";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { session, base } = await requireMessages(request);
  // Opening the thread marks it read for me (and only me).
  const result = await openThread({ threadId: params.threadId, markRead: true }, pageDeps(session));
  if (!result.ok) {
    if (result.status === 404) notFound(result.message, { href: base, label: "Back to messages" });
    throw data({ message: result.message }, { status: result.status, headers: PRIVATE_PAGE_HEADERS });
  }
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return data({ user: await shellUser(session), base, sent, ...result.value }, { headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ request, params }: Route.ActionArgs) {
  const { session, base } = await requireMessages(request);
  const form = await messageForm(request);
  if (!form) return refused({ values: {}, errors: {}, message: TOO_LARGE_FORM }, 413);
  const values = textOf(form, ["body"]);
  if (!(await verifyCsrf(session, form))) return refused({ values, errors: {}, message: CSRF_FAILED }, 403);
  const parsed = ReplySchema.safeParse(values);
  if (!parsed.success) return refused({ values, errors: fieldErrors(parsed.error) }, 400);
  const attachment = await attachmentOf(form);
  const result = await sendMessage(
    { threadId: params.threadId, body: parsed.data.body, ...(attachment ? { attachment } : {}) },
    pageDeps(session),
  );
  if (!result.ok) {
    if (result.status === 404) notFound(result.message, { href: base, label: "Back to messages" });
    const errors = result.errors && !Array.isArray(result.errors) ? (result.errors as Record<string, string[]>) : {};
    return refused({ values, errors, message: Object.keys(errors).length ? undefined : result.message }, result.status);
  }
  return redirect(`${base}/${result.value.threadId}?sent=1#latest`);
}
