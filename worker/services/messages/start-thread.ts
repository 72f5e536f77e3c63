/**
 * Start a thread (docs/messages.md): with the regulator's office (a department, which
 * every office administrator of it reads) or with a person by login ID, as MESSAGE_PARTNERS
 * allows for the sender's role (a trader only with someone they trade with). The thread, its participants, the first message (and its
 * attachment), the notices and both audit rows go in one batch.
 */
import { insertParticipantStatement, insertThreadStatement, tradeTogether } from "#db/queries/messages";
import { findUserByLoginId } from "#db/queries/users";
import type { NewThreadInput } from "#worker/contracts/messages";
import { MESSAGE_PARTNERS, noPartnerMessage } from "#worker/domain/messages";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import {
  type AttachmentInput,
  checkedAttachment,
  isFailure,
  messageStatements,
  readerOf,
  recipientsOf,
  runBatch,
} from "./message-common";

export async function startThread(
  input: NewThreadInput & { attachment?: AttachmentInput },
  deps: Pick<ServiceDeps, "db" | "r2" | "actor" | "now">,
): Promise<Result<{ threadId: string; messageId: string }>> {
  const { db, actor } = deps;
  const reader = await readerOf(db, actor);
  if (isFailure(reader)) return reader;
  const partners = MESSAGE_PARTNERS[actor.role];
  if (!partners) return fail(403, "Your role cannot start a conversation");

  // The sender's side: themselves, or (office administrators) their department.
  const mine =
    actor.role === "office_admin"
      ? reader.department
        ? { userId: null, department: reader.department }
        : null
      : { userId: actor.id, department: null };
  if (!mine) return fail(403, "Your account has no office department: ask the system administrator to set one");

  let theirs: { userId: string | null; department: string | null };
  if (input.to === "office") {
    if (!partners.office || !input.department) {
      return fail(400, "You cannot write to the regulator's office from here", {
        to: ["Choose a person to write to"],
      });
    }
    theirs = { userId: null, department: input.department };
  } else {
    const user = input.loginId ? await findUserByLoginId(db, input.loginId) : null;
    // One answer for unknown, inactive, not-allowed and not-trading accounts: the form reveals no account.
    const reachable =
      !!user?.active &&
      (partners.roles as readonly string[]).includes(user.role) &&
      user.id !== actor.id &&
      (!partners.tradersOnly || (await tradeTogether(db, actor.id, user.id)));
    if (!user || !reachable) {
      const message = noPartnerMessage(partners, input.loginId ?? "");
      return fail(404, message, { loginId: [message] });
    }
    theirs = { userId: user.id, department: null };
  }

  const attachment = checkedAttachment(input.attachment);
  if (isFailure(attachment)) return attachment;

  const threadId = crypto.randomUUID();
  const at = deps.now().toISOString();
  const participants = [mine, theirs].map((p) => ({ id: crypto.randomUUID(), threadId, ...p }));
  const recipients = await recipientsOf(db, participants, actor.id);
  const message = await messageStatements(
    { threadId, subject: input.subject, body: input.body, attachment, recipients },
    deps,
  );
  try {
    await runBatch(db, [
      insertThreadStatement(db, {
        id: threadId,
        subject: input.subject,
        reference: input.reference ?? null,
        createdBy: actor.id,
        lastMessageAt: at,
      }),
      ...participants.map((p) => insertParticipantStatement(db, p)),
      auditEntry(db, actor, "message_thread.create", "message_thread", threadId, null, {
        subject: input.subject,
        reference: input.reference ?? null,
        participants: participants.map(({ userId, department }) => ({ userId, department })),
      }),
      ...message.statements,
    ]);
  } catch (error) {
    await message.cleanup();
    throw error;
  }
  return ok({ threadId, messageId: message.messageId });
}
