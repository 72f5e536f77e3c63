/**
 * DDS numbers keep their versions (ADR 031): recording them again never overwrites in
 * place. The first recording is version 1 ("original"); recording different numbers later needs
 * a reason of at least 10 characters and adds the next version ("correction"), pointing at the
 * one it corrects, with who, when and why. Numbers recorded before versions were kept get their
 * version 1 from the audit row that recorded them.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/client";
import { insertVersion, lastAuditOf, versionsOf } from "#db/queries/record-versions";
import { CORRECTION_MESSAGES, REASON_MIN_LENGTH } from "#worker/domain/corrections";
import type { ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";

export type DdsNumbers = { ddsReference: string | null; ddsVerification: string | null };

export const DDS_REASON_MESSAGE = `DDS numbers are already recorded: give the reason for changing them (at least ${REASON_MIN_LENGTH} characters)`;

/**
 * The version rows for recording `after` over `before` on one record, or a refusal (a change of
 * existing numbers without a reason). Empty when the numbers are the same as before.
 */
export async function ddsVersionStatements(
  db: Database,
  record: {
    type: "batch_dds" | "shipment_dds";
    id: string;
    batchId: string | null;
    auditAction: string;
    entityId: string;
  },
  before: DdsNumbers,
  after: { ddsReference: string; ddsVerification: string; reason?: string | undefined },
  { actor, now }: Pick<ServiceDeps, "actor"> & { now: Date },
): Promise<Result<{ statements: BatchItem<"sqlite">[]; version: number }>> {
  const numbers = { ddsReference: after.ddsReference, ddsVerification: after.ddsVerification };
  const versions = await versionsOf(db, record.type, record.id);
  const current = versions.at(-1);
  const had = Boolean(before.ddsReference || before.ddsVerification);
  if (had && before.ddsReference === numbers.ddsReference && before.ddsVerification === numbers.ddsVerification)
    return ok({ statements: [], version: current?.version ?? 1 });
  const reason = after.reason?.trim() ?? "";
  if (had && reason.length < REASON_MIN_LENGTH)
    return fail(400, DDS_REASON_MESSAGE, { reason: [CORRECTION_MESSAGES.reason] });
  const statements: BatchItem<"sqlite">[] = [];
  let previous = current ? { id: current.id, version: current.version } : null;
  if (had && !previous) {
    // Recorded before versions were kept: the audit row that recorded them says who and when.
    const audit = await lastAuditOf(db, record.auditAction, record.entityId);
    previous = { id: crypto.randomUUID(), version: 1 };
    statements.push(
      insertVersion(db, {
        id: previous.id,
        recordType: record.type,
        recordId: record.id,
        batchId: record.batchId,
        version: 1,
        kind: "original",
        correctsId: null,
        data: JSON.stringify({ ddsReference: before.ddsReference, ddsVerification: before.ddsVerification }),
        actorId: audit?.actorId ?? null,
        actorRole: audit?.actorRole ?? null,
        ...(audit?.createdAt ? { createdAt: audit.createdAt } : {}),
      }),
    );
  }
  const version = (previous?.version ?? 0) + 1;
  const first = !had && !previous;
  statements.push(
    insertVersion(db, {
      id: crypto.randomUUID(),
      recordType: record.type,
      recordId: record.id,
      batchId: record.batchId,
      version,
      kind: first ? "original" : "correction",
      correctsId: previous?.id ?? null,
      data: JSON.stringify(numbers),
      reason: first ? null : reason || null,
      actorId: actor.id,
      actorRole: actor.role,
      createdAt: now.toISOString(),
    }),
  );
  return ok({ statements, version });
}
