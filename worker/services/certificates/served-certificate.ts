/**
 * What serving a certificate hands back, and where its PDF comes from: the object stored in R2,
 * or — when R2 lost it — the same certificate drawn again under the same number.
 */

import type { Database } from "#db/client";
import type { CertificateRow, SubjectKey } from "#db/queries/certificates";
import {
  type CertificateContent,
  type CertificateData,
  type CertificateType,
  certificateFileName,
  type SubjectKind,
  stampCertificate,
} from "#worker/domain/certificates/content";
import type { AuditActor } from "../deps";

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

export async function defaultRender(type: CertificateType, data: CertificateData) {
  // The renderer and its fonts are a 1.6 MB chunk: load it only when a PDF is drawn.
  const { renderCertificate } = await import("#worker/domain/certificates/render");
  return renderCertificate(type, data);
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

/** A certificate served by the fast path: its PDF from R2; if R2 lost it, the slow path redraws it. */
export function cached(
  row: CertificateRow,
  deps: IssueDeps,
  slow: () => Promise<ServedCertificate>,
): ServedCertificate {
  return storedOr(row, deps, async () => (await slow()).open());
}

/** A stored certificate whose PDF is streamed from R2, or got by `lost()` when R2 no longer has it. */
function storedOr(row: CertificateRow, deps: IssueDeps, lost: () => Promise<PdfBody>): ServedCertificate {
  return {
    certificate: row,
    created: false,
    async open() {
      const object = await deps.r2.get(row.r2Key);
      if (object) return { body: object.body, size: object.size, source: "stored" };
      return lost();
    },
  };
}

/** A stored certificate whose PDF is read from R2 when needed (redrawn, same number, if lost). */
export function served(
  row: CertificateRow,
  printed: CertificateContent,
  deps: IssueDeps,
  render: Render,
): ServedCertificate {
  return storedOr(row, deps, async () => {
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
  });
}
