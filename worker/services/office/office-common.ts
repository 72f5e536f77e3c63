/**
 * Who reads and works the office's document register (ADR 025): an office
 * administrator reads and acts in their own department's queue only; the executives read every
 * queue and act in none. Another department's document answers 404, as if it did not exist.
 */
import type { Database } from "#db/client";
import { findDocument, type OfficeDocumentRow } from "#db/queries/office";
import { findUserById } from "#db/queries/users";
import { can } from "#worker/auth/permissions";
import { isDepartment, OFFICE_MESSAGES, type OfficeDepartment } from "#worker/domain/office";
import type { Actor } from "../deps";
import { type Failure, fail } from "../result";

export type RegisterReader = { actor: Actor; department: OfficeDepartment | null; canAct: boolean };

export const NOT_IN_REGISTER = "Your role does not use the office's document register";
export const READ_ONLY = "The executives see the register but do not change it: an office administrator does";

/** The department of an office administrator (Office Administration when none is recorded). */
export async function departmentOf(db: Database, actor: Actor): Promise<OfficeDepartment> {
  const user = await findUserById(db, actor.id);
  return isDepartment(user?.department) ? user.department : "office_admin";
}

export async function registerReader(db: Database, actor: Actor): Promise<RegisterReader | Failure> {
  if (!can(actor.role, "readOfficeRegister")) return fail(403, NOT_IN_REGISTER);
  if (actor.role !== "office_admin") return { actor, department: null, canAct: false };
  return { actor, department: await departmentOf(db, actor), canAct: can(actor.role, "manageOfficeRegister") };
}

export const isFailure = (x: unknown): x is Failure =>
  typeof x === "object" && x !== null && (x as Failure).ok === false;

/** The document if `reader` may see it (404 otherwise, the same answer as an unknown id). */
export async function readableDocument(
  db: Database,
  reader: RegisterReader,
  id: string,
): Promise<OfficeDocumentRow | Failure> {
  const doc = await findDocument(db, id);
  if (!doc || (reader.department && doc.department !== reader.department)) return fail(404, OFFICE_MESSAGES.notFound);
  return doc;
}

/** The document if `reader` may change it: 403 for the read-only executives, 404 outside the department. */
export async function writableDocument(
  db: Database,
  reader: RegisterReader,
  id: string,
): Promise<OfficeDocumentRow | Failure> {
  if (!reader.canAct) return fail(403, READ_ONLY);
  return readableDocument(db, reader, id);
}

/** The private R2 key of a register file. */
export const fileKey = (documentId: string, fileId: string) => `office/${documentId}/${fileId}`;
