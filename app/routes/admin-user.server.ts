import { data, redirect } from "react-router";
import { AssignCountySchema, ChangeRoleSchema } from "#worker/contracts/users";
import { deactivateUser, reactivateUser } from "#worker/services/auth/manage-users";
import { assignCounty } from "#worker/services/users/assign-county";
import { changeRole } from "#worker/services/users/change-role";
import { readAccount } from "#worker/services/users/list-accounts";
import { resetPassword } from "#worker/services/users/reset-password";
import { listUserSessions, revokeUserSession } from "#worker/services/users/user-sessions";
import { type AdminReply, failed, parseForm, readForm, refused } from "../lib/admin-forms.server";
import { PRIVATE_PAGE_HEADERS, requireRole, sessionDeps } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { notFound, shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/admin-user";

const TITLE = "account administration";
export const DONE: Record<string, string> = {
  deactivate: "The account is deactivated and its sessions ended.",
  reactivate: "The account can sign in again.",
  role: "The role is changed; the account's sessions ended, so it signs in again with the new role.",
  county: "The county is assigned.",
  revoke: "The session is ended: that device is signed out.",
};

/** One account: details, what the administrator can do to it, and its live sessions. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireRole(request, "administerSystem", TITLE);
  const deps = pageDeps(session);
  const account = await readAccount(params.id, deps);
  if (!account.ok)
    notFound("No account with this id", { href: "/agritrace-admin-portal/users", label: "Users and roles" });
  const sessions = await listUserSessions({ userId: params.id }, { ...deps, sessions: sessionDeps(request) });
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return data(
    {
      user: await shellUser(session),
      account: account.value,
      self: account.value.id === session.id,
      sessions: sessions.ok ? sessions.value.sessions : [],
      done: DONE[done] ?? null,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireRole(request, "administerSystem", TITLE);
  const { form, intent, target, refusal } = await readForm(request, session);
  if (refusal) return refusal;
  const deps = { ...pageDeps(session), sessions: sessionDeps(request) };
  const userId = params.id;
  const back = `/agritrace-admin-portal/users/${userId}?done=${intent}`;
  const base = { intent, target, values: {} };
  switch (intent) {
    case "deactivate":
    case "reactivate": {
      const result = await (intent === "deactivate" ? deactivateUser : reactivateUser)({ userId }, deps);
      return result.ok ? redirect(back) : failed(result, base);
    }
    case "reset": {
      const result = await resetPassword({ userId }, deps);
      if (!result.ok) return failed(result, base);
      const { loginId, temporaryPassword, sessionsEnded } = result.value;
      return data(
        {
          ...base,
          errors: {},
          done: {
            message: `The password is reset${sessionsEnded ? ` and ${sessionsEnded} session(s) ended` : ""}.`,
            loginId,
            temporaryPassword,
          },
        } satisfies AdminReply,
        { headers: PRIVATE_PAGE_HEADERS },
      );
    }
    case "role": {
      const parsed = parseForm(ChangeRoleSchema, form, intent);
      if (!parsed.ok) return parsed.refusal;
      const result = await changeRole({ userId, role: parsed.value.role }, deps);
      return result.ok ? redirect(back) : failed(result, { ...base, values: parsed.values });
    }
    case "county": {
      const parsed = parseForm(AssignCountySchema, form, intent);
      if (!parsed.ok) return parsed.refusal;
      const result = await assignCounty({ userId, county: parsed.value.county }, deps);
      return result.ok ? redirect(back) : failed(result, { ...base, values: parsed.values });
    }
    case "revoke": {
      const result = await revokeUserSession({ userId, sessionId: target ?? "" }, deps);
      return result.ok ? redirect(back) : failed(result, base);
    }
    default:
      return refused({ ...base, errors: {}, message: "Unknown action" }, 400);
  }
}
