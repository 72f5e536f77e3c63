/**
 * Notices to one account (one notifications table, docs/architecture.md). `notifyStatement` returns the insert
 * to put in the SAME `db.batch()` as the change it announces, so a notice never exists without its
 * change nor the other way round. Give a `dedupeKey` when the same event could be written twice
 * (a retried offline submission, a re-run job): the second insert is ignored.
 */
import type { Database } from "#db/client";
import { insertNotificationStatement } from "#db/queries/notifications";
import type { NotificationKind } from "#worker/domain/notifications";
import { notePushPending } from "../push/push-signal";

export type Notice = {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link?: string;
  subject?: { type: string; id: string };
  dedupeKey?: string;
};

export function notifyStatement(db: Database, notice: Notice, now: Date) {
  // Push (ADR 028): after the response, the Worker delivers pending notices in the background.
  notePushPending();
  return insertNotificationStatement(db, {
    id: crypto.randomUUID(),
    userId: notice.userId,
    kind: notice.kind,
    title: notice.title,
    body: notice.body,
    link: notice.link ?? null,
    subjectType: notice.subject?.type ?? null,
    subjectId: notice.subject?.id ?? null,
    dedupeKey: notice.dedupeKey ?? null,
    createdAt: now.toISOString(),
  });
}
