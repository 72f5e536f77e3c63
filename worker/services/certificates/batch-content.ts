/**
 * A batch's or a shipment's certificate content, built from stored rows only (unit-tested without
 * D1): its origin plots, farmers, custody and DDS numbers; for a shipment, what its export step
 * recorded. What the platform does not store is printed "not recorded" (shipment details,
 * phytosanitary declaration and treatment) or "not measured" (quality measurements: a batch keeps
 * only the grade an inspector recorded).
 */

import type { BatchRow } from "#db/queries/batches";
import type { AssessmentForCertificate, FarmerForCertificate, PlotForCertificate } from "#db/queries/certificates";
import type { ComplianceStatus } from "#worker/domain/batch-compliance";
import type { CertificateContent, DdsRecord, ShipmentRecord } from "#worker/domain/certificates/content";
import { EUDR_COMMODITIES, isEudrCommodity } from "#worker/domain/commodities";
import { measurementsOf, type StoredMeasurements } from "#worker/domain/inspections";
import { gramsToKg } from "#worker/domain/weight";
import { farmerRecord, historyByPlot, monitoringSeries, plotRecords } from "./plot-records";

export type BatchRows = {
  kind: "batch" | "shipment";
  batch: Pick<
    BatchRow,
    | "id"
    | "batchCode"
    | "commodity"
    | "hsCode"
    | "weightG"
    | "grade"
    | "harvestDate"
    | "complianceStatus"
    | "ddsReference"
    | "ddsVerification"
    | "status"
  >;
  origins: { plotId: string; farmerId: string }[];
  plots: PlotForCertificate[];
  farmers: FarmerForCertificate[];
  assessments: AssessmentForCertificate[];
  custody: {
    batchId: string;
    toStatus: string;
    occurredAt: string;
    location: string | null;
    /** Grams. */
    weightOutG: number | null;
  }[];
  /** The exporter's company (shipments). */
  exporterName: string | null;
  /** The latest passed warehouse inspection, with the inspector's name. */
  inspection?:
    | (StoredMeasurements & {
        id: string;
        inspectedAt: string;
        inspectorName: string | null;
        location: string | null;
      })
    | null;
  /** The latest signed-off port inspection. */
  portInspection?: {
    inspectedAt: string;
    port: string;
    containerNumber: string;
    sealNumber: string;
    pestsFound: string | null;
    treatment: string | null;
    treatmentChemical: string | null;
    treatmentDate: string | null;
    fumigationCertificateRef: string | null;
  } | null;
};

/** Botanical names of the EUDR commodities grown in Liberia (IPPC "botanical name of plants"). */
const BOTANICAL_NAME: Record<string, string> = {
  Cocoa: "Theobroma cacao L.",
  // Liberia grows Robusta and Liberica: the batch does not record which.
  Coffee: "Coffea spp. (species not recorded)",
  Rubber: "Hevea brasiliensis (Willd. ex A.Juss.) Müll.Arg.",
  "Oil Palm": "Elaeis guineensis Jacq.",
};

