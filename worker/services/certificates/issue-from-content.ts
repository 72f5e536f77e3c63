/**
 * Issuing and superseding: for content already built, serve the valid certificate of the same
 * type, subject and data, or number, render and record a new one that supersedes the previous.
 * A revoked certificate is not silently replaced: while the data behind it is unchanged, asking
 * for the document again is refused with the revocation's reason.
 */

import { landedAnyway } from "#db/errors";
import {
  type CertificateRow,
  certificateByNumber,
  certificatesForData,
  insertCertificate,
  isNumberRefused,
  lastVersion,
  noteDataVersion,
  type SubjectKey,
  supersedeOthers,
  validCertificatesOf,
} from "#db/queries/certificates";
import {
  CERTIFICATE_INFO,
  type CertificateContent,
  type CertificateType,
  certificateFileName,
  formatCertificateNumber,
  formatDate,
  stampCertificate,
} from "#worker/domain/certificates/content";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { certificateDataHash, contentForType, normalizeSubjectId, TYPES_FOR_SUBJECT } from "./certificate-content";
import { MAX_ATTEMPTS, nextSerial, randomCheck } from "./certificate-numbers";
import {
  type CertificateSummary,
  certificateKey,
  defaultRender,
  type IssueDeps,
  type ServedCertificate,
  SYSTEM_ACTOR,
  served,
} from "./served-certificate";

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
  const info = CERTIFICATE_INFO[type];
  const prefix = `LR-${info.code}-${now.getUTCFullYear()}-`;
  const [version, previous] = await Promise.all([lastVersion(db, key), validCertificatesOf(db, key)]);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const serial = await nextSerial(db, prefix);
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
    // The PDF first, under a key no other certificate shares (the number carries a random check),
    // so a row is never stored without its object (docs/fault-injection.md); a put whose answer
    // was lost may have stored it, so a failed put deletes the key again.
    await deps.r2
      .put(r2Key, bytes, {
        httpMetadata: {
          contentType: "application/pdf",
          contentDisposition: `inline; filename="${certificateFileName(type, certificateNumber)}"`,
        },
        customMetadata: { certificateNumber, dataHash },
      })
      .catch(async (error: unknown) => {
        await deps.r2.delete(r2Key).catch(() => undefined);
        throw error;
      });
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
      // A lost answer (a timeout after the commit): the certificate is stored, with its PDF.
      const landed = await landedAnyway(error, async () => Boolean(await certificateByNumber(db, certificateNumber)));
      if (!landed) {
        // Not stored: its PDF goes too. If nobody can tell yet, the PDF stays (an object without a
        // row is never served; a row without its object would be).
        if (landed === false) await deps.r2.delete(r2Key).catch(() => undefined);
        if (!isNumberRefused(error)) throw error;
        // Another request took this serial, or issued the same data a moment ago: look again.
        const winner = usable(await certificatesForData(db, key, dataHash));
        if (winner) return ok(served(winner, printed, deps, render));
        continue;
      }
    }
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
