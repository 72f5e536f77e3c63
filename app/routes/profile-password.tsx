import { data, redirect } from "react-router";
import { ChangePasswordForm } from "#app/components/change-password-form";
import { pageMeta } from "#app/components/kit/page-meta";
import { csrfFor, PRIVATE_PAGE_HEADERS, requireSession } from "../lib/auth.server";
import { changePasswordFromForm } from "../lib/change-password.server";
import type { Route } from "./+types/profile-password";

export const meta = () => pageMeta("Password — My profile");

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const changed = new URL(request.url).searchParams.get("changed") === "1";
  return data({ csrf: await csrfFor(session), changed }, { headers: PRIVATE_PAGE_HEADERS });
}

/** The same service, rules and messages as /change-password; other devices are signed out. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  const outcome = await changePasswordFromForm(request, session);
  if (outcome.refused) return outcome.refused;
  return redirect("/profile/password?changed=1", { headers: { "Set-Cookie": outcome.cookie } });
}

export default function ProfilePassword({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="password-heading" className="max-w-md">
      <h2 id="password-heading" className="text-lg font-bold">
        Change my password
      </h2>
      <p className="mt-1 text-sm text-slate-700">Changing it signs you out on every other device.</p>
      {loaderData.changed && (
        <p role="status" className="mt-3 rounded-md bg-green-50 p-2 text-sm text-green-900">
          Your password is changed. Other devices are signed out.
        </p>
      )}
      <ChangePasswordForm csrf={loaderData.csrf} reply={actionData} />
    </section>
  );
}
