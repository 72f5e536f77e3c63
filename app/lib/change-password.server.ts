/**
 * The one page action of a password change (/change-password and /profile/password): CSRF, the
 * shared contract, then worker/services/auth/change-password.ts. Passwords are never sent back.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Session } from "#worker/auth/session";
import { ChangePasswordSchema } from "#worker/contracts/auth";
import { changePassword } from "#worker/services/auth/change-password";
import { CSRF_FAILED, sessionDeps, verifyCsrf } from "./auth.server";
import { pageDeps } from "./deps.server";

const HIDE = ["currentPassword", "newPassword", "confirmPassword"];

/** `{ cookie }` of the fresh session on success; otherwise the refusal to return from the action. */
export async function changePasswordFromForm(request: Request, session: Session) {
  const formData = await request.formData();
  if (!(await verifyCsrf(session, formData))) {
    return { refused: data({ result: null, formError: CSRF_FAILED }, { status: 403 }) };
  }
  const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
  if (submission.status !== "success") {
    return { refused: data({ result: submission.reply({ hideFields: HIDE }), formError: null }, { status: 400 }) };
  }
  const result = await changePassword(submission.value, session, { ...sessionDeps(request), db: pageDeps().db });
  if (!result.ok) {
    const reply = submission.reply({
      fieldErrors: result.errors,
      formErrors: result.errors ? [] : [result.message],
      hideFields: HIDE,
    });
    return { refused: data({ result: reply, formError: null }, { status: result.status }) };
  }
  return { cookie: result.cookie };
}
