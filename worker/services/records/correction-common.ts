/**
 * What every correction of a batch record shares (ADR 031): the reason check and the
 * batch it is about, the record's latest version (a correction based on an older one is refused
 * as stale), the export lock, and the write itself: one transaction, then the batch's
 * certificates re-served so that one whose printed data changed is superseded.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/client";
import type { BatchRow } from "#db/queries/batches";
import {
  exportedOrShipped,
  lastAuditOf,
  validCertificatesOfSubject,
  versionsOf,
  voidCustodyEvent,
  voidedStepCount,
} from "#db/queries/record-versions";
import { descendantIds } from "#db/queries/records";
import { can } from "#worker/auth/permissions";
import type { CertificateType, SubjectKind } from "#worker/domain/certificates/content";
import { CORRECTION_MESSAGES, mayCorrect, REASON_MIN_LENGTH } from "#worker/domain/corrections";
import { isConcurrentChange } from "../batches/batch-common";
import { visibleBatchByCode } from "../batches/read-batches";
import { getOrIssueCertificate, readSummary } from "../certificates/issue-certificate";
import type { ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";

export type CorrectionDeps = Pick<ServiceDeps, "db" | "r2" | "actor" | "now">;
export type Reissued = { from: string; to: string };

export const reasonError = (reason: string) =>
  reason.trim().length < REASON_MIN_LENGTH
    ? fail(400, CORRECTION_MESSAGES.reason, { reason: [CORRECTION_MESSAGES.reason] })
    : null;

/**
 * The batch a correction is about, once its reason is long enough. Whether the corrector may see
 * the batch comes before any other check, and a batch they may not see answers the read's 404:
 * otherwise a refusal ("only records you recorded", "no such step") would tell anyone who may
 * correct something that a batch exists and how far it has got (batch codes are sequential).
 */
export async function batchToCorrect(
  db: Database,
  batchCode: string,
  reason: string,
  actor: CorrectionDeps["actor"],
): Promise<Result<BatchRow>> {
  const batch = await visibleBatchByCode(db, batchCode, actor);
  if (!batch) return fail(404, `No batch with code ${batchCode.toUpperCase()}`);
  const refused = reasonError(reason);
  if (refused) return refused;
  return ok(batch);
}

/** Said to anyone whose role may not correct records (worker/auth/permissions.ts `correctRecords`). */
export const CORRECTION_PERMISSION = "You do not have permission to correct records";

/**
 * The preamble of correcting an inspection of a batch (warehouse or port): the role may correct
 * records, the batch (`batchToCorrect`), its latest inspection of that kind (404 `none`), and
 * whether this corrector may still correct it (`mayCorrect`: its inspector within the window, a
 * supervisor after).
 */
export async function inspectionToCorrect<I extends { inspectorId: string; createdAt: string }>(
  batchCode: string,
  reason: string,
  deps: CorrectionDeps,
  inspection: {
    latestOf: (db: Database, batchIds: string[]) => Promise<I | null | undefined>;
    none: (code: string) => string;
  },
): Promise<Result<{ batch: BatchRow; inspection: I }>> {
  const { db, actor } = deps;
  if (!can(actor.role, "correctRecords")) return fail(403, CORRECTION_PERMISSION);
  const target = await batchToCorrect(db, batchCode, reason, actor);
  if (!target.ok) return target;
  const batch = target.value;
  const found = await inspection.latestOf(db, [batch.id]);
  if (!found) return fail(404, inspection.none(batch.batchCode));
  const allowed = mayCorrect(actor, { recordedBy: found.inspectorId, recordedAt: found.createdAt }, deps.now());
  if (!allowed.ok) return fail(403, allowed.message);
  return ok({ batch, inspection: found });
}

/** The record's latest stored version (none before its first correction); stale when the editor saw another. */
export async function currentVersion(db: Database, recordType: string, recordId: string, baseVersion?: number) {
  const current = (await versionsOf(db, recordType, recordId)).at(-1);
  if (baseVersion !== undefined && baseVersion !== (current?.version ?? 1)) return fail(409, CORRECTION_MESSAGES.stale);
  return ok(current);
}

/** The batch and every batch made from it: once any is exported or shipped, nothing is corrected. */
export async function lockedByExport(db: Database, batch: BatchRow) {
  return exportedOrShipped(db, [batch.id, ...(await descendantIds(db, batch.id))]);
}

/** What a custody step changed on the batch, as its audit row recorded it before the step (null if not recorded). */
export async function beforeStep(db: Database, step: string, batchCode: string): Promise<Partial<BatchRow> | null> {
  const audit = await lastAuditOf(db, `batch.${step}`, batchCode);
  return audit?.before ? (JSON.parse(audit.before) as Partial<BatchRow>) : null;
}

/**
 * Voids a custody step: its row stays, struck through, under the new id `<step id>:void:<n>` (n
 * counts the batch's voided steps), with who voided it, when and why.
 */
export async function voidStep(
  db: Database,
  batchId: string,
  eventId: string,
  by: { voidedAt: string; voidedBy: string; voidReason: string },
) {
  const newId = `${eventId}:void:${(await voidedStepCount(db, batchId)) + 1}`;
  return { newId, statement: voidCustodyEvent(db, eventId, { newId, ...by }) };
}

/**
 * Writes the correction as one transaction, then re-serves the batch's certificates. Two
 * corrections at once collide on (record, version), a batch moved meanwhile on its status guard:
 * the second is refused as a whole.
 */
export async function commitCorrection(
  statements: BatchItem<"sqlite">[],
  batchCode: string,
  deps: CorrectionDeps,
): Promise<Result<Reissued[]>> {
  try {
    await deps.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (isConcurrentChange(error) || String(error).includes("UNIQUE")) return fail(409, CORRECTION_MESSAGES.stale);
    throw error;
  }
  return ok(await reissueChanged(batchCode, deps));
}

/** Re-serves each valid certificate of the batch: one whose printed data changed is superseded by a new version. */
export async function reissueChanged(batchCode: string, deps: CorrectionDeps): Promise<Reissued[]> {
  const out: Reissued[] = [];
  for (const old of await validCertificatesOfSubject(deps.db, "batch", batchCode)) {
    const base = readSummary(old)?.verificationUrl?.replace(/\/verify\/.*$/, "");
    if (!base) continue;
    const result = await getOrIssueCertificate(
      { type: old.type as CertificateType, subjectType: old.subjectType as SubjectKind, subjectId: old.subjectId },
      { db: deps.db, r2: deps.r2, verifyBaseUrl: base, actor: deps.actor, now: deps.now },
    );
    if (result.ok && result.value.certificate.id !== old.id)
      out.push({ from: old.certificateNumber, to: result.value.certificate.certificateNumber });
  }
  return out;
}
