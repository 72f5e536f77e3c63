/**
 * What the office portal and /api/office read (ADR 025): a department's work queue (one
 * page, on the server), a document with its files, and a file's bytes — each only for someone
 * who may read the document's department.
 */
import { filesOf, findFile, listDocuments, officeStaffOf, queueCounts } from "#db/queries/office";
import type { RegisterQuery } from "#worker/contracts/office";
import { DOCUMENT_STATUSES, type DocumentStatus, OFFICE_DEPARTMENTS, REGISTER_PAGE_SIZE } from "#worker/domain/office";
import type { ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";
import { isFailure, readableDocument, registerReader } from "./office-common";

type Deps = Pick<ServiceDeps, "db" | "actor">;

/** One page of a department's queue: an office administrator's own department, whatever was asked. */
export async function listRegister(query: RegisterQuery, { db, actor }: Deps) {
  const reader = await registerReader(db, actor);
  if (isFailure(reader)) return reader;
  const department = reader.department ?? query.department;
  const { items, total } = await listDocuments(db, {
    department,
    status: query.status,
    page: query.page,
    pageSize: REGISTER_PAGE_SIZE,
  });
  return ok({ items, total, page: query.page, pageSize: REGISTER_PAGE_SIZE, department: department ?? null, reader });
}

/** Open documents by department and status, for the departments the reader sees. */
export async function registerCounts({ db, actor }: Deps) {
  const reader = await registerReader(db, actor);
  if (isFailure(reader)) return reader;
  const rows = await queueCounts(db);
  const departments = reader.department ? [reader.department] : [...OFFICE_DEPARTMENTS];
  return ok(
    departments.map((department) => ({
      department,
      byStatus: Object.fromEntries(
        DOCUMENT_STATUSES.map((s) => [s, rows.find((r) => r.department === department && r.status === s)?.n ?? 0]),
      ) as Record<DocumentStatus, number>,
    })),
  );
}

export async function documentFor(id: string, { db, actor }: Deps) {
  const reader = await registerReader(db, actor);
  if (isFailure(reader)) return reader;
  const doc = await readableDocument(db, reader, id);
  if (isFailure(doc)) return doc;
  const [files, staff] = await Promise.all([filesOf(db, doc.id), officeStaffOf(db, doc.department)]);
  return ok({
    document: doc,
    files: files.map(({ r2Key: _key, ...f }) => f),
    staff: staff.map((s) => ({ id: s.id, name: `${s.firstName} ${s.lastName}`.trim() })),
    canAct: reader.canAct,
    isAssignee: doc.assigneeId === actor.id,
  });
}

/** A file's bytes, for someone who may read its document (404 otherwise). */
export async function fileFor(
  documentId: string,
  fileId: string,
  deps: Pick<ServiceDeps, "db" | "actor" | "r2">,
): Promise<Result<{ body: ReadableStream; fileName: string; contentType: string; sizeBytes: number }>> {
  const reader = await registerReader(deps.db, deps.actor);
  if (isFailure(reader)) return reader;
  const doc = await readableDocument(deps.db, reader, documentId);
  if (isFailure(doc)) return doc;
  const file = await findFile(deps.db, doc.id, fileId);
  const object = file ? await deps.r2.get(file.r2Key) : null;
  if (!file || !object) return fail(404, "No such file on this document");
  return ok({ body: object.body, fileName: file.fileName, contentType: file.contentType, sizeBytes: file.sizeBytes });
}
