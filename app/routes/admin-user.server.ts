import { data } from "react-router";
import { AssignCountySchema, ChangeRoleSchema } from "#worker/contracts/users";
import { deactivateUser, reactivateUser } from "#worker/services/auth/manage-users";
import { assignCounty } from "#worker/services/users/assign-county";
import { changeRole } from "#worker/services/users/change-role";
import { readAccount } from "#worker/services/users/list-accounts";
import { resetPassword } from "#worker/services/users/reset-password";
import { listUserSessions, revokeUserSession } from "#worker/services/users/user-sessions";
import { PRIVATE_PAGE_HEADERS, requireRole, sessionDeps } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { handleForm, NO_FIELDS, refuse } from "../lib/page-form.server";
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
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const target = String(form.get("target") ?? "");
  const deps = { ...pageDeps(session), sessions: sessionDeps(request) };
  const userId = params.id;
  const back = `/agritrace-admin-portal/users/${userId}?done=${intent}`;
  const common = { session, form, refusal: "both" as const, done: () => back };
  switch (intent) {
    case "deactivate":
    case "reactivate":
      return handleForm(request, {
        ...common,
        schema: NO_FIELDS,
        run: () => (intent === "deactivate" ? deactivateUser : reactivateUser)({ userId }, deps),
      });
    case "reset":
      // No redirect: the temporary password must never reach a URL; it is shown once on the page.
      return handleForm(request, {
        ...common,
        schema: NO_FIELDS,
        run: () => resetPassword({ userId }, deps),
        done: ({ loginId, temporaryPassword, sessionsEnded }) =>
          data(
            {
              intent: "reset",
              done: {
                message: `The password is reset${sessionsEnded ? ` and ${sessionsEnded} session(s) ended` : ""}.`,
                loginId,
                temporaryPassword,
              },
            },
            { headers: PRIVATE_PAGE_HEADERS },
          ),
      });
    case "role":
      return handleForm(request, {
        ...common,
        schema: ChangeRoleSchema,
        run: (input) => changeRole({ userId, role: input.role }, deps),
      });
    case "county":
      return handleForm(request, {
        ...common,
        schema: AssignCountySchema,
        run: (input) => assignCounty({ userId, county: input.county }, deps),
      });
    case "revoke":
      return handleForm(request, {
        ...common,
        schema: NO_FIELDS,
        run: () => revokeUserSession({ userId, sessionId: target }, deps),
      });
    default:
      return refuse(request, form, { status: 400, message: "Unknown action" });
  }
}
