/**
 * Finding or issuing: for content already built, serve the valid certificate of the same type,
 * subject and data, or have a new one minted (mint-certificate.ts) that supersedes the previous.
 * A revoked certificate is not silently replaced: while the data behind it is unchanged, asking
 * for the document again is refused with the revocation's reason.
 */

import {
  type CertificateRow,
  certificatesForData,
  noteDataVersion,
  type SubjectKey,
  validCertificatesOf,
} from "#db/queries/certificates";
import {
  CERTIFICATE_INFO,
  type CertificateContent,
  type CertificateType,
  formatDate,
} from "#worker/domain/certificates/content";
import { certificateDataHash, contentForType } from "#worker/domain/certificates/printed";
import { normalizeSubjectId, TYPES_FOR_SUBJECT } from "#worker/domain/certificates/subjects";
import { fail, ok, type Result } from "../result";
import { mintCertificate } from "./mint-certificate";
import { defaultRender, type IssueDeps, type ServedCertificate, served } from "./served-certificate";

/**
 * Types renewed before expiry when their data is unchanged. A phytosanitary certificate attests
 * the inspection of one consignment and a quality certificate one sample: extending them with the
 * same data would certify an old inspection as new, so they lapse and are re-issued only for new
 * data (or on request). The declaration follows the certificates it names.
 */
export const RENEWABLE_TYPES: readonly CertificateType[] = ["eudr", "deforestation", "origin"];

/** The data versions (see subjectVersions) of a subject's declaration and of its other documents. */
export type Stamps = { declaration: string; others: string };

/** The 404 of a GET for a certificate that has not been issued (for the current data). */
export function notYetIssuedMessage(type: CertificateType, label: string, earlier?: string): string {
  const stale = earlier ? ` as its data stands now (${earlier} describes earlier data)` : "";
  return `No ${CERTIFICATE_INFO[type].title} has been issued yet for ${label}${stale}. Issue it with a POST to this address.`;
}

export async function issueFromContent(
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
  return mintCertificate({ type, key, base, printed, dataHash, dataVersion, renewIso, usable }, deps, now);
}
