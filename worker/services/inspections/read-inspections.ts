/**
 * What the inspection pages read: a warehouse inspector's intake queue (only batches
 * sent to them), the port queue with what is holding each batch, and a batch's latest
 * inspections for its page.
 */
import type { Database } from "#db/client";
import { ancestorIds, type BatchRow } from "#db/queries/batches";
import {
  batchCertificateStates,
  dispatchOf,
  intakeQueue,
  latestInspectionOf,
  latestPortInspectionOf,
  portQueue,
  warehouseInspectors,
} from "#db/queries/inspections";
import { CERTIFICATE_INFO, isCertificateType } from "#worker/domain/certificates/content";
import { expiresSoon } from "#worker/domain/certificates/expiry";
import {
  type Blocker,
  DISPOSITION_LABEL,
  type Disposition,
  exportBlockers,
  inspectionVerdict,
  isGraded,
} from "#worker/domain/inspections";
import { permitStates } from "../licensing/permit-check";

/** A warehouse inspector's queue; `null` lists every warehouse (read-only oversight). */
export async function intakeQueueOf(db: Database, inspectorId: string | null) {
  return intakeQueue(db, inspectorId);
}

/** Where a buyer may send a batch: each active warehouse inspector, by name and county. */
export async function warehouseChoices(db: Database) {
  const rows = await warehouseInspectors(db);
  return rows.map((r) => ({
    id: r.id,
    label: `${`${r.firstName} ${r.lastName}`.trim() || r.loginId}${r.county ? ` (${r.county})` : ""}`,
  }));
}

/**
 * Per batch code, the certificate types (printed titles) whose newest paper of the batch has expired
 * at `now`, and those still valid that expire within EXPIRING_SOON_DAYS (worker/domain/certificates/expiry.ts).
 */
export async function certificateDeadlines(db: Database, codes: string[], now: Date) {
  const rows = await batchCertificateStates(db, codes);
  const seen = new Set<string>();
  const expired = new Map<string, string[]>();
  const expiring = new Map<string, { title: string; expiresAt: string }[]>();
  for (const r of rows) {
    const key = `${r.subjectId}:${r.type}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const title = isCertificateType(r.type) ? CERTIFICATE_INFO[r.type].title : r.type;
    if (r.status === "expired" || r.expiresAt < now.toISOString()) {
      expired.set(r.subjectId, [...(expired.get(r.subjectId) ?? []), title]);
    } else if (expiresSoon(r, now)) {
      expiring.set(r.subjectId, [...(expiring.get(r.subjectId) ?? []), { title, expiresAt: r.expiresAt }]);
    }
  }
  return { expired, expiring };
}

/** Certificate types (printed titles) whose newest paper of each batch has expired at `now`. */
export async function expiredByBatch(db: Database, codes: string[], now: Date) {
  return (await certificateDeadlines(db, codes, now)).expired;
}

export type PortQueueItem = Awaited<ReturnType<typeof portQueue>>[number] & { blockers: Blocker[] };

/** Batches awaiting port inspection or export, each with what is holding it (exportBlockers). */
export async function portQueueWithBlockers(db: Database, now: Date): Promise<PortQueueItem[]> {
  const rows = await portQueue(db);
  const expired = await expiredByBatch(
    db,
    rows.map((r) => r.batchCode),
    now,
  );
  const permits = await permitStates(
    db,
    rows.map((r) => r.batchId),
    now,
  );
  return rows.map((r) => ({
    ...r,
    blockers: exportBlockers({
      status: r.status,
      complianceStatus: r.complianceStatus,
      complianceReason: r.complianceReason,
      ddsReference: r.ddsReference,
      portOutcome: r.portOutcome,
      portRefusalReason: r.refusalReason,
      expiredCertificates: expired.get(r.batchCode) ?? [],
      permit: permits.get(r.batchId) ?? null,
    }),
  }));
}

/** What the batch page shows about inspections: dispatch, latest quality and port inspections, blockers. */
export async function inspectionsOfBatch(db: Database, batch: BatchRow, now: Date) {
  const ancestors = await ancestorIds(db, batch.id);
  const [dispatch, quality, port, expired, permits] = await Promise.all([
    dispatchOf(db, batch.id),
    latestInspectionOf(db, [batch.id, ...ancestors]),
    latestPortInspectionOf(db, [batch.id]),
    expiredByBatch(db, [batch.batchCode], now),
    permitStates(db, [batch.id], now),
  ]);
  return {
    dispatch,
    quality: quality && {
      grade: quality.grade,
      outcome: quality.outcome,
      inspectedAt: quality.inspectedAt,
      decidingCriteria: JSON.parse(quality.decidingCriteria) as string[],
      rejectionReason: quality.rejectionReason,
      disposition: quality.disposition ? DISPOSITION_LABEL[quality.disposition as Disposition] : null,
      /** Each measurement with its reference limit, e.g. "Moisture: 9.0 % (limit ≤ 7.5 % (LACRA))". */
      measurements: isGraded(quality.commodity)
        ? inspectionVerdict(quality).criteria.map((c) => `${c.name}: ${c.measured} (limit ${c.limit})`)
        : [],
    },
    port: port && {
      outcome: port.outcome,
      inspectedAt: port.inspectedAt,
      containerNumber: port.containerNumber,
      sealNumber: port.sealNumber,
      refusalReason: port.refusalReason,
    },
    blockers: exportBlockers({
      status: batch.status,
      complianceStatus: batch.complianceStatus,
      complianceReason: batch.complianceReason,
      ddsReference: batch.ddsReference,
      portOutcome: port?.outcome ?? null,
      portRefusalReason: port?.refusalReason ?? null,
      expiredCertificates: expired.get(batch.batchCode) ?? [],
      permit: permits.get(batch.id) ?? null,
    }),
  };
}
