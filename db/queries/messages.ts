/**
 * Messages (docs/messages.md). A person sees a thread when a participant row names
 * them, or names their department and they are an office administrator (`department` given).
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../client";
import { messageAttachments, messageReads, messages, messageThreads, threadParticipants, users } from "../schema";
import { pageWithTotal } from "./paging";

export type ParticipantRow = typeof threadParticipants.$inferSelect;
/** Who reads: the person, and the department they answer for (office administrators only). */
export type Reader = { userId: string; department: string | null };

/** The condition "this thread is visible to the reader", on message_threads.id. */
function visibleTo(reader: Reader) {
  const dept = reader.department ? sql` OR ${threadParticipants.department} = ${reader.department}` : sql``;
  return sql`${messageThreads.id} IN (SELECT ${threadParticipants.threadId} FROM ${threadParticipants} WHERE ${threadParticipants.userId} = ${reader.userId}${dept})`;
}

/** Messages by others newer than the reader's marker in the thread. */
function unreadOf(reader: Reader) {
  // Qualified by hand: inside a correlated subquery drizzle's bare "id" would mean the message's.
  const thread = sql.raw(`"message_threads"."id"`);
  return sql<number>`(SELECT count(*) FROM ${messages} m WHERE m.thread_id = ${thread} AND m.sender_id != ${reader.userId} AND m.created_at > coalesce((SELECT r.last_read_at FROM ${messageReads} r WHERE r.thread_id = ${thread} AND r.user_id = ${reader.userId}), ''))`;
}

export async function threadsOf(db: Database, reader: Reader, page: number, pageSize: number) {
  const list = db
    .select({
      id: messageThreads.id,
      subject: messageThreads.subject,
      reference: messageThreads.reference,
      lastMessageAt: messageThreads.lastMessageAt,
      unread: unreadOf(reader),
    })
    .from(messageThreads)
    .where(visibleTo(reader))
    .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.id));
  const [items, total] = await pageWithTotal(
    db,
    list,
    { table: messageThreads, where: visibleTo(reader) },
    { page, pageSize },
  );
  return { items, total };
}

/** Unread messages over every thread the reader sees. */
export async function totalUnread(db: Database, reader: Reader) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${unreadOf(reader)}), 0)` })
    .from(messageThreads)
    .where(visibleTo(reader));
  return Number(row?.n ?? 0);
}

/** The thread, only when the reader may see it (null for an unknown id and for someone else's). */
export async function visibleThread(db: Database, reader: Reader, threadId: string) {
  const [row] = await db
    .select()
    .from(messageThreads)
    .where(and(eq(messageThreads.id, threadId), visibleTo(reader)))
    .limit(1);
  return row ?? null;
}

/** Participants of these threads, with the person's name, role, login ID and company when a user. */
export async function participantsOf(db: Database, threadIds: string[]) {
  if (!threadIds.length) return [];
  return db
    .select({
      threadId: threadParticipants.threadId,
      userId: threadParticipants.userId,
      department: threadParticipants.department,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      loginId: users.loginId,
      companyName: users.companyName,
    })
    .from(threadParticipants)
    .leftJoin(users, eq(users.id, threadParticipants.userId))
    .where(inArray(threadParticipants.threadId, threadIds));
}

export async function messagesOf(db: Database, threadId: string) {
  return db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      senderRole: messages.senderRole,
      body: messages.body,
      createdAt: messages.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      department: users.department,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.threadId, threadId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

export async function attachmentsOfThread(db: Database, threadId: string) {
  return db.select().from(messageAttachments).where(eq(messageAttachments.threadId, threadId));
}

export async function findAttachment(db: Database, id: string) {
  const [row] = await db.select().from(messageAttachments).where(eq(messageAttachments.id, id)).limit(1);
  return row ?? null;
}

/** Active office administrators of a department: they read and answer for it. */
export async function officeAdminsOf(db: Database, department: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "office_admin"), eq(users.department, department), eq(users.active, true)));
}

export const insertThreadStatement = (db: Database, row: typeof messageThreads.$inferInsert) =>
  db.insert(messageThreads).values(row);
export const insertParticipantStatement = (db: Database, row: typeof threadParticipants.$inferInsert) =>
  db.insert(threadParticipants).values(row);
export const insertMessageStatement = (db: Database, row: typeof messages.$inferInsert) =>
  db.insert(messages).values(row);
export const insertAttachmentStatement = (db: Database, row: typeof messageAttachments.$inferInsert) =>
  db.insert(messageAttachments).values(row);
export const touchThreadStatement = (db: Database, threadId: string, at: string) =>
  db.update(messageThreads).set({ lastMessageAt: at }).where(eq(messageThreads.id, threadId));

/** The reader's marker moves forward only. */
export const markReadStatement = (db: Database, threadId: string, userId: string, at: string) =>
  db
    .insert(messageReads)
    .values({ threadId, userId, lastReadAt: at })
    .onConflictDoUpdate({
      target: [messageReads.threadId, messageReads.userId],
      set: { lastReadAt: sql`max(${messageReads.lastReadAt}, excluded.last_read_at)` },
    });

/**
 * Whether two people trade with each other (docs/messages.md "Who may write to whom"): a batch
 * both took part in — bought, held, a custody step recorded, allocated to an order or carried in
 * a shipment — counting the batches split or merged from it; or an offer one made on the other's
 * lot in the sellers' hub.
 */
export async function tradeTogether(db: Database, a: string, b: string): Promise<boolean> {
  const batchesOf = (userId: string) => sql`
    SELECT id AS batch_id FROM batches WHERE created_by = ${userId} OR holder_id = ${userId}
    UNION SELECT batch_id FROM purchases WHERE buyer_id = ${userId}
    UNION SELECT batch_id FROM custody_events WHERE actor_id = ${userId} AND voided_at IS NULL
    UNION SELECT oa.batch_id FROM order_allocations oa JOIN orders o ON o.id = oa.order_id WHERE o.exporter_id = ${userId}
    UNION SELECT sb.batch_id FROM shipment_batches sb JOIN shipments s ON s.id = sb.shipment_id WHERE s.exporter_id = ${userId}`;
  // D1 allows five terms in a compound SELECT: each side's own batches first, then what came of them.
  const rows = await db.all<{ found: number }>(sql`
    WITH RECURSIVE
      mine0(batch_id) AS (${batchesOf(a)}),
      mine(batch_id) AS (SELECT batch_id FROM mine0
        UNION SELECT l.child_batch_id FROM batch_lineage l JOIN mine m ON l.parent_batch_id = m.batch_id),
      theirs0(batch_id) AS (${batchesOf(b)}),
      theirs(batch_id) AS (SELECT batch_id FROM theirs0
        UNION SELECT l.child_batch_id FROM batch_lineage l JOIN theirs t ON l.parent_batch_id = t.batch_id)
    SELECT 1 AS found WHERE EXISTS (SELECT 1 FROM mine JOIN theirs ON mine.batch_id = theirs.batch_id)
      OR EXISTS (SELECT 1 FROM lots l JOIN offers o ON o.lot_id = l.id
        WHERE (l.seller_id = ${a} AND o.buyer_id = ${b}) OR (l.seller_id = ${b} AND o.buyer_id = ${a}))`);
  return rows.length > 0;
}
