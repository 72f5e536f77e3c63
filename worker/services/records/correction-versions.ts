/**
 * The version rows of a correction (ADR 031): a correction never overwrites. The record's first
 * state is kept as version 1 (written now if it never had a version), and the correction becomes
 * the next version, pointing at the first, with who, when and why. The caller puts these
 * statements in the same `db.batch()` as the change and its audit row.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/client";
import { insertVersion } from "#db/queries/record-versions";
import type { Actor } from "../deps";

export type CorrectionVersionsInput = {
  recordType: string;
  recordId: string;
  /** The batch the record belongs to (null for a farmer). */
  batchId: string | null;
  /** The latest stored version, if the record has any. */
  current: { id: string; version: number } | undefined | null;
  /** The record as it stands (stored as version 1 when it has no version yet) and as corrected. */
  before: unknown;
  after: unknown;
  reason: string;
  /** Who recorded the record first, and when: version 1's author. */
  recordedBy: { actorId: string | null; actorRole: string | null; createdAt: string };
  actor: Actor;
  at: string;
  /** The device's UUID for the correction (offline outbox, ADR 027), kept on its version. */
  submissionId?: string | null;
};

export function correctionVersions(db: Database, input: CorrectionVersionsInput) {
  const { recordType, recordId, batchId, current } = input;
  const statements: BatchItem<"sqlite">[] = [];
  const original = current ?? { id: crypto.randomUUID(), version: 1 };
  if (!current)
    statements.push(
      insertVersion(db, {
        id: original.id,
        recordType,
        recordId,
        batchId,
        version: 1,
        kind: "original",
        correctsId: null,
        data: JSON.stringify(input.before),
        ...input.recordedBy,
      }),
    );
  const version = original.version + 1;
  const versionId = crypto.randomUUID();
  statements.push(
    insertVersion(db, {
      id: versionId,
      recordType,
      recordId,
      batchId,
      version,
      kind: "correction",
      correctsId: original.id,
      data: JSON.stringify(input.after),
      reason: input.reason,
      actorId: input.actor.id,
      actorRole: input.actor.role,
      createdAt: input.at,
      ...(input.submissionId === undefined ? {} : { submissionId: input.submissionId }),
    }),
  );
  return { statements, version, versionId };
}
