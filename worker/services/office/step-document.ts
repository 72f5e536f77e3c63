/**
 * One work-queue transition of a register document (ADR 025): assign (to an active
 * office administrator of the document's department), start and close (by the assignee only).
 * Role first (403), then the department (404 outside it), then the order (409 naming the missing
 * step), then the version the user saw (409). The change and its audit row are one batch, and the
 * batch fails as a whole when the document moved on meanwhile.
 */
import { isStaleDocument, officeStaffOf, requireChangedStatement, updateDocumentStatement } from "#db/queries/office";
import type { DocumentStepInput } from "#worker/contracts/office";
import { type DocumentStatus, OFFICE_MESSAGES, STEP_RULES, stepRefusal } from "#worker/domain/office";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { isFailure, registerReader, writableDocument } from "./office-common";

export async function stepDocument(
  id: string,
  input: DocumentStepInput,
  deps: Pick<ServiceDeps, "db" | "actor" | "now">,
): Promise<Result<{ id: string; status: DocumentStatus; version: number }>> {
  const { db, actor } = deps;
  const reader = await registerReader(db, actor);
  if (isFailure(reader)) return reader;
  const doc = await writableDocument(db, reader, id);
  if (isFailure(doc)) return doc;
  const refusal = stepRefusal(input.step, doc.status as DocumentStatus);
  if (refusal) return fail(409, refusal);
  if (input.baseVersion !== undefined && input.baseVersion !== doc.version) return fail(409, OFFICE_MESSAGES.stale);

  let assigneeId = doc.assigneeId;
  if (input.step === "assign") {
    const staff = await officeStaffOf(db, doc.department);
    if (!input.assigneeId || !staff.some((s) => s.id === input.assigneeId))
      return fail(400, OFFICE_MESSAGES.assignee, { assigneeId: [OFFICE_MESSAGES.assignee] });
    assigneeId = input.assigneeId;
  } else if (doc.assigneeId !== actor.id) {
    return fail(403, OFFICE_MESSAGES.onlyAssignee);
  }
  const status = STEP_RULES[input.step].to;
  try {
    await db.batch([
      updateDocumentStatement(db, doc.id, doc.version, { status, assigneeId, updatedAt: deps.now().toISOString() }),
      requireChangedStatement(db, doc.id),
      auditEntry(
        db,
        actor,
        `office_document.${input.step}`,
        "office_document",
        doc.id,
        { status: doc.status, assigneeId: doc.assigneeId },
        { status, assigneeId },
      ),
    ]);
  } catch (error) {
    if (isStaleDocument(error)) return fail(409, OFFICE_MESSAGES.stale);
    throw error;
  }
  return ok({ id: doc.id, status, version: doc.version + 1 });
}
