/**
 * What a certificate of a real subject says, built from stored records only: a
 * farmer with their plots and verdicts; a batch with its origin plots, farmers, custody and DDS
 * numbers; a shipment (an exported batch) with what its export step recorded. Nothing is
 * invented: what the platform does not store is printed "not recorded" (shipment details,
 * phytosanitary declaration and treatment) or "not measured" (quality measurements: a batch
 * keeps only the grade an inspector recorded).
 *
 * This module loads the rows; the pure builders are its siblings: farmer-content, batch-content
 * (batches and shipments) and plot-records (shared records and the 24-month monitoring series).
 * What each document prints of it, and its hash, is worker/domain/certificates/printed.ts.
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
import type { CertificateContent, SubjectKind } from "#worker/domain/certificates/content";
import { normalizeSubjectId } from "#worker/domain/certificates/subjects";
import { isTestFarmerId, testFarmerContent } from "#worker/domain/certificates/test-farmers";
import { batchCertificateContent } from "./batch-content";
import { farmerCertificateContent } from "./farmer-content";

export type ContentOutcome =
  | { ok: true; content: CertificateContent }
  | { ok: false; status: 400 | 404 | 409; message: string };

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
