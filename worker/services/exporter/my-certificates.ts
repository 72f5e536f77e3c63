/**
 * The exporter's certificates: every certificate of the batches they own (held, stepped
 * or shipped: db/queries/exporter-desk.ts ownedBatchWhere) and of their shipments, each with the
 * state the registry gives it (registryStatus, the same rule /verify uses), and its PDF.
 */

import { certificateByNumber } from "#db/queries/certificates";
import { certificatesOfCodes, ownedBatches, shipmentsOfExporter } from "#db/queries/exporter-desk";
import { CERTIFICATE_INFO, type CertificateType } from "#worker/domain/certificates/content";
import { expiresSoon } from "#worker/domain/certificates/expiry";
import {
  normalizeCertificateNumber,
  registryStatus,
  type VerificationStatus,
} from "../certificates/verify-certificate";
import type { ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";

export type MyCertificate = {
  certificateNumber: string;
  type: string;
  title: string;
  subjectType: string;
  subjectCode: string;
  status: VerificationStatus;
  /** Valid, and its validity ends within 14 days (worker/domain/certificates/expiry.ts). */
  expiresSoon: boolean;
  issuedAt: string;
  expiresAt: string;
  revocationReason: string | null;
  verifyPath: string;
  downloadPath: string;
};

async function myCodes(db: ServiceDeps["db"], exporterId: string) {
  const [batchRows, shipmentRows] = await Promise.all([
    ownedBatches(db, exporterId, 1000),
    shipmentsOfExporter(db, exporterId),
  ]);
  return { batchCodes: batchRows.map((b) => b.batchCode), shipmentCodes: shipmentRows.map((s) => s.code) };
}

export async function myCertificates({
  db,
  actor,
  now,
}: Pick<ServiceDeps, "db" | "actor" | "now">): Promise<MyCertificate[]> {
  if (actor.role !== "exporter") return [];
  const { batchCodes, shipmentCodes } = await myCodes(db, actor.id);
  const rows = await certificatesOfCodes(db, batchCodes, shipmentCodes);
  const at = now().toISOString();
  return rows.map((r) => ({
    certificateNumber: r.certificateNumber,
    type: r.type,
    title: CERTIFICATE_INFO[r.type as CertificateType]?.title ?? r.type,
    subjectType: r.subjectType,
    subjectCode: r.subjectId,
    status: registryStatus(r, at),
    expiresSoon: expiresSoon(r, now()),
    issuedAt: r.issuedAt,
    expiresAt: r.expiresAt,
    revocationReason: r.revocationReason,
    verifyPath: `/verify/${encodeURIComponent(r.certificateNumber)}`,
    downloadPath: `/api/exporter/certificates/${encodeURIComponent(r.certificateNumber)}/pdf`,
  }));
}

/**
 * The stored PDF of one of my certificates. Another exporter's number answers like an unknown one
 * (404). `fallback` names the live route that redraws a valid certificate when R2 lost its PDF.
 */
export async function myCertificatePdf(
  number: string,
  { db, r2, actor }: Pick<ServiceDeps, "db" | "r2" | "actor">,
): Promise<Result<{ body: ReadableStream | null; fallback: string; fileName: string }>> {
  const normalized = normalizeCertificateNumber(number);
  const row = normalized ? await certificateByNumber(db, normalized) : null;
  const unknown = fail(404, `No certificate of yours with number ${number.trim().toUpperCase().slice(0, 60)}`);
  if (!row || actor.role !== "exporter") return unknown;
  const { batchCodes, shipmentCodes } = await myCodes(db, actor.id);
  const mine =
    ((row.subjectType === "batch" || row.subjectType === "shipment") && batchCodes.includes(row.subjectId)) ||
    (row.subjectType === "shipment" && shipmentCodes.includes(row.subjectId));
  if (!mine) return unknown;
  const object = await r2.get(row.r2Key);
  return ok({
    body: object?.body ?? null,
    fallback: `/api/certificates/${row.type}/${row.subjectType}/${encodeURIComponent(row.subjectId)}`,
    fileName: `${row.certificateNumber}.pdf`,
  });
}
