/**
 * Issuing, serving, verifying and revoking certificates (issue #5).
 *
 * `getOrIssueCertificate` builds the content of a document from stored data, hashes it, and
 * serves the PDF already stored in R2 for a valid certificate of the same type, subject and
 * data; only when there is none (first request, data changed, expired) does it number a new
 * certificate, render it, record it and supersede the previous one. Every issued certificate is
 * a row in D1: `/verify/{certificateNumber}` reads it.
 *
 * Numbers: LR-<code>-<year>-<serial>-<check>, e.g. LR-EUDR-2026-000042-7KQX. The serial counts
 * the certificates of that type and year; the four random characters make a number that was
 * not issued — forged, or altered by one digit — unknown to the verification page instead of
 * pointing at someone else's certificate, and make numbers impractical to enumerate.
 *
 * A revoked certificate is not silently replaced: while the data behind it is unchanged, asking
 * for the document again is refused with the revocation's reason.
 */

import type { Database } from "#db/client";
import {
  type CertificateRow,
  certificateByNumber,
  certificatesForData,
  currentWithVersion,
  dataVersionOf,
  insertCertificate,
  isNumberRefused,
  lastNumberWithPrefix,
  lastVersion,
  noteDataVersion,
  revokeCertificateStatement,
  type SubjectKey,
  supersedeOthers,
  validCertificatesOf,
} from "#db/queries/certificates";
import { can } from "#worker/auth/permissions";
import { isRole } from "#worker/auth/roles";
import { CERTIFICATE_MESSAGES, RevokeSchema } from "#worker/contracts/certificates";
import {
  CERTIFICATE_INFO,
  CERTIFICATE_NUMBER_PATTERN,
  type CertificateContent,
  type CertificateData,
  type CertificateType,
  certificateFileName,
  formatCertificateNumber,
  formatDate,
  issuerFor,
  type SubjectKind,
  stampCertificate,
} from "#worker/domain/certificates/content";
import type { AuditActor } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import {
  certificateDataHash,
  contentForType,
  loadCertificateContent,
  normalizeSubjectId,
  TYPES_FOR_SUBJECT,
  typeAllowedFor,
} from "./certificate-content";

export type Render = (type: CertificateType, data: CertificateData) => Promise<Uint8Array>;

export type IssueDeps = {
  db: Database;
  r2: R2Bucket;
  /** Origin of the public site: the QR code and the printed URL point to `<base>/verify/<number>`. */
  verifyBaseUrl: string;
  /** Who asked (recorded as issued_by and in the audit row); null for the platform itself. */
  actor: AuditActor | null;
  now?: () => Date;
  /** The PDF renderer; by default the real one, loaded only when a PDF is actually drawn. */
  render?: Render;
};

export type CertificateRequest = { type: CertificateType; subjectType: SubjectKind; subjectId: string };

/** Where a served PDF came from: drawn now, read from R2, or redrawn because R2 lost it. */
export type PdfSource = "generated" | "stored" | "restored";
export type PdfBody = { body: ReadableStream | Uint8Array; size: number; source: PdfSource };

export type ServedCertificate = {
  certificate: CertificateRow;
  /** A new certificate was numbered and recorded by this call. */
  created: boolean;
  /** The PDF: the stored object (streamed), or the bytes just drawn. Not read until called. */
  open(): Promise<PdfBody>;
};

export const SYSTEM_ACTOR: AuditActor = { id: "system", role: "system" };
/**
 * Types renewed before expiry when their data is unchanged. A phytosanitary certificate attests
 * the inspection of one consignment and a quality certificate one sample: extending them with the
 * same data would certify an old inspection as new, so they lapse and are re-issued only for new
 * data (or on request). The declaration follows the certificates it names.
 */
export const RENEWABLE_TYPES: readonly CertificateType[] = ["eudr", "deforestation", "origin"];
const CHECK_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford base 32: no I, L, O, U
const MAX_ATTEMPTS = 5;

async function defaultRender(type: CertificateType, data: CertificateData) {
  // The renderer and its fonts are a 1.6 MB chunk: load it only when a PDF is drawn.
  const { renderCertificate } = await import("#worker/domain/certificates/render");
  return renderCertificate(type, data);
}

function randomCheck(length = 4): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => CHECK_ALPHABET[b % 32]).join("");
}

/** R2 key: one object per certificate, grouped by type, subject and the data it was built from. */
export function certificateKey(key: SubjectKey, dataHash: string, certificateNumber: string) {
  return `certificates/${key.type}/${key.subjectType}/${encodeURIComponent(key.subjectId)}/${dataHash}/${certificateNumber}.pdf`;
}

