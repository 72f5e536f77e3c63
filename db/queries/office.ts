/**
 * SQL of the office's document register (ADR 025): documents, their files, the work
 * queue of a department (paged on the server) and the guarded transition.
 */
import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { officeDocumentFiles, officeDocuments, users } from "../schema";
import { pageWithTotal } from "./paging";

export type OfficeDocumentRow = typeof officeDocuments.$inferSelect;
export type NewOfficeDocument = typeof officeDocuments.$inferInsert;
export async function findDocument(db: Database, id: string): Promise<OfficeDocumentRow | null> {
  const [row] = await db.select().from(officeDocuments).where(eq(officeDocuments.id, id)).limit(1);
  return row ?? null;
}

export const insertDocumentStatement = (db: Database, row: NewOfficeDocument) => db.insert(officeDocuments).values(row);

/** The highest reference stored with `prefix`, or null. */
export async function lastReference(db: Database, prefix: string): Promise<string | null> {
  const [row] = await db
    .select({ r: officeDocuments.reference })
    .from(officeDocuments)
    .where(and(gte(officeDocuments.reference, prefix), lt(officeDocuments.reference, `${prefix}\uffff`)))
    .orderBy(desc(officeDocuments.reference))
    .limit(1);
  return row?.r ?? null;
}

export const isReferenceTaken = (error: unknown) =>
  String((error as { cause?: unknown })?.cause ?? error).includes(
    "UNIQUE constraint failed: office_documents.reference",
  ) || String(error).includes("UNIQUE constraint failed: office_documents.reference");

export type RegisterFilter = { department?: string; status?: string; page: number; pageSize: number };

/** One page of the register, newest change first, and the count of all that match. */
export async function listDocuments(db: Database, f: RegisterFilter) {
  const where = and(
    f.department ? eq(officeDocuments.department, f.department) : undefined,
    f.status ? eq(officeDocuments.status, f.status) : undefined,
  );
  const list = db
    .select({
      id: officeDocuments.id,
      reference: officeDocuments.reference,
      kind: officeDocuments.kind,
      title: officeDocuments.title,
      counterparty: officeDocuments.counterparty,
      department: officeDocuments.department,
      status: officeDocuments.status,
      assigneeId: officeDocuments.assigneeId,
      assigneeName: sql<
        string | null
      >`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`,
      version: officeDocuments.version,
      updatedAt: officeDocuments.updatedAt,
    })
    .from(officeDocuments)
    .leftJoin(users, eq(users.id, officeDocuments.assigneeId))
    .where(where)
    .orderBy(desc(officeDocuments.updatedAt), desc(officeDocuments.id));
  const [items, total] = await pageWithTotal(db, list, { table: officeDocuments, where }, f);
  return { items, total };
}

/** Open documents per department and status (the queues' sizes). */
export async function queueCounts(db: Database) {
  return db
    .select({ department: officeDocuments.department, status: officeDocuments.status, n: count() })
    .from(officeDocuments)
    .groupBy(officeDocuments.department, officeDocuments.status);
}

/** The transition, guarded by the version it was based on. */
export function updateDocumentStatement(
  db: Database,
  id: string,
  version: number,
  set: Pick<NewOfficeDocument, "status" | "assigneeId" | "updatedAt">,
) {
  return db
    .update(officeDocuments)
    .set({ ...set, version: version + 1 })
    .where(and(eq(officeDocuments.id, id), eq(officeDocuments.version, version)));
}

/**
 * Fails the whole batch when the guarded update just before it changed no row (the document
 * moved on meanwhile): it sets the title to NULL then, which its NOT NULL refuses, so the audit
 * row after it is rolled back too. When the update did change the row, it rewrites the same title.
 */
export const requireChangedStatement = (db: Database, id: string) =>
  db
    .update(officeDocuments)
    .set({ title: sql`CASE WHEN changes() = 1 THEN ${officeDocuments.title} ELSE NULL END` })
    .where(eq(officeDocuments.id, id));
export const isStaleDocument = (error: unknown) =>
  [error, (error as { cause?: unknown })?.cause].some((e) =>
    String(e).includes("NOT NULL constraint failed: office_documents.title"),
  );

/** Active office administrators of `department`, by name (the assignee choices). */
export async function officeStaffOf(db: Database, department: string) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.role, "office_admin"), eq(users.department, department), eq(users.active, true)))
    .orderBy(users.lastName, users.firstName);
}

export const insertFileStatement = (db: Database, row: typeof officeDocumentFiles.$inferInsert) =>
  db.insert(officeDocumentFiles).values(row);

export async function filesOf(db: Database, documentId: string) {
  return db
    .select()
    .from(officeDocumentFiles)
    .where(eq(officeDocumentFiles.documentId, documentId))
    .orderBy(officeDocumentFiles.createdAt);
}

export async function findFile(db: Database, documentId: string, fileId: string) {
  const [row] = await db
    .select()
    .from(officeDocumentFiles)
    .where(and(eq(officeDocumentFiles.id, fileId), eq(officeDocumentFiles.documentId, documentId)))
    .limit(1);
  return row ?? null;
}
