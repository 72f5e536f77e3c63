/**
 * Registers a document in the office's register (ADR 025): a letter in or out, a
 * licence file or an inspection report, in the registering administrator's own department (never
 * a department named in the request), status "received", with a generated unique reference. The
 * document and its audit row are one batch; a reference taken meanwhile gives the next one.
 */
import { insertDocumentStatement, isReferenceTaken, lastReference } from "#db/queries/office";
import type { RegisterDocumentInput } from "#worker/contracts/office";
import { referencePrefix } from "#worker/domain/office";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { isFailure, READ_ONLY, registerReader } from "./office-common";

const MAX_ATTEMPTS = 5;

export async function registerDocument(
  input: RegisterDocumentInput,
  deps: Pick<ServiceDeps, "db" | "actor" | "now">,
): Promise<Result<{ id: string; reference: string }>> {
  const { db, actor } = deps;
  const reader = await registerReader(db, actor);
  if (isFailure(reader)) return reader;
  if (!reader.canAct || !reader.department) return fail(403, READ_ONLY);
  const now = deps.now();
  const prefix = referencePrefix(input.kind, now.getUTCFullYear());
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const last = await lastReference(db, prefix);
    const serial = last ? Number(last.slice(prefix.length)) || 0 : 0;
    const reference = `${prefix}${String(serial + 1).padStart(6, "0")}`;
    const id = crypto.randomUUID();
    const row = {
      id,
      reference,
      kind: input.kind,
      title: input.title,
      counterparty: input.counterparty ?? null,
      department: reader.department,
      status: "received",
      assigneeId: null,
      licenceId: input.licenceId ?? null,
      createdBy: actor.id,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    try {
      await db.batch([
        insertDocumentStatement(db, row),
        auditEntry(db, actor, "office_document.register", "office_document", id, null, {
          reference,
          kind: row.kind,
          department: row.department,
        }),
      ]);
      return ok({ id, reference });
    } catch (error) {
      if (!isReferenceTaken(error)) throw error;
    }
  }
  return fail(409, "The register is busy: try again");
}