/** The public summary kept with the row: only what the paper itself prints. */
export type CertificateSummary = {
  title: string;
  subject: { kind: SubjectKind; reference: string; label: string };
  testProfile: boolean;
  issuer: string;
  verificationUrl: string;
};

export function readSummary(row: CertificateRow): CertificateSummary | null {
  try {
    return JSON.parse(row.summary) as CertificateSummary;
  } catch {
    return null;
  }
}

/**
 * The current certificate of one type for one subject, issuing it if needed (see the file
 * comment). `renewBefore`: a valid certificate expiring before this date is replaced by a new one
 * (the nightly job renews papers close to expiry).
 */
export async function getOrIssueCertificate(
  request: CertificateRequest,
  deps: IssueDeps,
  options: { renewBefore?: Date } = {},
): Promise<Result<ServedCertificate>> {
  return serve(request, deps, { ...options, issue: true });
}

/**
 * The certificate GET serves (I-6): the valid certificate of one type for the subject's current
 * data, never a new one — issuing is a POST, so a foreign page cannot make a signed-in officer's
 * browser mint numbered papers. 404 when none has been issued for the data as it stands.
 */
export async function currentCertificate(
  request: CertificateRequest,
  deps: Omit<IssueDeps, "actor">,
): Promise<Result<ServedCertificate>> {
  return serve(request, { ...deps, actor: null }, { issue: false });
}

/**
 * The fast path (issue 11): one D1 read gives the newest valid certificate and the subject's
 * current data version; when the certificate was built at that version (and period) it is served
 * as it is — the content is not rebuilt, the PDF is read from R2 only if the client needs it.
 * Otherwise the content is rebuilt and compared by hash (the slow path), which may issue.
 */
async function serve(
  request: CertificateRequest,
  deps: IssueDeps,
  options: { renewBefore?: Date; issue: boolean },
): Promise<Result<ServedCertificate>> {
  const allowed = typeAllowedFor(request.type, request.subjectType);
  if (!allowed.ok) return fail(400, allowed.message);
  const now = deps.now?.() ?? new Date();
  const key: SubjectKey = {
    type: request.type,
    subjectType: request.subjectType,
    subjectId: normalizeSubjectId(request.subjectType, request.subjectId),
  };
  // Read before the content: a write after this read makes the recorded version stale, never wrong.
  const current = await currentWithVersion(deps.db, key);
  const stamp = dataStamp(current.version, request.subjectType, now);
  const row = current.certificate;
  const slow = async () => {
    const stamps = await subjectStamps(deps.db, key, stamp, now);
    const loaded = await loadCertificateContent(request.subjectType, request.subjectId, { db: deps.db, now });
    if (!loaded.ok) return fail(loaded.status, loaded.message);
    return issueFromContent(request.type, loaded.content, deps, now, { ...options, stamps });
  };
  if (row && !options.renewBefore && row.dataVersion === stamp && row.expiresAt > now.toISOString()) {
    return ok(
      cached(row, deps, async () => {
        const again = await slow();
        if (!again.ok) throw new Error(again.message);
        return again.value;
      }),
    );
  }
  return slow();
}

/** What a subject's data version is called for the period its content depends on. */
function dataStamp(version: number, kind: SubjectKind, now: Date): string {
  // Test profiles' dates move with the day; real subjects' monitoring window with the month.
  return `${version}:${now.toISOString().slice(0, kind === "test_farmer" ? 10 : 7)}`;
}

type Stamps = { declaration: string; others: string };

/** The data versions of a subject's declaration and of its other documents (they differ). */
async function subjectStamps(db: Database, key: SubjectKey, known: string, now: Date): Promise<Stamps> {
  const kind = key.subjectType as SubjectKind;
  const otherType = key.type === "declaration" ? "eudr" : "declaration";
  const other = dataStamp(await dataVersionOf(db, { ...key, type: otherType }), kind, now);
  return key.type === "declaration" ? { declaration: known, others: other } : { declaration: other, others: known };
}

/** The 404 of a GET for a certificate that has not been issued (for the current data). */
export function notYetIssuedMessage(type: CertificateType, label: string, earlier?: string): string {
  const stale = earlier ? ` as its data stands now (${earlier} describes earlier data)` : "";
  return `No ${CERTIFICATE_INFO[type].title} has been issued yet for ${label}${stale}. Issue it with a POST to this address.`;
}

/**
 * All certificates of a subject at once (the testing screen's "Generate Certificates"): the
 * content is read once, the declaration last so it can name the others.
 */
