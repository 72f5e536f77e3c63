/**
 * Answer in a thread: only its participants may (an unknown thread and someone else's
 * get the same 404). The message, attachment, notices and audit row go in one batch.
 */
import { participantsOf, visibleThread } from "#db/queries/messages";
import type { ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";
import {
  type AttachmentInput,
  checkedAttachment,
  isFailure,
  messageStatements,
  NO_THREAD,
  readerOf,
  recipientsOf,
  runBatch,
} from "./message-common";

export async function sendMessage(
  input: { threadId: string; body: string; attachment?: AttachmentInput },
  deps: Pick<ServiceDeps, "db" | "r2" | "actor" | "now">,
): Promise<Result<{ threadId: string; messageId: string; attachmentId: string | null }>> {
  const { db, actor } = deps;
  const reader = await readerOf(db, actor);
  if (isFailure(reader)) return reader;
  const thread = await visibleThread(db, reader, input.threadId);
  if (!thread) return fail(404, NO_THREAD);
  const attachment = checkedAttachment(input.attachment);
  if (isFailure(attachment)) return attachment;
  const recipients = await recipientsOf(db, await participantsOf(db, [thread.id]), actor.id);
  const message = await messageStatements(
    { threadId: thread.id, subject: thread.subject, body: input.body, attachment, recipients },
    deps,
  );
  try {
    await runBatch(db, message.statements);
  } catch (error) {
    await message.cleanup();
    throw error;
  }
  return ok({ threadId: thread.id, messageId: message.messageId, attachmentId: message.attachmentId });
}
