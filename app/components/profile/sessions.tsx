import { ErrorSummary } from "#app/components/kit/error-summary";
import { PostForm } from "#app/components/kit/post-form";
import { Section } from "#app/components/kit/section";
import type { SessionView } from "#worker/services/profile/sessions";
import { noticeTime } from "../notices";

/** /profile/sessions: where I am signed in; end one, or all others. */
export function SessionsSection({
  sessions,
  csrf,
  done,
  reply,
}: {
  sessions: SessionView[];
  csrf: string;
  done: string | null;
  reply?: { error?: string };
}) {
  const actionData = reply;
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Section id="sessions-heading" className="space-y-3" title="Where I am signed in">
      <p className="text-sm text-slate-700">
        Each sign-in is a session. If you see one you do not recognise, end it and change your password.
      </p>
      {actionData?.error && <ErrorSummary items={[{ message: actionData.error }]} />}
      {done && (
        <p role="status" className="rounded-md bg-green-50 p-2 text-sm text-green-900">
          {done}
        </p>
      )}
      <ul className="space-y-2" data-testid="sessions">
        {sessions.map((s) => (
          <li
            key={s.id}
            className={`rounded-lg border bg-white p-3 ${s.current ? "border-green-700" : "border-slate-200"}`}
            data-testid="session"
          >
            <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
              {s.device}
              {s.current && (
                <span className="rounded-full bg-green-800 px-2 text-xs font-semibold text-white">This device</span>
              )}
            </p>
            <dl className="mt-1 grid grid-cols-[minmax(0,6rem)_minmax(0,1fr)] gap-x-2 text-sm">
              <dt className="text-slate-600">Place</dt>
              <dd className="break-words">{s.place ?? "Unknown"} (approximate)</dd>
              <dt className="text-slate-600">Last seen</dt>
              <dd>{noticeTime(s.lastSeenAt)}</dd>
              <dt className="text-slate-600">Signed in</dt>
              <dd>{noticeTime(s.createdAt)}</dd>
            </dl>
            {!s.current && (
              <PostForm csrf={csrf} intent="revoke" hidden={{ sessionId: s.id }} className="mt-2">
                <button
                  type="submit"
                  className="min-h-11 rounded-md border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-800"
                >
                  Sign out this device<span className="sr-only">: {s.device}</span>
                </button>
              </PostForm>
            )}
          </li>
        ))}
      </ul>
      {others > 0 && (
        <PostForm csrf={csrf} intent="revoke-others">
          <button type="submit" className="w-full rounded-md bg-red-800 px-4 py-3 font-semibold text-white sm:w-auto">
            Sign out all other devices
          </button>
        </PostForm>
      )}
      {sessions.length === 0 && <p className="text-slate-600">No sessions are listed yet.</p>}
    </Section>
  );
}
