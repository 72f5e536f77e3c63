/**
 * A real shipment as the certificate service reads it from D1 (certificate-content-real.test.ts):
 * two farmers, their plots, the assessment history and the batch with its custody.
 */
import type { AssessmentForCertificate, FarmerForCertificate, PlotForCertificate } from "#db/queries/certificates";
import type { BatchRows } from "#worker/services/certificates/batch-content";
import { layerEvidence, squarePolygon } from "../real-shipment";

export const NOW = new Date("2026-03-10T12:00:00Z");
export const BASE = "https://eip.example.gov.lr";

export const ev = layerEvidence("l");
export const assessment = (
  plotId: string,
  verdict: string,
  assessedAt: string,
  evidence: unknown[],
  reasons: string[] = [],
): AssessmentForCertificate => ({
  plotId,
  verdict,
  assessedAt,
  evidence: JSON.stringify(evidence),
  reasons: JSON.stringify(reasons),
});
export const square = (lon: number, lat: number) => JSON.stringify(squarePolygon(lon, lat));

/** A stored square plot's outline columns: the geometry, its type and its bounding box. */
const outline = (lon: number, lat: number) => {
  const [ring] = squarePolygon(lon, lat).coordinates;
  const lons = ring!.map(([x]) => x!);
  const lats = ring!.map(([, y]) => y!);
  return {
    geometry: square(lon, lat),
    geometryType: "Polygon",
    minLon: Math.min(...lons),
    minLat: Math.min(...lats),
    maxLon: Math.max(...lons),
    maxLat: Math.max(...lats),
  };
};

export const FARMERS: FarmerForCertificate[] = [
  {
    id: "f-1",
    farmerId: "FRM000001",
    userId: "demo-farmer",
    firstName: "Korto",
    lastName: "Gbowee",
    county: "Bong County",
    district: null,
    community: "Gbarnga",
  },
  {
    id: "f-2",
    farmerId: "FRM100002",
    userId: null,
    firstName: "Yassah",
    lastName: "Kpadeh",
    county: "Bong County",
    district: "Panta",
    community: null,
  },
];
export const PLOTS: PlotForCertificate[] = [
  {
    id: "p-1",
    plotCode: "PLT-000001-01",
    farmerId: "FRM000001",
    ...outline(-9.472311, 6.995412),
    areaHectares: 1.0012,
    crop: "Cocoa",
    county: "Bong County",
    validationState: "valid",
    validationIssues: "{}",
    riskLevel: "low",
    assessedAt: "2025-12-01T08:00:00.000Z",
    version: 1,
  },
  {
    id: "p-2",
    plotCode: "PLT-100002-01",
    farmerId: "FRM100002",
    ...outline(-9.468842, 6.991127),
    areaHectares: 1.0011,
    crop: "Cocoa",
    county: "Bong County",
    validationState: "valid",
    validationIssues: "{}",
    riskLevel: "low",
    assessedAt: "2025-12-01T08:00:00.000Z",
    version: 1,
  },
];
export const ASSESSMENTS = [
  // Plot 1: first assessed in September 2024 (more information needed, a small post-2020 disturbance overlap), low since December 2025.
  assessment(
    "p-1",
    "more_information_needed",
    "2024-09-15T10:00:00.000Z",
    [ev("forest_2020", "JRC GFC 2020", 0.4, 40), ev("disturbance_after_2020", "RADD alerts", 0.05, 5)],
    ["Tree cover at end-2020 on 40% of the plot."],
  ),
  assessment(
    "p-1",
    "low",
    "2025-12-01T08:00:00.000Z",
    [ev("commodity_2020", "Cocoa map 2020", 1, 100), ev("disturbance_after_2020", "RADD alerts", 0, 0)],
    ["Cocoa was already grown on the plot in 2020."],
  ),
  // Plot 2: a verdict that read no disturbance layer, then one that did.
  assessment(
    "p-2",
    "low",
    "2024-06-01T08:00:00.000Z",
    [ev("forest_2020", "JRC GFC 2020", 0, 0)],
    ["No tree cover at end-2020."],
  ),
  assessment(
    "p-2",
    "low",
    "2025-12-01T08:00:00.000Z",
    [ev("forest_2020", "JRC GFC 2020", 0, 0), ev("disturbance_after_2020", "RADD alerts", 0, 0)],
    ["No tree cover at end-2020."],
  ),
];
export const DAY = (d: string) => `${d}T09:00:00.000Z`;
export const rows = (over: Partial<BatchRows> = {}): BatchRows => ({
  kind: "shipment",
  batch: {
    id: "b-1",
    batchCode: "LR-COC-2026-000901",
    commodity: "Cocoa",
    hsCode: "1801",
    weightG: 1_200_000,
    grade: "A",
    harvestDate: "2026-01-20",
    complianceStatus: "compliant",
    ddsReference: null,
    ddsVerification: null,
    status: "exported",
  },
  origins: [
    { plotId: "p-1", farmerId: "FRM000001" },
    { plotId: "p-2", farmerId: "FRM100002" },
  ],
  plots: PLOTS,
  farmers: FARMERS,
  assessments: ASSESSMENTS,
  custody: [
    {
      batchId: "b-1",
      toStatus: "purchased",
      occurredAt: DAY("2026-01-21"),
      location: "Gbarnga market",
      weightOutG: 1_200_000,
    },
    {
      batchId: "b-1",
      toStatus: "port_inspected",
      occurredAt: DAY("2026-02-20"),
      location: "Freeport of Monrovia",
      weightOutG: 1_195_000,
    },
    {
      batchId: "b-1",
      toStatus: "exported",
      occurredAt: DAY("2026-02-28"),
      location: "Freeport of Monrovia",
      weightOutG: 1_190_000,
    },
  ],
  exporterName: "Liberia Premium Exports Inc. (demo)",
  ...over,
});
