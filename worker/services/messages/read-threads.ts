/**
 * Reading messages (docs/messages.md): my threads with their unread counts and the
 * total, one thread (oldest message first; opening it marks it read), marking read, and an
 * attachment. Every read goes through the participants' check; someone else's thread and an
 * unknown one answer the same 404.
 */
import {
  attachmentsOfThread,
  findAttachment,
  markReadStatement,
  messagesOf,
  participantsOf,
  type Reader,
  threadsOf,
  totalUnread,
  visibleThread,
} from "#db/queries/messages";
import { isRole, ROLE_LABEL } from "#worker/auth/roles";
import { departmentLabel } from "#worker/domain/messages";
import type { ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";
import { isFailure, NO_THREAD, readerOf } from "./message-common";

export const THREADS_PAGE_SIZE = 20;

type ParticipantView = Awaited<ReturnType<typeof participantsOf>>[number];

/** How a participant is named to the others. */
export function participantLabel(p: Omit<ParticipantView, "threadId">): string {
  if (p.department) return departmentLabel(p.department);
  const name = [p.firstName, p.lastName].filter(Boolean).join(" ") || p.loginId || "Unknown account";
  const role = isRole(p.role) ? ROLE_LABEL[p.role] : "";
  return [name, p.companyName, role].filter(Boolean).join(" · ");
}

const isMe = (reader: Reader, p: { userId: string | null; department: string | null }) =>
  (p.userId !== null && p.userId === reader.userId) || (p.department !== null && p.department === reader.department);

export type ThreadSummary = {
  id: string;
  subject: string;
  reference: string | null;
  lastMessageAt: string;
  unread: number;
  with: string[];
};

export async function listThreads(
  input: { page: number },
  deps: Pick<ServiceDeps, "db" | "actor">,
): Promise<Result<{ threads: ThreadSummary[]; totalUnread: number; page: number; pageSize: number; total: number }>> {
  const reader = await readerOf(deps.db, deps.actor);
  if (isFailure(reader)) return reader;
  const [{ items, total }, unread] = await Promise.all([
    threadsOf(deps.db, reader, input.page, THREADS_PAGE_SIZE),
    totalUnread(deps.db, reader),
  ]);
  const people = await participantsOf(
    deps.db,
    items.map((t) => t.id),
  );
  const threads = items.map((t) => ({
    ...t,
    unread: Number(t.unread),
    with: people.filter((p) => p.threadId === t.id && !isMe(reader, p)).map(participantLabel),
  }));
  return ok({ threads, totalUnread: unread, page: input.page, pageSize: THREADS_PAGE_SIZE, total });
}

/** Unread messages in my threads (the exporter dashboard's "messages awaiting reply"); 0 for a role without messages. */
export async function unreadMessageCount(deps: Pick<ServiceDeps, "db" | "actor">): Promise<number> {
  const reader = await readerOf(deps.db, deps.actor);
  return isFailure(reader) ? 0 : Number(await totalUnread(deps.db, reader));
}

export type ThreadView = {
  thread: { id: string; subject: string; reference: string | null; createdAt: string; lastMessageAt: string };
  participants: string[];
  messages: {
    id: string;
    mine: boolean;
    sender: string;
    body: string;
    createdAt: string;
    attachment: { id: string; fileName: string; contentType: string; sizeBytes: number } | null;
  }[];
};

/** One thread for a participant; `markRead` moves their marker to now (the page does on open). */
export async function openThread(
  input: { threadId: string; markRead: boolean },
  deps: Pick<ServiceDeps, "db" | "actor" | "now">,
): Promise<Result<ThreadView>> {
  const { db } = deps;
  const reader = await readerOf(db, deps.actor);
  if (isFailure(reader)) return reader;
  const thread = await visibleThread(db, reader, input.threadId);
  if (!thread) return fail(404, NO_THREAD);
  const [people, rows, files] = await Promise.all([
    participantsOf(db, [thread.id]),
    messagesOf(db, thread.id),
    attachmentsOfThread(db, thread.id),
  ]);
  if (input.markRead) await markReadStatement(db, thread.id, reader.userId, deps.now().toISOString());
  return ok({
    thread: {
      id: thread.id,
      subject: thread.subject,
      reference: thread.reference,
      createdAt: thread.createdAt,
      lastMessageAt: thread.lastMessageAt,
    },
    participants: people.map(participantLabel),
    messages: rows.map((m) => {
      const file = files.find((f) => f.messageId === m.id);
      const name = [m.firstName, m.lastName].filter(Boolean).join(" ") || "Unknown account";
      const side =
        m.senderRole === "office_admin" && m.department
          ? departmentLabel(m.department)
          : isRole(m.senderRole)
            ? ROLE_LABEL[m.senderRole]
            : m.senderRole;
      return {
        id: m.id,
        mine: m.senderId === reader.userId,
        sender: [name, m.companyName, side].filter(Boolean).join(" · "),
        body: m.body,
        createdAt: m.createdAt,
        attachment: file
          ? { id: file.id, fileName: file.fileName, contentType: file.contentType, sizeBytes: file.sizeBytes }
          : null,
      };
    }),
  });
}

/** Marks a thread read for the caller (participants only). */
export async function markThreadRead(
  input: { threadId: string },
  deps: Pick<ServiceDeps, "db" | "actor" | "now">,
): Promise<Result<{ threadId: string; unread: 0 }>> {
  const reader = await readerOf(deps.db, deps.actor);
  if (isFailure(reader)) return reader;
  const thread = await visibleThread(deps.db, reader, input.threadId);
  if (!thread) return fail(404, NO_THREAD);
  await markReadStatement(deps.db, thread.id, reader.userId, deps.now().toISOString());
  return ok({ threadId: thread.id, unread: 0 as const });
}

/** An attachment's stored file, for a participant of its thread only (the R2 key never comes from the URL). */
export async function readAttachment(
  input: { attachmentId: string },
  deps: Pick<ServiceDeps, "db" | "r2" | "actor">,
): Promise<Result<{ object: R2ObjectBody; fileName: string; contentType: string }>> {
  const reader = await readerOf(deps.db, deps.actor);
  if (isFailure(reader)) return reader;
  const file = await findAttachment(deps.db, input.attachmentId);
  const thread = file ? await visibleThread(deps.db, reader, file.threadId) : null;
  if (!file || !thread) return fail(404, "No such attachment, or you are not part of its conversation");
  const object = await deps.r2.get(file.r2Key);
  if (!object) return fail(404, "The attachment's file is missing");
  return ok({ object, fileName: file.fileName, contentType: file.contentType });
}