/** A batch's (or shipment's) certificate content from its stored rows. */
export function batchCertificateContent(rows: BatchRows, now: Date): CertificateContent {
  const { batch, kind } = rows;
  const farmerByKey = new Map<string, FarmerForCertificate>();
  for (const f of rows.farmers) {
    farmerByKey.set(f.farmerId, f);
    farmerByKey.set(f.id, f);
  }
  const originFarmer = new Map(rows.origins.map((o) => [o.plotId, o.farmerId]));
  const farmerOf = (p: PlotForCertificate) =>
    farmerByKey.get(originFarmer.get(p.id) ?? "") ?? farmerByKey.get(p.farmerId);
  const history = historyByPlot(rows.assessments);
  const plots = plotRecords(rows.plots, farmerOf, history);
  const farmers = [...new Map(rows.farmers.map((f) => [f.farmerId, f])).values()]
    .sort((a, b) => (a.farmerId < b.farmerId ? -1 : 1))
    .map(farmerRecord);

  const own = rows.custody.filter((e) => e.batchId === batch.id);
  const last = (status: string) =>
    [...own].reverse().find((e) => e.toStatus === status) ??
    [...rows.custody].reverse().find((e) => e.toStatus === status) ??
    null;
  const exported = last("exported");
  const portInspection = last("port_inspected");
  const commodity = batch.commodity;
  const counties = [...new Set(plots.map((p) => p.county).filter((c) => c !== "not recorded"))];
  const exportDate = exported?.occurredAt.slice(0, 10) ?? null;

  const shipment: ShipmentRecord | null =
    kind === "shipment"
      ? {
          reference: batch.batchCode,
          exporter: {
            name: rows.exporterName ?? "not recorded",
            address: null,
            country: "Liberia",
            licenceNumber: null,
          },
          consignee: null,
          meansOfConveyance: null,
          vesselOrFlight: null,
          portOfLoading: exported?.location ?? null,
          pointOfEntry: null,
          route: null,
          departureDate: exportDate,
          invoiceNumber: null,
          invoiceDate: null,
          packages: null,
          marks: null,
          grossWeightKg: null,
          netWeightKg: gramsToKg(exported?.weightOutG ?? batch.weightG),
        }
      : null;
  const dds: DdsRecord | null = batch.ddsReference
    ? {
        referenceNumber: batch.ddsReference,
        verificationNumber: batch.ddsVerification ?? "not recorded",
        operatorName: null,
        recordedAt: null,
      }
    : null;

  return {
    subject: {
      kind,
      id: batch.batchCode,
      label:
        kind === "shipment"
          ? `${batch.batchCode} (${commodity}, exported${exportDate ? ` ${exportDate}` : ""})`
          : `${batch.batchCode} (${commodity})`,
    },
    testProfile: false,
    farmers,
    batch: {
      batchCode: batch.batchCode,
      commodity,
      hsCode: batch.hsCode,
      description: isEudrCommodity(commodity) ? EUDR_COMMODITIES[commodity].description : commodity,
      netWeightKg: gramsToKg(batch.weightG),
      grade: batch.grade,
      harvestDate: batch.harvestDate ?? "",
      complianceStatus: batch.complianceStatus as ComplianceStatus,
      buyerName: null,
    },
    shipment,
    plots,
    monitoring: rows.plots.map((p) => monitoringSeries(p.plotCode, history.get(p.id) ?? [], now)),
    // The measurements of the latest passed warehouse inspection; without one, "not measured".
    quality: rows.inspection
      ? {
          sampleReference: `INS-${rows.inspection.id.slice(0, 8).toUpperCase()}`,
          sampledAt: rows.inspection.inspectedAt.slice(0, 10),
          sampledBy: rows.inspection.inspectorName ?? "Warehouse Inspector",
          place: rows.inspection.location ?? "not recorded",
          method:
            rows.inspection.commodity === "Coffee"
              ? "ICO defect count of a 300 g sample; moisture meter"
              : "Cut test of 300 beans; bean count per 100 g; moisture meter",
          measurements: measurementsOf(rows.inspection),
        }
      : null,
    phytosanitary: phytosanitaryRecord(rows, counties, portInspection),
    dds,
  };
}

/** The phytosanitary part: from the signed-off port inspection when there is one, else "not recorded". */
function phytosanitaryRecord(
  rows: BatchRows,
  counties: string[],
  custodyStep: { occurredAt: string; location: string | null } | null,
): NonNullable<CertificateContent["phytosanitary"]> {
  const port = rows.portInspection ?? null;
  const base = {
    botanicalName: BOTANICAL_NAME[rows.batch.commodity] ?? "not recorded",
    placeOfOrigin: counties.length ? `${counties.join(", ")}, Liberia` : "not recorded",
    placeOfIssue: "Monrovia",
  };
  if (!port) {
    return {
      ...base,
      additionalDeclaration: null,
      inspectionDate: custodyStep?.occurredAt.slice(0, 10) ?? null,
      inspectionPlace: custodyStep?.location ?? null,
      treatment: null,
      treatmentRecorded: false,
    };
  }
  return {
    ...base,
    additionalDeclaration: port.pestsFound
      ? `Pests found at inspection: ${port.pestsFound}.`
      : "No pests found at inspection.",
    inspectionDate: port.inspectedAt.slice(0, 10),
    inspectionPlace: port.port,
    containerNumber: port.containerNumber,
    sealNumber: port.sealNumber,
    fumigationCertificateRef: port.fumigationCertificateRef,
    // A recorded inspection with no treatment reads "none declared".
    treatment: port.treatment
      ? {
          date: port.treatmentDate ?? port.inspectedAt.slice(0, 10),
          treatment: port.treatment,
          chemical: port.treatmentChemical ?? "not recorded",
          durationAndTemperature: "not recorded",
          concentration: "not recorded",
          additionalInformation: port.fumigationCertificateRef
            ? `Fumigation certificate ${port.fumigationCertificateRef}`
            : null,
        }
      : null,
    treatmentRecorded: true,
  };
}