export async function getOrIssueAll(
  subjectType: SubjectKind,
  subjectId: string,
  deps: IssueDeps,
): Promise<Result<ServedCertificate[]>> {
  const now = deps.now?.() ?? new Date();
  const key: SubjectKey = { type: "declaration", subjectType, subjectId: normalizeSubjectId(subjectType, subjectId) };
  const stamps = await subjectStamps(deps.db, key, dataStamp(await dataVersionOf(deps.db, key), subjectType, now), now);
  const loaded = await loadCertificateContent(subjectType, subjectId, { db: deps.db, now });
  if (!loaded.ok) return fail(loaded.status, loaded.message);
  const out: ServedCertificate[] = [];
  for (const type of TYPES_FOR_SUBJECT[subjectType]) {
    const r = await issueFromContent(type, loaded.content, deps, now, { issue: true, stamps });
    if (!r.ok) return r;
    out.push(r.value);
  }
  return ok(out);
}

async function issueFromContent(
  type: CertificateType,
  base: CertificateContent,
  deps: IssueDeps,
  now: Date,
  options: { renewBefore?: Date; issue: boolean; stamps: Stamps },
): Promise<Result<ServedCertificate>> {
  const { db } = deps;
  const dataVersion = type === "declaration" ? options.stamps.declaration : options.stamps.others;
  const subjectType = base.subject.kind;
  const key: SubjectKey = { type, subjectType, subjectId: normalizeSubjectId(subjectType, base.subject.id) };
  let content = base;
  if (type === "declaration") {
    // The declaration names the subject's other current certificates: they come first.
    // A revoked one (refused) is listed as "not issued".
    const others = TYPES_FOR_SUBJECT[subjectType].filter((t) => t !== "declaration");
    const results = await Promise.all(others.map((other) => issueFromContent(other, base, deps, now, options)));
    const related = results.flatMap((r, i) =>
      r.ok
        ? [
            {
              type: others[i]!,
              certificateNumber: r.value.certificate.certificateNumber,
              expiresAt: r.value.certificate.expiresAt,
            },
          ]
        : [],
    );
    content = { ...base, relatedCertificates: related };
  }
  const printed = contentForType(type, content);
  const dataHash = await certificateDataHash(type, content);
  const nowIso = now.toISOString();
  const renewIso = (options.renewBefore && RENEWABLE_TYPES.includes(type) ? options.renewBefore : now).toISOString();
  const render = deps.render ?? defaultRender;

  const usable = (rows: CertificateRow[]) =>
    rows.find((r) => r.status === "valid" && r.expiresAt > nowIso && r.expiresAt > renewIso);
  const existing = await certificatesForData(db, key, dataHash);
  const found = usable(existing);
  if (found) {
    // Same data, read at a newer version: the next download takes the fast path.
    if (found.dataVersion !== dataVersion) await noteDataVersion(db, found.id, dataVersion);
    return ok(served({ ...found, dataVersion }, printed, deps, render));
  }
  const revoked = existing.find((r) => r.status === "revoked");
  if (revoked) {
    return fail(
      409,
      `Certificate ${revoked.certificateNumber} was revoked on ${formatDate(revoked.revokedAt)}: ${revoked.revocationReason ?? "no reason recorded"}. A new certificate is issued only when the data behind it changes.`,
    );
  }

  if (!options.issue) {
    const [earlier] = await validCertificatesOf(db, key);
    return fail(404, notYetIssuedMessage(type, base.subject.label, earlier?.certificateNumber));
  }
  const info = CERTIFICATE_INFO[type];
  const prefix = `LR-${info.code}-${now.getUTCFullYear()}-`;
  const [version, previous] = await Promise.all([lastVersion(db, key), validCertificatesOf(db, key)]);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const last = await lastNumberWithPrefix(db, prefix);
    const lastSerial = last ? Number(/^(\d{6})/.exec(last.slice(prefix.length))?.[1] ?? 0) : 0;
    const serial = String(lastSerial + 1).padStart(6, "0");
    const certificateNumber = formatCertificateNumber(type, now, `${serial}-${randomCheck()}`);
    const data = stampCertificate(type, printed, {
      certificateNumber,
      issuedAt: now,
      verifyBaseUrl: deps.verifyBaseUrl,
    });
    const bytes = await render(type, data);
    const id = crypto.randomUUID();
    const r2Key = certificateKey(key, dataHash, certificateNumber);
    const summary: CertificateSummary = {
      title: info.title,
      subject: { kind: subjectType, reference: base.subject.id, label: base.subject.label },
      testProfile: base.testProfile,
      issuer: data.issuer.authority,
      verificationUrl: data.verificationUrl,
    };
    const row: CertificateRow = {
      id,
      certificateNumber,
      type,
      subjectType,
      subjectId: key.subjectId,
      dataHash,
      version: version + 1,
      r2Key,
      summary: JSON.stringify(summary),
      status: "valid",
      issuedBy: deps.actor?.id ?? SYSTEM_ACTOR.id,
      issuedAt: data.issuedAt,
      expiresAt: data.expiresAt,
      revokedAt: null,
      revokedBy: null,
      revocationReason: null,
      dataVersion,
      createdAt: nowIso,
      updatedAt: nowIso,
    };
    try {
      const { createdAt: _c, updatedAt: _u, ...insert } = row;
      await db.batch([
        insertCertificate(db, insert, `${prefix}${serial}-`, renewIso),
        supersedeOthers(db, key, id, nowIso),
        auditEntry(
          db,
          deps.actor ?? SYSTEM_ACTOR,
          "certificate.issue",
          "certificate",
          certificateNumber,
          previous.length ? { supersedes: previous.map((p) => p.certificateNumber) } : null,
          {
            certificateNumber,
            type,
            subjectType,
            subjectId: key.subjectId,
            dataHash,
            version: row.version,
            issuedAt: row.issuedAt,
            expiresAt: row.expiresAt,
          },
        ),
      ]);
    } catch (error) {
      if (!isNumberRefused(error)) throw error;
      // Another request took this serial, or issued the same data a moment ago: look again.
      const winner = usable(await certificatesForData(db, key, dataHash));
      if (winner) return ok(served(winner, printed, deps, render));
      continue;
    }
    // Stored after the row commits, so a request that lost the race never overwrites the winner's
    // PDF; if this put fails, the next request finds the row without its object and redraws it.
    await deps.r2.put(r2Key, bytes, {
      httpMetadata: {
        contentType: "application/pdf",
        contentDisposition: `inline; filename="${certificateFileName(type, certificateNumber)}"`,
      },
      customMetadata: { certificateNumber, dataHash },
    });
    return {
      ok: true,
      value: {
        certificate: row,
        created: true,
        open: async () => ({ body: bytes, size: bytes.byteLength, source: "generated" }),
      },
    };
  }
  throw new Error(`Could not number a ${type} certificate after ${MAX_ATTEMPTS} attempts`);
}

