import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary } from "#app/components/kit/error-summary";
import { PostForm } from "#app/components/kit/post-form";
import { Section } from "#app/components/kit/section";
import { TableHead } from "#app/components/kit/table-head";
import { PREFERENCE_FIELD } from "#worker/contracts/profile-light";
import type { PreferenceView } from "#worker/services/notifications/my-notices";
import { type NoticeItem, NoticeList, UnreadBadge } from "../notices";

/** /profile/notifications: my notices (mark read) and what I want to be told about. */
export function NotificationsSection({
  notices,
  unread,
  preferences,
  csrf,
  done,
  reply,
}: {
  notices: NoticeItem[];
  unread: number;
  preferences: PreferenceView[];
  csrf: string;
  done: string | null;
  reply?: { error?: string };
}) {
  const actionData = reply;
  return (
    <div className="space-y-6">
      {actionData?.error && <ErrorSummary items={[{ message: actionData.error }]} />}
      {done && (
        <p role="status" className="rounded-md bg-green-50 p-2 text-sm text-green-900">
          {done}
        </p>
      )}
      <section aria-labelledby="notices-heading" className="space-y-2">
        <h2 id="notices-heading" className="flex flex-wrap items-center gap-2 text-lg font-bold">
          My notices
          <UnreadBadge unread={unread} />
        </h2>
        {unread > 0 && (
          <PostForm csrf={csrf} intent="read-all">
            <button
              type="submit"
              className="rounded-md border border-green-800 px-3 py-1.5 text-sm font-semibold text-green-900"
            >
              Mark all read
            </button>
          </PostForm>
        )}
        <NoticeList notices={notices} csrf={csrf} />
      </section>
      <Section
        id="preferences-heading"
        className="rounded-lg border border-slate-200 bg-white p-4"
        title="What I want to be told about"
      >
        <p className="mt-1 text-sm text-slate-700">
          "Show" lists the notice here and on your dashboard. "Phone" also sends it to your phone once phone alerts are
          on. Notices are kept either way.
        </p>
        <form method="post" className="mt-3">
          <CsrfInput token={csrf} />
          <table className="w-full text-sm">
            <TableHead
              rowClassName="text-left"
              cellClassName="w-14 py-1 text-center"
              heads={[{ label: "Notice", className: "py-1 pr-2" }, "Show", "Phone"]}
            />
            <tbody>
              {preferences.map((p) => (
                <tr key={p.kind} className="border-t border-slate-200">
                  <th scope="row" id={`pref-${p.kind}`} className="py-2 pr-2 text-left font-normal break-words">
                    {p.label}
                  </th>
                  <ChoiceCell name={PREFERENCE_FIELD.inApp(p.kind)} checked={p.inApp} label={`Show: ${p.label}`} />
                  <ChoiceCell name={PREFERENCE_FIELD.push(p.kind)} checked={p.push} label={`Phone: ${p.label}`} />
                </tr>
              ))}
            </tbody>
          </table>
          <button
            type="submit"
            name="intent"
            value="preferences"
            className="mt-3 w-full rounded-md bg-green-800 px-4 py-3 font-semibold text-white sm:w-auto"
          >
            Save preferences
          </button>
        </form>
      </Section>
    </div>
  );
}

/** One tick box of the preferences table ("Show" or "Phone" for a kind of notice). */
function ChoiceCell({ name, checked, label }: { name: string; checked: boolean; label: string }) {
  return (
    <td className="text-center">
      <input type="checkbox" name={name} defaultChecked={checked} aria-label={label} className="h-5 w-5" />
    </td>
  );
}
