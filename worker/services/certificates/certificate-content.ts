/**
 * What a certificate of a real subject says, built from stored records only: a
 * farmer with their plots and verdicts; a batch with its origin plots, farmers, custody and DDS
 * numbers; a shipment (an exported batch) with what its export step recorded. Nothing is
 * invented: what the platform does not store is printed "not recorded" (shipment details,
 * phytosanitary declaration and treatment) or "not measured" (quality measurements: a batch
 * keeps only the grade an inspector recorded).
 *
 * This module loads the rows and hashes the content; the pure builders are its siblings, re-exported
 * below: farmer-content, batch-content (batches and shipments) and plot-records (shared records and
 * the 24-month monitoring series).
 *
 * The content is hashed (canonical JSON, SHA-256) to decide whether a stored PDF still describes
 * the data: the PDF bytes are never hashed (pdf-lib output is not byte-stable).
 */

import type { Database } from "#db/client";
import { ancestorIds, batchByCode, custodyOf, originsOf } from "#db/queries/batches";
import {
  accountName,
  assessmentsOfPlots,
  farmerForCertificate,
  farmersForCertificate,
  plotsForCertificate,
  plotsOfFarmerForCertificate,
} from "#db/queries/certificates";
import { latestPassedInspectionOf, latestSignedOffPortInspectionOf } from "#db/queries/inspections";
import {
  CERTIFICATE_INFO,
  CERTIFICATE_TYPES,
  type CertificateContent,
  type CertificateType,
  type SubjectKind,
} from "#worker/domain/certificates/content";
import { isTestFarmerId, testFarmerContent } from "#worker/domain/certificates/test-farmers";
import { canonicalJson, sha256Hex } from "#worker/domain/hash";
import { batchCertificateContent } from "./batch-content";
import { farmerCertificateContent } from "./farmer-content";

export { type BatchRows, batchCertificateContent } from "./batch-content";
export { type FarmerRows, farmerCertificateContent } from "./farmer-content";
export { monitoringSeries } from "./plot-records";

export const SUBJECT_KINDS = ["test_farmer", "farmer", "batch", "shipment"] as const satisfies readonly SubjectKind[];

export function isSubjectKind(value: string): value is SubjectKind {
  return (SUBJECT_KINDS as readonly string[]).includes(value);
}

/**
 * Which documents each kind of subject gets. A farmer's paper is about their plots (EUDR,
 * deforestation, the summary declaration); phytosanitary, origin and quality certificates
 * describe a lot of produce, so they are issued for a batch or a shipment.
 */
export const TYPES_FOR_SUBJECT: Record<SubjectKind, readonly CertificateType[]> = {
  test_farmer: CERTIFICATE_TYPES,
  farmer: ["eudr", "deforestation", "declaration"],
  batch: CERTIFICATE_TYPES,
  shipment: CERTIFICATE_TYPES,
};

/**
 * Bump when the mapping below or the renderer's layout changes: every stored PDF is then built
 * again on its next request (the hash covers this number).
 */
export const CERTIFICATE_FORMAT_VERSION = 1;

export type ContentOutcome =
  | { ok: true; content: CertificateContent }
  | { ok: false; status: 400 | 404 | 409; message: string };

const SUBJECT_WORD: Record<SubjectKind, string> = {
  test_farmer: "test farmer",
  farmer: "farmer",
  batch: "batch",
  shipment: "shipment",
};

/** Whether `type` is issued for `kind`, and if not, why ("… describes a batch or a shipment"). */
export function typeAllowedFor(
  type: CertificateType,
  kind: SubjectKind,
): { ok: true } | { ok: false; message: string } {
  if (TYPES_FOR_SUBJECT[kind].includes(type)) return { ok: true };
  const kinds = SUBJECT_KINDS.filter((k) => k !== "test_farmer" && TYPES_FOR_SUBJECT[k].includes(type)).map(
    (k) => SUBJECT_WORD[k],
  );
  return {
    ok: false,
    message: `A ${CERTIFICATE_INFO[type].title} is not issued for a ${SUBJECT_WORD[kind]}: it describes a ${kinds.join(" or a ")}`,
  };
}

/** The subject id as stored: Farmer IDs and batch codes in capitals, test profiles as "1".."3". */
export function normalizeSubjectId(kind: SubjectKind, id: string): string {
  const t = id.trim();
  return kind === "test_farmer" ? String(Number(t)) : t.toUpperCase();
}

