/**
 * Notices: the newest few with the unread count, for every role's dashboard, and the
 * full list with "mark read" on /profile/notifications. Server-rendered; plain forms and links.
 * On a dashboard: `const notices = await noticesFor(session)` (app/lib/notices.server.ts) in the
 * loader, then `<Notices {...notices} />`.
 */
import { Link } from "react-router";
import { PostForm } from "#app/components/kit/post-form";

export type NoticeItem = {
  id: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  read: boolean;
};

/** "2026-11-21 09:30 UTC" */
export const noticeTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

function NoticeEntry({ notice, csrf }: { notice: NoticeItem; csrf?: string }) {
  return (
    <li
      className={`rounded-lg border p-3 ${notice.read ? "border-slate-200 bg-white" : "border-amber-300 bg-amber-50"}`}
      data-testid="notice"
    >
      <p className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span className="font-semibold text-slate-900">
          {!notice.read && <span className="sr-only">Unread: </span>}
          {notice.link ? (
            <Link to={notice.link} prefetch="none" className="underline">
              {notice.title}
            </Link>
          ) : (
            notice.title
          )}
        </span>
        <time dateTime={notice.createdAt} className="text-xs text-slate-600">
          {noticeTime(notice.createdAt)}
        </time>
      </p>
      <p className="mt-1 text-sm break-words text-slate-700">{notice.body}</p>
      {csrf && !notice.read && (
        <PostForm csrf={csrf} intent="read" hidden={{ id: notice.id }} className="mt-2">
          <button
            type="submit"
            className="rounded border border-slate-400 px-2 py-1 text-sm font-semibold text-slate-800"
          >
            Mark read<span className="sr-only">: {notice.title}</span>
          </button>
        </PostForm>
      )}
    </li>
  );
}

/** The list of notices; with `csrf`, each unread one has its "Mark read" form (the page's own action). */
export function NoticeList({ notices, csrf }: { notices: NoticeItem[]; csrf?: string }) {
  if (!notices.length) return <p className="text-slate-600">No notices yet.</p>;
  return (
    <ul className="space-y-2">
      {notices.map((n) => (
        <NoticeEntry key={n.id} notice={n} csrf={csrf} />
      ))}
    </ul>
  );
}

/** A dashboard's notices panel: the newest `limit`, the unread count, and a link to them all. */
export function Notices({
  notices,
  unread,
  limit = 5,
  href = "/profile/notifications",
}: {
  notices: NoticeItem[];
  unread: number;
  limit?: number;
  href?: string;
}) {
  return (
    <section aria-labelledby="notices-heading" className="mt-6" data-testid="notices">
      <h2 id="notices-heading" className="flex flex-wrap items-center gap-2 text-lg font-bold">
        Notices
        <UnreadBadge unread={unread} />
      </h2>
      <div className="mt-2">
        <NoticeList notices={notices.slice(0, limit)} />
      </div>
      <p className="mt-2 text-sm">
        <Link to={href} prefetch="none" className="font-semibold text-green-800 underline">
          All notices and preferences
        </Link>
      </p>
    </section>
  );
}

/** How many notices are unread, as a badge beside the notices' heading. */
export function UnreadBadge({ unread }: { unread: number }) {
  return (
    <span className="rounded-full bg-slate-200 px-2 text-sm font-semibold text-slate-800" data-testid="unread-count">
      {unread} unread
    </span>
  );
}
