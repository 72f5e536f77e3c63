/**
 * What a certificate says: the six document types, their validity, who issues them,
 * and `CertificateData`, the one input the PDF renderer needs. Pure data: the service that reads
 * D1 builds a `CertificateContent` from stored rows and stamps it with `stampCertificate`; the
 * renderer (render.ts) draws it. Nothing here reads storage or the clock.
 *
 * Who issues what (docs/eudr-rules.md): LACRA attests EUDR compliance, deforestation analysis, origin,
 * quality and the comprehensive declaration. The phytosanitary certificate is issued by the
 * national plant protection organisation (the National Plant Quarantine Service, Ministry of
 * Agriculture): the platform only PREPARES it for that service, and the paper says so.
 * The EU due diligence statement is filed by the EU operator; the EUDR paper is a national
 * attestation plus the DDS-ready data, never the DDS itself.
 */
import { MONTH_NAMES } from "#worker/domain/months";
import type { LayerKind, Verdict } from "../assess-risk";
import type { CertificateType, Issuer, Officer } from "./kinds";
import type { CertificateContent, CertificateData } from "./records";

export type {
  CocoaMeasurements,
  CoffeeMeasurements,
  CriterionResult,
  GradeResult,
  QualityMeasurements,
} from "./grading";
export { COCOA_BANDS, COFFEE_BANDS, GRADE_MEANING, gradeFromMeasurements, tradeGradeOf } from "./grading";
export { CERTIFICATE_TYPES, type CertificateType, type Issuer, isCertificateType, type Officer } from "./kinds";
export type {
  BatchRecord,
  CertificateContent,
  CertificateData,
  CertificateSubject,
  DdsRecord,
  EvidenceItem,
  FarmerRecord,
  MonitoringMonth,
  MonitoringSeries,
  Party,
  PhytosanitaryRecord,
  PlotRecord,
  QualityRecord,
  ShipmentRecord,
  SubjectKind,
} from "./records";

export type Validity = { days: number } | { months: number };

export type CertificateTypeInfo = {
  /** The document's title, as printed. */
  title: string;
  /** One line under the title saying what the paper is (and is not). */
  subtitle: string;
  /** File name slug: `<slug>-<certificate number>.pdf`. */
  slug: string;
  /** The type's code in certificate numbers: LR-<code>-<year>-<serial>. */
  code: string;
  /** The spec's test endpoint segment (docs/product.md §7): /api/test/<testPath>/{id}. */
  testPath: string;
  validity: Validity;
  /** Why this validity (printed nowhere; for reviewers and the ADR). */
  validityReason: string;
};

/**
 * The six types (docs/product.md §1, §9). Validity periods are the platform's decision
 * (docs/decisions, "certificate documents"): short where the facts behind the paper age fast.
 */
export const CERTIFICATE_INFO: Record<CertificateType, CertificateTypeInfo> = {
  eudr: {
    title: "EUDR Compliance Certificate",
    subtitle: "National attestation and DDS-ready data package — Regulation (EU) 2023/1115",
    slug: "eudr-compliance",
    code: "EUDR",
    testPath: "eudr-certificate",
    validity: { months: 12 },
    validityReason:
      "Risk verdicts are re-checked against new alerts at least yearly; revocation covers earlier changes.",
  },
  deforestation: {
    title: "Deforestation Analysis",
    subtitle: "Plot-level risk verdicts with evidence and 24 months of monitoring",
    slug: "deforestation-analysis",
    code: "DFA",
    testPath: "deforestation-certificate",
    validity: { months: 12 },
    validityReason: "Covers a 24-month monitoring window; a yearly refresh keeps the window current.",
  },
  phytosanitary: {
    title: "Phytosanitary Certificate",
    subtitle: "IPPC model certificate for export — prepared for the national plant protection organisation",
    slug: "phytosanitary",
    code: "PHY",
    testPath: "phytosanitary-certificate",
    validity: { days: 14 },
    validityReason:
      "Pest status is certified at inspection of one consignment; importing countries expect shipment within about two weeks.",
  },
  origin: {
    title: "Certificate of Origin",
    subtitle: "Non-preferential certificate of origin (ICC international guidelines)",
    slug: "certificate-of-origin",
    code: "COO",
    testPath: "origin-certificate",
    validity: { months: 12 },
    validityReason: "Origin of goods does not change; customs usually accept a certificate for a year from issue.",
  },
  quality: {
    title: "Quality Control Certificate",
    subtitle: "Quality grading A+ to F with the measured criteria behind the grade",
    slug: "quality-control",
    code: "QCG",
    testPath: "quality-certificate",
    validity: { months: 6 },
    validityReason:
      "Dried beans take up moisture and age in storage; a sample older than six months no longer describes the lot.",
  },
  declaration: {
    title: "Comprehensive Compliance Declaration",
    subtitle: "EUDR, deforestation, phytosanitary, origin and quality in one summary",
    slug: "compliance-declaration",
    code: "CCD",
    testPath: "compliance-declaration",
    validity: { months: 6 },
    validityReason:
      "A summary cannot outlive the quality grade it restates (six months); the phytosanitary part refers to its own certificate and validity.",
  },
};

/** The country of production as the EU benchmarking classes it (docs/eudr-rules.md). */
export const COUNTRY = { name: "Republic of Liberia", iso2: "LR", euRiskClass: "standard risk" } as const;
/** EUDR Art. 2(13): deforestation-free means no deforestation after this date. */
export const EUDR_CUTOFF_LABEL = "31 December 2020";
/** The statement the EUDR paper must carry, word for word. */
export const NOT_A_DDS_STATEMENT =
  "This is a national attestation and DDS-ready data package; it is not the due diligence statement, which the EU operator files in the EU information system.";
