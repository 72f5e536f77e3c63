/**
 * Verification and revocation: what `/verify/{certificateNumber}` shows about a number, and the
 * regulator's revocation (a revoked certificate stays revoked; the same data is not certified again).
 */

import type { Database } from "#db/client";
import {
  type CertificateRow,
  certificateByNumber,
  revokeCertificateStatement,
  validCertificatesOf,
} from "#db/queries/certificates";
import { plotsUnderReviewOfSubject } from "#db/queries/recheck";
import { can } from "#worker/auth/permissions";
import { isRole } from "#worker/auth/roles";
import { CERTIFICATE_MESSAGES, RevokeSchema } from "#worker/contracts/certificates";
import {
  CERTIFICATE_INFO,
  CERTIFICATE_NUMBER_PATTERN,
  type CertificateType,
  formatDate,
  issuerFor,
  type SubjectKind,
} from "#worker/domain/certificates/content";
import type { AuditActor } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, type Result } from "../result";
import { type CertificateSummary, readSummary } from "./served-certificate";

export type VerificationStatus = "valid" | "expired" | "revoked" | "superseded";

export type Verification = {
  certificateNumber: string;
  type: CertificateType;
  title: string;
  status: VerificationStatus;
  issuedAt: string;
  expiresAt: string;
  revokedAt: string | null;
  revocationReason: string | null;
  /** The current certificate of the same type and subject, when this one was superseded. */
  supersededBy: string | null;
  issuer: string;
  subject: CertificateSummary["subject"];
  testProfile: boolean;
  /**
   * A plot this certificate rests on failed a re-check under a newer rule set (ADR 029): the
   * certificate is not revoked (that stays a regulator's decision) but shown "under review" since
   * the earliest such date. Null when none is.
   */
  underReview: { since: string; plots: string[] } | null;
};

/**
 * The state the registry gives a certificate at `nowIso`: its stored status, except that a valid
 * row past its expiry date is expired (the nightly job marks expiry; until it runs, it is expired
 * all the same). /verify and the exporter's certificate list both read it from here.
 */
export function registryStatus(row: Pick<CertificateRow, "status" | "expiresAt">, nowIso: string): VerificationStatus {
  return row.status === "valid" && row.expiresAt <= nowIso ? "expired" : (row.status as VerificationStatus);
}

/** What the verification page and API say about a number that was never issued. */
export function notIssuedMessage(number: string): string {
  const shown = number.trim().slice(0, 60) || "(empty)";
  return `No certificate with number ${shown} was issued by this platform. The document may be forged or the number mistyped.`;
}

/** The number as typed, or null when it cannot be a certificate number at all. */
export function normalizeCertificateNumber(input: string): string | null {
  let n: string;
  try {
    n = decodeURIComponent(input).trim().toUpperCase();
  } catch {
    return null;
  }
  return CERTIFICATE_NUMBER_PATTERN.test(n) ? n : null;
}

/**
 * What the public verification page shows about a number: null when no such certificate was
 * issued (forged or mistyped). Nothing beyond what the paper prints.
 */
export async function readVerification(
  number: string,
  deps: { db: Database; now?: () => Date },
): Promise<Verification | null> {
  const normalized = normalizeCertificateNumber(number);
  if (!normalized) return null;
  const row = await certificateByNumber(deps.db, normalized);
  if (!row) return null;
  const now = (deps.now?.() ?? new Date()).toISOString();
  const summary = readSummary(row);
  const type = row.type as CertificateType;
  const status = registryStatus(row, now);
  let supersededBy: string | null = null;
  if (status === "superseded") {
    const [current] = await validCertificatesOf(deps.db, row);
    supersededBy = current?.certificateNumber ?? null;
  }
  const reference = summary?.subject?.reference ?? row.subjectId;
  const reviewed =
    status === "valid" || status === "expired"
      ? await plotsUnderReviewOfSubject(deps.db, row.subjectType, reference)
      : [];
  const since = reviewed.map((p) => p.reviewSince ?? "").sort()[0];
  return {
    certificateNumber: row.certificateNumber,
    type,
    title: CERTIFICATE_INFO[type]?.title ?? summary?.title ?? row.type,
    status,
    issuedAt: row.issuedAt,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    revocationReason: row.revocationReason,
    supersededBy,
    issuer: summary?.issuer ?? issuerFor(type).authority,
    subject: summary?.subject ?? {
      kind: row.subjectType as SubjectKind,
      reference: row.subjectId,
      label: row.subjectId,
    },
    testProfile: summary?.testProfile ?? row.subjectType === "test_farmer",
    underReview: reviewed.length ? { since: since ?? "", plots: [...new Set(reviewed.map((p) => p.plotCode))] } : null,
  };
}

/**
 * Revokes a certificate (regulator staff), with a reason the verification page shows publicly.
 * A revoked certificate stays revoked; the same data is not certified again (see file comment).
 */
export async function revokeCertificate(
  number: string,
  reasonInput: string,
  deps: { db: Database; actor: AuditActor; now?: () => Date },
): Promise<Result<{ certificate: CertificateRow }>> {
  if (!isRole(deps.actor.role) || !can(deps.actor.role, "revokeCertificates"))
    return fail(403, "Only regulator staff can revoke a certificate");
  const reason = reasonInput.trim().replace(/\s+/g, " ");
  const parsed = RevokeSchema.safeParse({ reason });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? CERTIFICATE_MESSAGES.reasonRequired;
    return fail(400, message, { reason: [message] });
  }
  const normalized = normalizeCertificateNumber(number);
  const row = normalized ? await certificateByNumber(deps.db, normalized) : null;
  if (!row) return fail(404, `No certificate with number ${number.trim().toUpperCase()}`);
  if (row.status === "revoked")
    return fail(409, `Certificate ${row.certificateNumber} was already revoked on ${formatDate(row.revokedAt)}`);
  const at = (deps.now?.() ?? new Date()).toISOString();
  const [changed] = await deps.db.batch([
    revokeCertificateStatement(deps.db, row.id, deps.actor.id, reason, at),
    auditEntry(
      deps.db,
      deps.actor,
      "certificate.revoke",
      "certificate",
      row.certificateNumber,
      { status: row.status },
      { status: "revoked", reason, revokedAt: at },
    ),
  ]);
  if (!changed.length)
    return fail(409, `Certificate ${row.certificateNumber} was revoked by someone else a moment ago`);
  return {
    ok: true,
    value: {
      certificate: { ...row, status: "revoked", revokedAt: at, revokedBy: deps.actor.id, revocationReason: reason },
    },
  };
}
