/**
 * Issuing, serving, verifying and revoking certificates.
 *
 * `getOrIssueCertificate` builds the content of a document from stored data, hashes it, and
 * serves the PDF already stored in R2 for a valid certificate of the same type, subject and
 * data; only when there is none (first request, data changed, expired) does it number a new
 * certificate, render it, record it and supersede the previous one. Every issued certificate is
 * a row in D1: `/verify/{certificateNumber}` reads it.
 *
 * This module is the entry: the serving paths live here, the rest in its siblings, re-exported
 * below. The data flows one way through them: which types a subject gets
 * (worker/domain/certificates/subjects.ts) → its content from D1 (certificate-content) → what the
 * type prints and its hash (worker/domain/certificates/printed.ts) → the valid certificate of
 * that data (issue-from-content; a revoked certificate is not silently replaced) or a new one
 * (mint-certificate, numbered by certificate-numbers) → the served result and its PDF from R2
 * (served-certificate). verify-certificate is verification and revocation.
 */

import type { Database } from "#db/client";
import { currentWithVersion, dataVersionOf, type SubjectKey } from "#db/queries/certificates";
import type { SubjectKind } from "#worker/domain/certificates/content";
import { normalizeSubjectId, TYPES_FOR_SUBJECT, typeAllowedFor } from "#worker/domain/certificates/subjects";
import { fail, ok, type Result } from "../result";
import { loadCertificateContent } from "./certificate-content";
import { issueFromContent, type Stamps } from "./issue-from-content";
import { type CertificateRequest, cached, type IssueDeps, type ServedCertificate } from "./served-certificate";

export { notYetIssuedMessage, RENEWABLE_TYPES } from "./issue-from-content";
export {
  type CertificateRequest,
  type CertificateSummary,
  certificateKey,
  type IssueDeps,
  type PdfBody,
  type PdfSource,
  type Render,
  readSummary,
  type ServedCertificate,
  SYSTEM_ACTOR,
} from "./served-certificate";
export {
  normalizeCertificateNumber,
  notIssuedMessage,
  readVerification,
  revokeCertificate,
  type Verification,
  type VerificationStatus,
} from "./verify-certificate";

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
 * The certificate GET serves: the valid certificate of one type for the subject's current
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
 * The fast path: one D1 read gives the newest valid certificate and the subject's
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

/** The data versions of a subject's declaration and of its other documents (they differ). */
async function subjectStamps(db: Database, key: SubjectKey, known: string, now: Date): Promise<Stamps> {
  const kind = key.subjectType as SubjectKind;
  const otherType = key.type === "declaration" ? "eudr" : "declaration";
  const other = dataStamp(await dataVersionOf(db, { ...key, type: otherType }), kind, now);
  return key.type === "declaration" ? { declaration: known, others: other } : { declaration: other, others: known };
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
