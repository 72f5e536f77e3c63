/**
 * The nightly certificate job, run by the Worker's cron handler:
 * 1. marks valid certificates past their expiry date `expired` (one audit row each);
 * 2. checks a bounded number of valid certificates of real subjects — those expiring within
 *    RENEW_WITHIN_DAYS first, then the ones checked longest ago — and re-issues those whose data
 *    changed (a new plot verdict, a DDS number recorded, a custody step…) or, for the renewable
 *    types (RENEWABLE_TYPES: not the one-inspection phytosanitary and quality papers), that are
 *    about to expire; the new certificate supersedes the old one (issue-certificate.ts).
 * Test profiles are left to expire: their papers are made on request.
 * Returns what it did, for the cron_runs summary.
 */
import type { Database } from "#db/client";
import {
  certificatesToCheck,
  markExpiredStatement,
  touchCertificates,
  validButExpired,
} from "#db/queries/certificates";
import { runBatch } from "#db/queries/reference-layers";
import type { CertificateType, SubjectKind } from "#worker/domain/certificates/content";
import type { AuditActor } from "../deps";
import { auditEntry } from "../platform/audit";
import { getOrIssueCertificate, type Render, readSummary } from "./issue-certificate";

export const RENEW_WITHIN_DAYS = 14;
export const CHECKS_PER_RUN = 50;
const EXPIRE_PER_RUN = 200;
const CRON_ACTOR: AuditActor = { id: "system:cron", role: "system" };

export type RegenerateDeps = { db: Database; r2: R2Bucket; now?: () => Date; render?: Render; limit?: number };

export type RegenerateSummary = {
  expired: number;
  checked: number;
  unchanged: number;
  /** Re-issued because the data behind them changed. */
  reissuedChanged: number;
  /** Re-issued with the same data because they expire within RENEW_WITHIN_DAYS. */
  renewedExpiring: number;
  /** old number → new number. */
  issued: { from: string; to: string; reason: "data changed" | "expiring" }[];
  failed: { certificateNumber: string; message: string }[];
};

export async function regenerateCertificates(deps: RegenerateDeps): Promise<RegenerateSummary> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const nowIso = now.toISOString();
  const summary: RegenerateSummary = {
    expired: 0,
    checked: 0,
    unchanged: 0,
    reissuedChanged: 0,
    renewedExpiring: 0,
    issued: [],
    failed: [],
  };

  const expired = await validButExpired(db, nowIso, EXPIRE_PER_RUN);
  if (expired.length) {
    const ids = expired.map((e) => e.id);
    const parts: string[][] = [];
    for (let i = 0; i < ids.length; i += 90) parts.push(ids.slice(i, i + 90));
    await runBatch(db, [
      ...parts.map((part) => markExpiredStatement(db, part, nowIso)),
      ...expired.map((e) =>
        auditEntry(
          db,
          CRON_ACTOR,
          "certificate.expire",
          "certificate",
          e.certificateNumber,
          { status: "valid" },
          { status: "expired", expiresAt: e.expiresAt },
        ),
      ),
    ]);
    summary.expired = expired.length;
  }

  const soon = new Date(now.getTime() + RENEW_WITHIN_DAYS * 86_400_000);
  const candidates = await certificatesToCheck(db, soon.toISOString(), deps.limit ?? CHECKS_PER_RUN);
  const touched: string[] = [];
  for (const old of candidates) {
    summary.checked++;
    const verificationUrl = readSummary(old)?.verificationUrl;
    // The new paper's QR must point where the old one did: the site it was issued from.
    const verifyBaseUrl = verificationUrl ? verificationUrl.replace(/\/verify\/.*$/, "") : null;
    if (!verifyBaseUrl) {
      summary.failed.push({
        certificateNumber: old.certificateNumber,
        message: "The certificate's verification address is not recorded",
      });
      touched.push(old.id);
      continue;
    }
    try {
      const result = await getOrIssueCertificate(
        { type: old.type as CertificateType, subjectType: old.subjectType as SubjectKind, subjectId: old.subjectId },
        { db, r2: deps.r2, verifyBaseUrl, actor: CRON_ACTOR, now: () => now, render: deps.render },
        { renewBefore: soon },
      );
      if (!result.ok) {
        summary.failed.push({ certificateNumber: old.certificateNumber, message: result.message });
        touched.push(old.id);
      } else if (result.value.certificate.id === old.id || !result.value.created) {
        summary.unchanged++;
        touched.push(old.id);
      } else {
        const reason = result.value.certificate.dataHash === old.dataHash ? "expiring" : "data changed";
        if (reason === "expiring") summary.renewedExpiring++;
        else summary.reissuedChanged++;
        summary.issued.push({ from: old.certificateNumber, to: result.value.certificate.certificateNumber, reason });
      }
    } catch (error) {
      summary.failed.push({
        certificateNumber: old.certificateNumber,
        message: error instanceof Error ? error.message : String(error),
      });
      touched.push(old.id);
    }
  }
  await runBatch(db, touchCertificates(db, touched));
  return summary;
}
