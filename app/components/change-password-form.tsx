import type { z } from "zod";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary } from "#app/components/kit/error-summary";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "#app/lib/light-form";
import type { ChangePasswordSchema } from "#worker/contracts/auth";

/** What the change-password action answers on a refusal (app/lib/change-password.server.ts). */
export type ChangePasswordReply = { result: SubmissionResult | null; formError: string | null };

/**
 * The one change-password form (/change-password and /profile/password): a plain POST to the
 * page's own action, with the rules and messages of worker/services/auth/change-password.ts.
 */
export function ChangePasswordForm({ csrf, reply }: { csrf: string; reply?: ChangePasswordReply }) {
  const [form, fields] = useForm<z.input<typeof ChangePasswordSchema>>({
    id: "change-password",
    lastResult: reply?.result ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const items = [
    ...(reply?.formError ? [{ message: reply.formError }] : []),
    ...(form.errors ?? []).map((message) => ({ message })),
    ...(["currentPassword", "newPassword", "confirmPassword"] as const).flatMap((name) =>
      (fields[name].errors ?? []).map((message) => ({ fieldId: fields[name].id, message })),
    ),
  ];
  return (
    <form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
      <CsrfInput token={csrf} />
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
  );
}
