/**
 * The records a certificate is drawn from (`CertificateContent`) and the renderer's one input
 * (`CertificateData`): farmers, batch, shipment, plant health, plots with their evidence,
 * monitoring, quality and the EU buyer's DDS. Types only; content.ts re-exports them.
 */
import type { Evidence, Verdict } from "../assess-risk";
import type { ComplianceStatus } from "../batch-compliance";
import type { PlotGeometry } from "../validate-geometry";
import type { QualityMeasurements } from "./grading";
import type { CertificateType, Issuer } from "./kinds";

export type FarmerRecord = {
  /** FRM + 6 digits. */
  farmerId: string;
  name: string;
  /** "Bong County". */
  county: string;
  /** Town or community. */
  community: string;
};

export type BatchRecord = {
  batchCode: string;
  commodity: string;
  hsCode: string;
  /** Description of goods for customs and the DDS (≤ 150 characters). */
  description: string;
  netWeightKg: number;
  /** The recorded A+..F grade, if any (the quality paper recomputes it from measurements). */
  grade: string | null;
  /** ISO date. */
  harvestDate: string;
  complianceStatus?: ComplianceStatus | null;
  buyerName?: string | null;
};

export type Party = { name: string; address: string; country: string };

/**
 * An export consignment. `null` marks a field the platform has no record of (a real shipment is
 * an exported batch: consignee, invoice, packages… are not stored) and is printed "not recorded",
 * never guessed.
 */
export type ShipmentRecord = {
  reference: string;
  exporter: { name: string; address: string | null; country: string; licenceNumber?: string | null };
  consignee: Party | null;
  /** "Sea freight", "Road", "Air". */
  meansOfConveyance: string | null;
  vesselOrFlight?: string | null;
  portOfLoading: string | null;
  /** Declared point of entry in the importing country. */
  pointOfEntry: string | null;
  /** Transport route as the ICC form asks, e.g. "Monrovia (LR) → Antwerp (BE)". */
  route: string | null;
  /** ISO date. */
  departureDate?: string | null;
  invoiceNumber: string | null;
  /** ISO date; also the date of the exporter's declaration on the certificate of origin. */
  invoiceDate: string | null;
  packages: { count: number; kind: string } | null;
  /** Distinguishing marks and numbers on the packages. */
  marks: string | null;
  containerNumbers?: string[];
  grossWeightKg: number | null;
  netWeightKg: number;
};

export type PhytosanitaryRecord = {
  botanicalName: string;
  /** Place of origin as the IPPC form asks: counties / districts. */
  placeOfOrigin: string;
  /** null: no additional declaration is recorded ("not recorded", not "None"). */
  additionalDeclaration: string | null;
  /** ISO date of the inspection of the consignment. */
  inspectionDate?: string | null;
  inspectionPlace?: string | null;
  /** From the port inspection record: printed as the distinguishing marks. */
  containerNumber?: string | null;
  sealNumber?: string | null;
  fumigationCertificateRef?: string | null;
  treatment: {
    date: string;
    treatment: string;
    chemical: string;
    durationAndTemperature: string;
    concentration: string;
    additionalInformation?: string | null;
  } | null;
  /**
   * false when the platform holds no treatment record at all, so a null `treatment` reads
   * "not recorded" rather than "none declared" (default: recorded).
   */
  treatmentRecorded?: boolean;
  placeOfIssue: string;
};

export type EvidenceItem = Pick<Evidence, "layerName" | "kind" | "version" | "overlapHectares" | "overlapPercent"> & {
  /** Date of the data (not of the check), e.g. "2020-12-31" or "2025-11". */
  sourceDate?: string | null;
  source?: string | null;
  /** The overlap reaches the threshold (10% of the plot; any overlap for a point). */
  present?: boolean;
};

export type PlotRecord = {
  plotCode: string;
  farmerId: string;
  producerName: string;
  crop: string;
  county: string;
  community?: string | null;
  areaHectares: number;
  geometry: PlotGeometry;
  /** Passed the EUDR geometry checks. */
  geometryValid: boolean;
  verdict: Verdict | null;
  reasons: string[];
  evidence: EvidenceItem[];
  /** ISO timestamp of the risk assessment. */
  assessedAt: string | null;
};

export type MonitoringMonth = {
  /** "YYYY-MM". */
  month: string;
  /** The alert layer read for that month. */
  layer: string;
  alerts: number;
  overlapHectares: number;
  /** The plot's verdict in force that month, when the series is derived from stored assessments. */
  verdict?: Verdict | null;
};

/** 24 months of monitoring of one plot (docs/product.md §9). */
export type MonitoringSeries = { plotCode: string; months: MonitoringMonth[] };

export type QualityRecord = {
  sampleReference: string;
  /** ISO date. */
  sampledAt: string;
  sampledBy: string;
  place: string;
  method: string;
  measurements: QualityMeasurements;
};

/** The EU buyer's DDS, once they have filed it (docs/eudr-rules.md). */
export type DdsRecord = {
  referenceNumber: string;
  verificationNumber: string;
  operatorName?: string | null;
  recordedAt?: string | null;
};

export type SubjectKind = "test_farmer" | "farmer" | "batch" | "shipment";
export type CertificateSubject = { kind: SubjectKind; id: string; label: string };

/** Everything a document says about its subject, before it gets a number and dates. */
export type CertificateContent = {
  subject: CertificateSubject;
  /** Marks every page "Test profile — not a real farmer". */
  testProfile: boolean;
  farmers: FarmerRecord[];
  batch: BatchRecord | null;
  shipment: ShipmentRecord | null;
  plots: PlotRecord[];
  monitoring: MonitoringSeries[];
  quality: QualityRecord | null;
  phytosanitary: PhytosanitaryRecord | null;
  dds: DdsRecord | null;
  /** Other certificates of the same subject, listed on the comprehensive declaration. */
  relatedCertificates?: { type: CertificateType; certificateNumber: string; expiresAt: string }[];
};

/** The renderer's input: content stamped with a number, dates, issuer and verification URL. */
export type CertificateData = CertificateContent & {
  type: CertificateType;
  certificateNumber: string;
  /** ISO timestamp. */
  issuedAt: string;
  /** ISO timestamp. */
  expiresAt: string;
  /** `<base>/verify/<certificateNumber>`: what the QR code encodes. */
  verificationUrl: string;
  issuer: Issuer;
};
