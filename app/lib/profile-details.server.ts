import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Session } from "#worker/auth/session";
import { ContactSchema } from "#worker/contracts/profile";
import { myDetails, updateMyContact } from "#worker/services/profile/my-details";
import { CSRF_FAILED, csrfFor, PRIVATE_PAGE_HEADERS, verifyCsrf } from "./auth.server";
import { pageDeps } from "./deps.server";
import { failureReply } from "./form-reply.server";

/** /profile: my details. */
export async function detailsView(request: Request, session: Session) {
  const details = await myDetails(pageDeps(session));
  if (!details.ok) throw data({ message: details.message }, { status: 404, headers: PRIVATE_PAGE_HEADERS });
  const saved = new URL(request.url).searchParams.get("saved") === "1";
  return { details: details.value, csrf: await csrfFor(session), saved };
}

export async function detailsAction(request: Request, session: Session) {
  const form = await request.formData();
  if (!(await verifyCsrf(session, form))) {
    return data({ result: null, formError: CSRF_FAILED }, { status: 403, headers: PRIVATE_PAGE_HEADERS });
  }
  const submission = parseWithZod(form, { schema: ContactSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), formError: null }, { status: 400, headers: PRIVATE_PAGE_HEADERS });
  }
  const result = await updateMyContact(submission.value, pageDeps(session));
  if (!result.ok) {
    return data(
      { result: failureReply(submission, result), formError: null },
      { status: result.status, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  return redirect("/profile?saved=1");
}
