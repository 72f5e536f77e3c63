/**
 * What the message services share (docs/messages.md): who reads (a person, and the
 * department an office administrator answers for), the refusal of roles that do not message,
 * and the statements of one new message: the message, its attachment, the thread's time, the
 * sender's read marker, a notice to every other participant, and the audit row.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/client";
import {
  insertAttachmentStatement,
  insertMessageStatement,
  markReadStatement,
  officeAdminsOf,
  type ParticipantRow,
  type Reader,
  touchThreadStatement,
} from "#db/queries/messages";
import { findUserById } from "#db/queries/users";
import { can } from "#worker/auth/permissions";
import type { CheckedAttachment } from "#worker/domain/messages";
import type { Actor, ServiceDeps } from "../deps";
import { notifyStatement } from "../notifications/notify";
import { auditEntry } from "../platform/audit";
import { type Failure, fail } from "../result";

/** The upload check is shared with the office's document register: worker/services/platform/attachments.ts. */
export { type AttachmentInput, checkedAttachment } from "../platform/attachments";

export const NOT_A_MESSAGER = "Your role does not send or read messages";
/** The same answer for an unknown thread and for someone else's: ids reveal nothing. */
export const NO_THREAD = "No such conversation, or you are not part of it";

/** The reader of `actor`, or a refusal when the role does not message. */
export async function readerOf(db: Database, actor: Actor): Promise<Reader | Failure> {
  if (!can(actor.role, "sendMessages")) return fail(403, NOT_A_MESSAGER);
  if (actor.role !== "office_admin") return { userId: actor.id, department: null };
  const user = await findUserById(db, actor.id);
  return { userId: actor.id, department: user?.department ?? null };
}

export const isFailure = (x: unknown): x is Failure =>
  typeof x === "object" && x !== null && (x as Failure).ok === false;

/** Where a participant opens the thread: the exporter's spec route, everyone else /messages. */
export const threadLink = (role: string | null | undefined, threadId: string) =>
  `${role === "exporter" ? "/exporter/messages" : "/messages"}/${threadId}`;

/** Everyone a new message in these participant rows notifies, except the sender. */
export async function recipientsOf(
  db: Database,
  participants: Pick<ParticipantRow, "userId" | "department">[],
  senderId: string,
) {
  const ids = new Map<string, string | null>();
  for (const p of participants) {
    if (p.userId) ids.set(p.userId, (await findUserById(db, p.userId))?.role ?? null);
    if (p.department) for (const a of await officeAdminsOf(db, p.department)) ids.set(a.id, "office_admin");
  }
  ids.delete(senderId);
  return [...ids.entries()].map(([id, role]) => ({ id, role }));
}

/** The R2 key of an attachment: private (never public, served only through the participants' check). */
export const attachmentKey = (threadId: string, attachmentId: string) => `messages/${threadId}/${attachmentId}`;

/**
 * Stores the attachment in R2 (before the batch: a failed batch deletes it again) and returns the
 * statements of one message; `extra` goes first (the thread and its participants on a new thread).
 */
export async function messageStatements(
  args: {
    threadId: string;
    subject: string;
    body: string;
    attachment: CheckedAttachment | null;
    recipients: { id: string; role: string | null }[];
  },
  deps: Pick<ServiceDeps, "db" | "r2" | "actor" | "now">,
) {
  const { db, actor } = deps;
  const at = deps.now().toISOString();
  const messageId = crypto.randomUUID();
  const attachmentId = args.attachment ? crypto.randomUUID() : null;
  const key = attachmentId ? attachmentKey(args.threadId, attachmentId) : null;
  if (args.attachment && key) {
    await deps.r2.put(key, args.attachment.bytes, {
      httpMetadata: { contentType: args.attachment.contentType },
      customMetadata: { fileName: args.attachment.fileName },
    });
  }
  const attachmentRow =
    args.attachment && attachmentId && key
      ? {
          id: attachmentId,
          messageId,
          threadId: args.threadId,
          r2Key: key,
          fileName: args.attachment.fileName,
          contentType: args.attachment.contentType,
          sizeBytes: args.attachment.bytes.length,
        }
      : null;
  const preview = args.body.length > 140 ? `${args.body.slice(0, 139)}…` : args.body;
  const statements: BatchItem<"sqlite">[] = [
    insertMessageStatement(db, {
      id: messageId,
      threadId: args.threadId,
      senderId: actor.id,
      senderRole: actor.role,
      body: args.body,
      createdAt: at,
    }),
    ...(attachmentRow ? [insertAttachmentStatement(db, attachmentRow)] : []),
    touchThreadStatement(db, args.threadId, at),
    markReadStatement(db, args.threadId, actor.id, at),
    ...args.recipients.map((r) =>
      notifyStatement(
        db,
        {
          userId: r.id,
          kind: "message_received",
          title: `New message: ${args.subject}`,
          body: preview,
          link: threadLink(r.role, args.threadId),
          subject: { type: "message_thread", id: args.threadId },
          dedupeKey: `message:${messageId}:${r.id}`,
        },
        deps.now(),
      ),
    ),
    auditEntry(db, actor, "message.send", "message", messageId, null, {
      threadId: args.threadId,
      length: args.body.length,
      attachment: attachmentRow
        ? {
            id: attachmentRow.id,
            fileName: attachmentRow.fileName,
            contentType: attachmentRow.contentType,
            sizeBytes: attachmentRow.sizeBytes,
          }
        : null,
    }),
  ];
  const cleanup = async () => {
    if (key) await deps.r2.delete(key);
  };
  return { messageId, at, attachmentId, statements, cleanup };
}

/** Runs statements as one batch (one transaction); the list is never empty here. */
export function runBatch(db: Database, statements: BatchItem<"sqlite">[]) {
  return db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
