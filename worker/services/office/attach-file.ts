/**
 * Attaches a file to a register document (ADR 025), with the same check as message
 * attachments (worker/services/platform/attachments.ts: PDF, JPEG or PNG from the bytes, at most
 * 5 MB, photo metadata stripped). The file goes to R2 under a private key first (a put that failed
 * may still have stored it, so the key is deleted again); the row and its audit row are one batch,
 * and a failed batch deletes the file again — unless the batch is read back as stored (its answer
 * was lost after the commit, docs/fault-injection.md), when the file is its row's.
 */
import { landedAnyway } from "#db/errors";
import { findFile, insertFileStatement } from "#db/queries/office";
import { OFFICE_MESSAGES } from "#worker/domain/office";
import type { ServiceDeps } from "../deps";
import { type AttachmentInput, checkedAttachment } from "../platform/attachments";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { fileKey, isFailure, registerReader, writableDocument } from "./office-common";

export async function attachFile(
  documentId: string,
  input: AttachmentInput | undefined,
  deps: Pick<ServiceDeps, "db" | "r2" | "actor" | "now">,
): Promise<Result<{ id: string; fileName: string; contentType: string; sizeBytes: number }>> {
  const { db, actor } = deps;
  const reader = await registerReader(db, actor);
  if (isFailure(reader)) return reader;
  const doc = await writableDocument(db, reader, documentId);
  if (isFailure(doc)) return doc;
  if (!input || (input.bytes.length === 0 && !input.fileName))
    return fail(400, OFFICE_MESSAGES.noFile, { attachment: [OFFICE_MESSAGES.noFile] });
  const file = checkedAttachment(input);
  if (isFailure(file)) return file;
  if (!file) return fail(400, OFFICE_MESSAGES.noFile, { attachment: [OFFICE_MESSAGES.noFile] });
  const id = crypto.randomUUID();
  const key = fileKey(doc.id, id);
  try {
    await deps.r2.put(key, file.bytes, {
      httpMetadata: { contentType: file.contentType },
      customMetadata: { fileName: file.fileName },
    });
  } catch (error) {
    await deps.r2.delete(key).catch(() => undefined);
    throw error;
  }
  const row = {
    id,
    documentId: doc.id,
    r2Key: key,
    fileName: file.fileName,
    contentType: file.contentType,
    sizeBytes: file.bytes.length,
    uploadedBy: actor.id,
    createdAt: deps.now().toISOString(),
  };
  try {
    await db.batch([
      insertFileStatement(db, row),
      auditEntry(db, actor, "office_document.attach", "office_document", doc.id, null, {
        fileId: id,
        fileName: row.fileName,
        contentType: row.contentType,
        sizeBytes: row.sizeBytes,
      }),
    ]);
  } catch (error) {
    const landed = await landedAnyway(error, async () => Boolean(await findFile(db, doc.id, id)));
    // Nobody can tell yet (null): the file stays, so a stored row never names a missing object.
    if (landed === false) await deps.r2.delete(key);
    if (landed !== true) throw error;
  }
  return ok({ id, fileName: row.fileName, contentType: row.contentType, sizeBytes: row.sizeBytes });
}
