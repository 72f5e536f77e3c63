/**
 * Messages (docs/messages.md): threads between an exporter and the regulator's office
 * (a department) or a buyer. Who may read a thread is its participant rows: a user, or a
 * department that every active office administrator of that department reads and answers for.
 * Read markers are per person (message_reads), so each office administrator has their own unread count.
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

export const messageThreads = sqliteTable(
  "message_threads",
  {
    id: text("id").primaryKey(),
    subject: text("subject").notNull(),
    /** A free reference to what the thread is about: a batch code, shipment, order or licence. */
    reference: text("reference"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    /** When the newest message was sent: the thread list is ordered by it. */
    lastMessageAt: text("last_message_at").notNull(),
  },
  (t) => [index("message_threads_last_message_idx").on(t.lastMessageAt)],
);

/** One row per participant: exactly one of `userId` and `department` is set. */
export const threadParticipants = sqliteTable(
  "thread_participants",
  {
    id: text("id").primaryKey(),
    threadId: text("thread_id").notNull(),
    userId: text("user_id"),
    /** One of OFFICE_DEPARTMENTS (worker/auth/roles.ts): the office administrators of this department. */
    department: text("department"),
  },
  (t) => [
    index("thread_participants_thread_idx").on(t.threadId),
    index("thread_participants_user_idx").on(t.userId),
    index("thread_participants_department_idx").on(t.department),
    uniqueIndex("thread_participants_thread_user_idx").on(t.threadId, t.userId),
    uniqueIndex("thread_participants_thread_department_idx").on(t.threadId, t.department),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    threadId: text("thread_id").notNull(),
    senderId: text("sender_id").notNull(),
    /** The sender's role when they wrote (office administrators answer for their department). */
    senderRole: text("sender_role").notNull(),
    body: text("body").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("messages_thread_created_idx").on(t.threadId, t.createdAt)],
);

/** A file sent with a message: kept in R2 under a private key, served only to participants. */
export const messageAttachments = sqliteTable(
  "message_attachments",
  {
    id: text("id").primaryKey(),
    messageId: text("message_id").notNull(),
    threadId: text("thread_id").notNull(),
    r2Key: text("r2_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("message_attachments_message_idx").on(t.messageId)],
);

/** Per person and thread: the newest message time they have seen (unread = newer messages by others). */
export const messageReads = sqliteTable(
  "message_reads",
  {
    threadId: text("thread_id").notNull(),
    userId: text("user_id").notNull(),
    lastReadAt: text("last_read_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] })],
);
