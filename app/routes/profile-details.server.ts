import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { ContactSchema } from "#worker/contracts/profile";
import { myDetails, updateMyContact } from "#worker/services/profile/my-details";
import { csrfFor, PRIVATE_PAGE_HEADERS, requireSession, verifyCsrf } from "../lib/auth.server";
import { FORM_NOT_VERIFIED } from "../lib/change-password.server";
import { pageDeps } from "../lib/deps.server";
import { failureReply } from "../lib/form-reply.server";
import type { Route } from "./+types/profile-details";

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const details = await myDetails(pageDeps(session));
  if (!details.ok) throw data({ message: details.message }, { status: 404, headers: PRIVATE_PAGE_HEADERS });
  const saved = new URL(request.url).searchParams.get("saved") === "1";
  return data({ details: details.value, csrf: await csrfFor(session), saved }, { headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  const form = await request.formData();
  if (!(await verifyCsrf(session, form))) {
    return data({ result: null, formError: FORM_NOT_VERIFIED }, { status: 403, headers: PRIVATE_PAGE_HEADERS });
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