/**
 * The content of a subject's certificates at `now`, read from D1 (test profiles from their
 * fixed fictional data). 404 when the subject does not exist; 409 for a "shipment" that has not
 * been exported.
 */
export async function loadCertificateContent(
  kind: SubjectKind,
  subjectId: string,
  deps: { db: Database; now: Date },
): Promise<ContentOutcome> {
  const { db, now } = deps;
  const id = normalizeSubjectId(kind, subjectId);
  if (kind === "test_farmer") {
    const n = Number(id);
    if (!isTestFarmerId(n))
      return { ok: false, status: 404, message: `No test farmer with id ${subjectId} (test profiles are 1, 2 and 3)` };
    return { ok: true, content: testFarmerContent(n, now) };
  }
  if (kind === "farmer") {
    const farmer = await farmerForCertificate(db, id);
    if (!farmer) return { ok: false, status: 404, message: `No farmer with ID ${id}` };
    const plots = await plotsOfFarmerForCertificate(db, farmer);
    const assessments = await assessmentsOfPlots(
      db,
      plots.map((p) => p.id),
    );
    return { ok: true, content: farmerCertificateContent({ farmer, plots, assessments }, now) };
  }
  const batch = await batchByCode(db, id);
  if (!batch) return { ok: false, status: 404, message: `No batch with code ${id}` };
  if (kind === "shipment" && batch.status !== "exported") {
    return {
      ok: false,
      status: 409,
      message: `Batch ${batch.batchCode} has not been exported: shipment certificates are issued for an exported batch`,
    };
  }
  const ancestors = await ancestorIds(db, batch.id);
  const [origins, custody] = await Promise.all([originsOf(db, [batch.id]), custodyOf(db, [batch.id, ...ancestors])]);
  const [plots, farmers] = await Promise.all([
    plotsForCertificate(
      db,
      origins.map((o) => o.plotId),
    ),
    farmersForCertificate(
      db,
      origins.map((o) => o.farmerId),
    ),
  ]);
  const assessments = await assessmentsOfPlots(
    db,
    plots.map((p) => p.id),
  );
  const exportEvent = [...custody].reverse().find((e) => e.batchId === batch.id && e.toStatus === "exported") ?? null;
  const exporterId = batch.holderId ?? exportEvent?.actorId ?? null;
  const exporter = kind === "shipment" && exporterId ? await accountName(db, exporterId) : null;
  // The measurements of the latest passed warehouse inspection (of the batch or the lot
  // it came from) and the signed-off port inspection.
  const [inspection, port] = await Promise.all([
    latestPassedInspectionOf(db, [batch.id, ...ancestors]),
    latestSignedOffPortInspectionOf(db, [batch.id, ...ancestors]),
  ]);
  const inspector = inspection ? await accountName(db, inspection.inspectorId) : null;
  return {
    ok: true,
    content: batchCertificateContent(
      {
        kind,
        batch,
        origins: origins.map((o) => ({ plotId: o.plotId, farmerId: o.farmerId })),
        plots,
        farmers,
        assessments,
        custody: custody.map((e) => ({
          batchId: e.batchId,
          toStatus: e.toStatus,
          occurredAt: e.occurredAt,
          location: e.location,
          weightOutG: e.weightOutG,
        })),
        exporterName: exporter?.name ?? null,
        inspection: inspection && { ...inspection, inspectorName: inspector?.name ?? null },
        portInspection: port,
      },
      now,
    ),
  };
}

/**
 * The part of the content a document of `type` prints. A change elsewhere (a new monitoring
 * month for a quality certificate, say) must not make a new certificate of this type.
 */
export function contentForType(type: CertificateType, content: CertificateContent): CertificateContent {
  const all = type === "declaration";
  const plotDetail = type === "eudr" || type === "deforestation";
  return {
    ...content,
    plots: plotDetail ? content.plots : content.plots.map((p) => ({ ...p, reasons: [], evidence: [] })),
    monitoring: all || type === "deforestation" ? content.monitoring : [],
    quality: all || type === "quality" ? content.quality : null,
    phytosanitary: all || type === "phytosanitary" ? content.phytosanitary : null,
    dds: all || type === "eudr" ? content.dds : null,
    relatedCertificates: all ? content.relatedCertificates : undefined,
  };
}

export { canonicalJson };

/** SHA-256 (hex) of what a document of `type` prints about its subject. */
export async function certificateDataHash(type: CertificateType, content: CertificateContent): Promise<string> {
  return sha256Hex(canonicalJson({ format: CERTIFICATE_FORMAT_VERSION, type, content: contentForType(type, content) }));
}
