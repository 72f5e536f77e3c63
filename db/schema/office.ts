/**
 * The office's document and correspondence register (ADR 025): incoming and outgoing
 * letters, licence files and inspection reports, each with a unique reference number, the
 * department whose work queue holds it, a status and an assignee; files kept privately in R2.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";

export const officeDocuments = sqliteTable(
  "office_documents",
  {
    id: text("id").primaryKey(),
    /** "LACRA-DOC-IN-2026-000001": generated, unique. */
    reference: text("reference").notNull().unique(),
    /** incoming_letter | outgoing_letter | licence_file | inspection_report */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    /** The sender or addressee of a letter, or the licence holder's company. */
    counterparty: text("counterparty"),
    /** One of OFFICE_DEPARTMENTS (worker/auth/roles.ts). */
    department: text("department").notNull(),
    /** received | assigned | in_progress | closed */
    status: text("status").notNull().default("received"),
    assigneeId: text("assignee_id"),
    /** A licence file's licence. */
    licenceId: text("licence_id"),
    createdBy: text("created_by").notNull(),
    /** Optimistic concurrency: a transition based on an older version is refused (409). */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("office_documents_queue_idx").on(t.department, t.status, t.updatedAt),
    index("office_documents_assignee_idx").on(t.assigneeId),
  ],
);

/** A file of a register document: private in R2, served only to those who may read the document. */
export const officeDocumentFiles = sqliteTable(
  "office_document_files",
  {
    id: text("id").primaryKey(),
    documentId: text("document_id").notNull(),
    r2Key: text("r2_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    uploadedBy: text("uploaded_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("office_document_files_document_idx").on(t.documentId)],
);
