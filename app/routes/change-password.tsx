import { data, redirect } from "react-router";
import { ChangePasswordForm } from "#app/components/change-password-form";
import { pageMeta } from "#app/components/kit/page-meta";
import { HOME_DASHBOARD } from "#worker/auth/roles";
import { csrfFor, PRIVATE_PAGE_HEADERS, requireSession } from "../lib/auth.server";
import { changePasswordFromForm } from "../lib/change-password.server";
import type { Route } from "./+types/change-password";

export const meta = () => pageMeta("Change your password", { index: true });

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  return data(
    { firstLogin: session.mustChangePassword, name: session.name, csrf: await csrfFor(session) },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  const outcome = await changePasswordFromForm(request, session);
  if (outcome.refused) return outcome.refused;
  return redirect(`${HOME_DASHBOARD[session.role]}?passwordChanged=1`, {
    headers: { "Set-Cookie": outcome.cookie },
  });
}

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-md px-4 py-8">
      <h1 className="text-2xl font-extrabold">Change your password</h1>
      {loaderData.firstLogin && (
        <p className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950" data-testid="first-login">
          Welcome, {loaderData.name}. This is your first sign-in: choose your own password before you continue.
        </p>
      )}
      <ChangePasswordForm csrf={loaderData.csrf} reply={actionData} />
    </main>
  );
}
