/**
 * My notices and how I want them (/profile/notifications, /api/notifications,
 * /api/profile/notification-preferences). Everything is keyed by the caller's id: no input names
 * another account, and ids of other accounts' notices match nothing (the WHERE has the user).
 */
import {
  countUnread,
  listNotifications,
  markNotificationsRead,
  preferencesOf,
  upsertPreferenceStatement,
} from "#db/queries/notifications";
import type { PreferencesInput } from "#worker/contracts/profile";
import { NOTIFICATION_KIND_LABEL, NOTIFICATION_KINDS, type NotificationKind } from "#worker/domain/notifications";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { ok, type Result } from "../result";

type Deps = Pick<ServiceDeps, "db" | "actor">;

export type NoticeView = {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  read: boolean;
};

/** A stored notice as its reader sees it (read or not), here and on the farmer's dashboard. */
export const noticeView = (r: Awaited<ReturnType<typeof listNotifications>>[number]): NoticeView => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  createdAt: r.createdAt,
  read: r.readAt != null,
});

export type PreferenceView = { kind: NotificationKind; label: string; inApp: boolean; push: boolean };

/** Every kind with my choice, or the default (shown and pushed) where I have not chosen. */
export async function myPreferences(deps: Deps): Promise<Result<{ preferences: PreferenceView[] }>> {
  const stored = new Map((await preferencesOf(deps.db, deps.actor.id)).map((p) => [p.kind, p]));
  const preferences = NOTIFICATION_KINDS.map((kind) => ({
    kind,
    label: NOTIFICATION_KIND_LABEL[kind],
    inApp: stored.get(kind)?.inApp ?? true,
    push: stored.get(kind)?.push ?? true,
  }));
  return ok({ preferences });
}

/** The kinds I chose to see, or undefined when I see them all (no filter needed). */
async function shownKinds(deps: Deps) {
  const hidden = new Set((await preferencesOf(deps.db, deps.actor.id)).filter((p) => !p.inApp).map((p) => p.kind));
  return hidden.size ? NOTIFICATION_KINDS.filter((k) => !hidden.has(k)) : undefined;
}

/** My newest notices (of the kinds I chose to see) and how many of them are unread. */
export async function myNotices(
  input: { limit?: number; unreadOnly?: boolean },
  deps: Deps,
): Promise<Result<{ notices: NoticeView[]; unread: number }>> {
  const kinds = await shownKinds(deps);
  const [rows, unread] = await Promise.all([
    listNotifications(deps.db, deps.actor.id, { limit: input.limit ?? 20, unreadOnly: input.unreadOnly, kinds }),
    countUnread(deps.db, deps.actor.id, kinds),
  ]);
  return ok({ notices: rows.map(noticeView), unread });
}

/**
 * Marks my notices read: the listed ones, or all. Not audited: reading a notice changes no record
 * of the platform, only the reader's own inbox (docs/audit-actions.md).
 */
export async function markMyNoticesRead(
  input: { ids?: readonly string[]; all?: boolean },
  deps: Deps & Pick<ServiceDeps, "now">,
): Promise<Result<{ message: string; unread: number }>> {
  await markNotificationsRead(
    deps.db,
    deps.actor.id,
    deps.now().toISOString(),
    input.all ? undefined : (input.ids ?? []),
  );
  const unread = await countUnread(deps.db, deps.actor.id, await shownKinds(deps));
  return ok({ message: input.all ? "All notices marked read" : "Marked read", unread });
}

/** Stores my choices for the kinds given (others keep theirs), with one audit row, in one batch. */
export async function updateMyPreferences(
  input: PreferencesInput,
  deps: Deps,
): Promise<Result<{ message: string; preferences: PreferenceView[] }>> {
  const { db, actor } = deps;
  const before = await myPreferences(deps);
  const [first, ...rest] = input.preferences.map((p) =>
    upsertPreferenceStatement(db, { userId: actor.id, kind: p.kind, inApp: p.inApp, push: p.push }),
  );
  const was = before.ok ? before.value.preferences.filter((p) => input.preferences.some((q) => q.kind === p.kind)) : [];
  await db.batch([
    first!,
    ...rest,
    auditEntry(
      db,
      actor,
      "notification_preference.update",
      "user",
      actor.id,
      was.map(({ kind, inApp, push }) => ({ kind, inApp, push })),
      input.preferences,
    ),
  ]);
  const after = await myPreferences(deps);
  return ok({ message: "Notification preferences saved", preferences: after.ok ? after.value.preferences : [] });
}
