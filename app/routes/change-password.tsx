import { env } from "cloudflare:workers";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary } from "#app/components/kit/error-summary";
import { pageMeta } from "#app/components/kit/page-meta";
import { getFormProps, getInputProps, useForm } from "#app/lib/light-form";
import { database } from "#db/client";
import { HOME_DASHBOARD } from "#worker/auth/roles";
import { ChangePasswordSchema } from "#worker/contracts/auth";
import { changePassword } from "#worker/services/auth/change-password";
import { csrfFor, PRIVATE_PAGE_HEADERS, requireSession, sessionDeps, verifyCsrf } from "../lib/auth.server";
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
  const formData = await request.formData();
  if (!(await verifyCsrf(session, formData))) {
    return data(
      { result: null, formError: "The form could not be verified. Please reload the page and try again." },
      { status: 403 },
    );
  }
  const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply({ hideFields: ["currentPassword", "newPassword", "confirmPassword"] }),
        formError: null,
      },
      { status: 400 },
    );
  }
  const result = await changePassword(submission.value, session, { ...sessionDeps(request), db: database(env.DB) });
  if (!result.ok) {
    return data(
      {
        result: submission.reply({
          fieldErrors: result.errors,
          formErrors: result.errors ? [] : [result.message],
          hideFields: ["currentPassword", "newPassword", "confirmPassword"],
        }),
        formError: null,
      },
      { status: result.status },
    );
  }
  return redirect(`${HOME_DASHBOARD[session.role]}?passwordChanged=1`, {
    headers: { "Set-Cookie": result.cookie },
  });
}

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<z.input<typeof ChangePasswordSchema>>({
    id: "change-password",
    lastResult: actionData?.result ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const items = [
    ...(actionData?.formError ? [{ message: actionData.formError }] : []),
    ...(form.errors ?? []).map((message) => ({ message })),
    ...(["currentPassword", "newPassword", "confirmPassword"] as const).flatMap((name) =>
      (fields[name].errors ?? []).map((message) => ({ fieldId: fields[name].id, message })),
    ),
  ];
  return (
    <main className="mx-auto max-w-md px-4 py-8">
      <h1 className="text-2xl font-extrabold">Change your password</h1>
      {loaderData.firstLogin && (
        <p className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950" data-testid="first-login">
          Welcome, {loaderData.name}. This is your first sign-in: choose your own password before you continue.
        </p>
      )}
      <form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
        <CsrfInput token={loaderData.csrf} />
        <ErrorSummary items={items} />
        {(
          [
            ["currentPassword", "Current password", "current-password"],
            ["newPassword", "New password (at least 6 characters)", "new-password"],
            ["confirmPassword", "Repeat the new password", "new-password"],
          ] as const
        ).map(([name, label, autoComplete]) => (
          <div key={name}>
            <label htmlFor={fields[name].id} className="block text-sm font-semibold">
              {label}
            </label>
            {fields[name].errors?.[0] && <p className="text-sm font-semibold text-red-700">{fields[name].errors[0]}</p>}
            <input
              {...getInputProps(fields[name], { type: "password" })}
              key={fields[name].key}
              autoComplete={autoComplete}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2.5"
            />
          </div>
        ))}
        <button type="submit" className="w-full rounded-md bg-green-800 px-4 py-3 font-semibold text-white">
          Change password
        </button>
      </form>
    </main>
  );
}
