/**
 * Minting a certificate for data no valid certificate describes: number it (LR-<code>-<year>-
 * <serial>-<check>), render its PDF, store the PDF in R2 and then its row, superseding the
 * subject's previous certificate of the type, with the audit row in the same transaction.
 */
import { landedAnyway } from "#db/errors";
import {
  type CertificateRow,
  certificateByNumber,
  certificatesForData,
  insertCertificate,
  isNumberRefused,
  lastVersion,
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
  stampCertificate,
} from "#worker/domain/certificates/content";
import { auditEntry } from "../platform/audit";
import { ok, type Result } from "../result";
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

export type Mint = {
  type: CertificateType;
  key: SubjectKey;
  /** The subject's whole content (its subject and test-profile flag go into the summary). */
  base: CertificateContent;
  /** What the document prints (`contentForType`), and its hash. */
  printed: CertificateContent;
  dataHash: string;
  dataVersion: string;
  /** A certificate expiring before this (ISO) is not served (renewal). */
  renewIso: string;
  /** The valid certificate among rows that may be served: another request may have minted it meanwhile. */
  usable: (rows: CertificateRow[]) => CertificateRow | undefined;
};

export async function mintCertificate(mint: Mint, deps: IssueDeps, now: Date): Promise<Result<ServedCertificate>> {
  const { db } = deps;
  const { type, key, base, printed, dataHash, dataVersion, renewIso, usable } = mint;
  const subjectType = base.subject.kind;
  const nowIso = now.toISOString();
  const render = deps.render ?? defaultRender;
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