/** Printed on every page of a test profile's documents. */
export const TEST_PROFILE_NOTICE =
  "Test profile — not a real farmer. Fictional data for certificate testing; not valid for trade.";

export const LACRA: Omit<Issuer, "officer"> = {
  country: COUNTRY.name,
  authority: "Liberia Agriculture and Commodity Regulatory Authority (LACRA)",
  shortName: "LACRA",
  address: "Monrovia, Republic of Liberia",
};

/** The national plant protection organisation of Liberia (IPPC), which signs phytosanitary certificates. */
export const PLANT_PROTECTION_SERVICE: Omit<Issuer, "officer"> = {
  country: COUNTRY.name,
  authority: "National Plant Quarantine Service (NPQS), Ministry of Agriculture",
  shortName: "NPQS",
  address: "Monrovia, Republic of Liberia",
  preparedBy: "Prepared by the LACRA traceability platform for the plant protection service",
};

/** The issuer of a type; `officer` is the person who issues (or, for phytosanitary, who must sign). */
export function issuerFor(type: CertificateType, officer?: Officer): Issuer {
  if (type === "phytosanitary") {
    return {
      ...PLANT_PROTECTION_SERVICE,
      officer: officer ?? { name: "Authorized officer", title: "National Plant Quarantine Service" },
    };
  }
  return {
    ...LACRA,
    officer: officer ?? { name: "Certification Officer", title: "Quality Control and Certification, LACRA" },
  };
}

/** Calendar addition in UTC; the 31st plus one month ends on the last day of the next month. */
export function addValidity(from: Date, validity: Validity): Date {
  if ("days" in validity) return new Date(from.getTime() + validity.days * 86_400_000);
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + validity.months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** When a certificate of this type issued at `issuedAt` expires. */
export function expiryFor(type: CertificateType, issuedAt: Date): Date {
  return addValidity(issuedAt, CERTIFICATE_INFO[type].validity);
}

/** Certificate numbers are URL-safe (they go into /verify/<number>): capitals, digits, hyphens. */
export const CERTIFICATE_NUMBER_PATTERN = /^LR-[A-Z]{3,4}-\d{4}-[A-Z0-9][A-Z0-9-]{2,31}$/;

/**
 * LR-<type code>-<year>-<serial>, e.g. LR-EUDR-2026-000123. The serial comes from the caller
 * (a sequence or random base-32 string): uniqueness is the store's job (unique column).
 */
export function formatCertificateNumber(type: CertificateType, issuedAt: Date, serial: string): string {
  const number = `LR-${CERTIFICATE_INFO[type].code}-${issuedAt.getUTCFullYear()}-${serial.toUpperCase()}`;
  if (!CERTIFICATE_NUMBER_PATTERN.test(number)) throw new RangeError(`Not a valid certificate number: ${number}`);
  return number;
}

/** The public verification page of a certificate (what the QR code opens). */
export function verificationUrl(baseUrl: string, certificateNumber: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/verify/${encodeURIComponent(certificateNumber)}`;
}

/** `eudr-compliance-LR-EUDR-2026-000123.pdf`. */
export function certificateFileName(type: CertificateType, certificateNumber: string): string {
  return `${CERTIFICATE_INFO[type].slug}-${certificateNumber}.pdf`;
}

/** Gives content its number, dates, issuer and verification URL. */
export function stampCertificate(
  type: CertificateType,
  content: CertificateContent,
  stamp: { certificateNumber: string; issuedAt: Date; verifyBaseUrl: string; officer?: Officer },
): CertificateData {
  return {
    ...content,
    type,
    certificateNumber: stamp.certificateNumber,
    issuedAt: stamp.issuedAt.toISOString(),
    expiresAt: expiryFor(type, stamp.issuedAt).toISOString(),
    verificationUrl: verificationUrl(stamp.verifyBaseUrl, stamp.certificateNumber),
    issuer: issuerFor(type, stamp.officer),
  };
}

/** "15 January 2026" (UTC), the date style of the papers; "not recorded" for nothing. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "not recorded";
  const d = new Date(iso.length === 7 ? `${iso}-01T00:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return iso;
  if (iso.length === 7) return `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  return `${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "Mar 2025" from "2025-03". */
export function shortMonth(month: string): string {
  const [y, m] = month.split("-");
  return `${MONTH_NAMES[Number(m) - 1]?.slice(0, 3) ?? m} ${y}`;
}

/** Verdict words used on every paper (the same words as the staff pages). */
export const VERDICT_LABEL: Record<Verdict, string> = {
  low: "Low risk",
  high: "High risk",
  more_information_needed: "More information needed",
};

/** Layer kinds in plain words. */
export const LAYER_KIND_LABEL: Record<LayerKind, string> = {
  forest_2020: "Tree cover at end-2020",
  disturbance_after_2020: "Disturbance after 2020",
  disturbance_before_2020: "Disturbance before 2020",
  commodity_2020: "Commodity present in 2020",
  protected_area: "Protected area",
  forest_concession: "Forest concession",
};

/** The months of a monitoring window: the `count` full months before `now` (oldest first). */
export function monitoringMonths(now: Date, count = 24): string[] {
  const out: string[] = [];
  for (let i = count; i >= 1; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`);
  }
  return out;
}
