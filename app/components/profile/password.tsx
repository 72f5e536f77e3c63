import { Section } from "#app/components/kit/section";
import { ChangePasswordForm, type ChangePasswordReply } from "../change-password-form";

/** /profile/password: the one change-password form, with what the change does. */
export function PasswordSection({
  csrf,
  changed,
  reply,
}: {
  csrf: string;
  changed: boolean;
  reply?: ChangePasswordReply;
}) {
  return (
    <Section id="password-heading" className="max-w-md" title="Change my password">
      <p className="mt-1 text-sm text-slate-700">Changing it signs you out on every other device.</p>
      {changed && (
        <p role="status" className="mt-3 rounded-md bg-green-50 p-2 text-sm text-green-900">
          Your password is changed. Other devices are signed out.
        </p>
      )}
      <ChangePasswordForm csrf={csrf} reply={reply} />
    </Section>
  );
}