/** A certificate served by the fast path: its PDF from R2; if R2 lost it, the slow path redraws it. */
function cached(row: CertificateRow, deps: IssueDeps, slow: () => Promise<ServedCertificate>): ServedCertificate {
  return {
    certificate: row,
    created: false,
    async open() {
      const object = await deps.r2.get(row.r2Key);
      if (object) return { body: object.body, size: object.size, source: "stored" };
      return (await slow()).open();
    },
  };
}

/** A stored certificate whose PDF is read from R2 when needed (redrawn, same number, if lost). */
function served(row: CertificateRow, printed: CertificateContent, deps: IssueDeps, render: Render): ServedCertificate {
  return {
    certificate: row,
    created: false,
    async open() {
      const object = await deps.r2.get(row.r2Key);
      if (object) return { body: object.body, size: object.size, source: "stored" };
      const type = row.type as CertificateType;
      const issuedAt = new Date(row.issuedAt);
      const summary = readSummary(row);
      const base = summary?.verificationUrl ? summary.verificationUrl.replace(/\/verify\/.*$/, "") : deps.verifyBaseUrl;
      const data = stampCertificate(type, printed, {
        certificateNumber: row.certificateNumber,
        issuedAt,
        verifyBaseUrl: base,
      });
      const bytes = await render(type, data);
      await deps.r2.put(row.r2Key, bytes, {
        httpMetadata: {
          contentType: "application/pdf",
          contentDisposition: `inline; filename="${certificateFileName(type, row.certificateNumber)}"`,
        },
        customMetadata: { certificateNumber: row.certificateNumber, dataHash: row.dataHash },
      });
      return { body: bytes, size: bytes.byteLength, source: "restored" };
    },
  };
}

// ── Verification and revocation ─────────────────────────────────────────────────────────────

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
};

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
  // The nightly job marks expiry; until it runs, a valid row past its date is expired all the same.
  const status: VerificationStatus =
    row.status === "valid" && row.expiresAt <= now ? "expired" : (row.status as VerificationStatus);
  let supersededBy: string | null = null;
  if (status === "superseded") {
    const [current] = await validCertificatesOf(deps.db, row);
    supersededBy = current?.certificateNumber ?? null;
  }
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
