/**
 * What an oversight report contains: the parameters a person chooses, the aggregate
 * figures gathered for them (`ReportData`), the labels shown on pages and paper, and the
 * canonical form whose SHA-256 is the report's data hash (the cache key of its PDF, and its ETag).
 *
 * Aggregates only: counts, hectares, tonnages and verdict shares. No farmer name, farmer ID,
 * plot code or batch code ever enters `ReportData`; the by-exporter report names licensed
 * exporting companies (worker/auth/report-access.ts decides who may see it).
 * Pure: no storage, no clock.
 */

import type { ReportKind } from "#worker/auth/report-access";
import { canonicalJson, sha256Hex } from "../hash";
import type { Mark } from "../suppression";

export { REPORT_KINDS, type ReportKind } from "#worker/auth/report-access";

/**
 * Bumped whenever the figures' meaning or the PDF layout changes: it is part of the hashed
 * data, so a new format never reuses a PDF cached under the old one.
 */
/**
 * 2: small cells suppressed in the county table. 3: every figure of a withheld scope withheld
 * (report-suppression.ts): the PDFs cached under older formats are not served again.
 */
export const REPORT_FORMAT = 3;

/** The longest period one report may cover (the chart shows one bar pair per month). */
export const MAX_REPORT_YEARS = 5;

export const REPORT_KIND_LABEL: Record<ReportKind, string> = {
  national: "National compliance summary",
  county: "County report",
  commodity: "Commodity report",
  exporter: "Exports by licensed exporter",
};

export const REPORT_KIND_HINT: Record<ReportKind, string> = {
  national: "Liberia as a whole, broken down by county and by commodity",
  county: "One county, broken down by commodity",
  commodity: "One commodity, broken down by county",
  exporter: "Exports per licensed exporting company (one exporter or all)",
};

/** The statement every report carries on its first page. */
export const NO_PERSONAL_DATA =
  "Aggregate figures only — no personal data: this report contains no farmer names, farmer IDs, plot codes or batch codes.";

/** How each figure is dated, printed with the figures so a reader knows what a period means. */
export const PERIOD_RULES =
  "A farmer counts in the period by registration date, a plot and a batch by the date it was recorded, an export by the date of the export step in the custody chain. Risk verdicts and compliance statuses are the latest at the time the report was generated. Batches that were split or merged are counted through the batches made from them, so no tonnage is counted twice.";

/** Normalised parameters: only the ones the kind uses are present. Dates are yyyy-mm-dd (UTC). */
export type ReportParams = {
  from: string;
  to: string;
  county?: string;
  commodity?: string;
  exporterId?: string;
};

export const RISK_KEYS = ["low", "more_information_needed", "high", "not_assessed"] as const;
export type RiskKey = (typeof RISK_KEYS)[number];
export const RISK_LABEL: Record<RiskKey, string> = {
  low: "Low risk",
  more_information_needed: "More information needed",
  high: "High risk",
  not_assessed: "Not yet assessed",
};

export const VALIDATION_KEYS = ["valid", "invalid"] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];
export const VALIDATION_LABEL: Record<ValidationKey, string> = { valid: "Valid geometry", invalid: "Invalid geometry" };

export const COMPLIANCE_KEYS = ["compliant", "pending", "held_for_review", "non_compliant"] as const;
export type ComplianceKey = (typeof COMPLIANCE_KEYS)[number];
export const COMPLIANCE_SHORT_LABEL: Record<ComplianceKey, string> = {
  compliant: "EUDR-compliant",
  pending: "Awaiting confirmation",
  held_for_review: "Held for review",
  non_compliant: "Not compliant",
};

export type CountKg = { count: number; weightKg: number };
export type CountHa = { count: number; hectares: number };

export type CountyRow = {
  county: string;
  farmers: number;
  plots: number;
  hectares: number;
  lowRiskPlots: number;
  highRiskPlots: number;
  purchasedKg: number;
  exportedKg: number;
  /** Withheld ("<5": fewer than 5 farmers; "*": the complement): its figures are zeroed. */
  mark?: Mark;
};

export type CommodityRow = {
  commodity: string;
  plots: number;
  hectares: number;
  batches: number;
  weightKg: number;
  compliantKg: number;
  exportedKg: number;
  /** Withheld as a county row is (CountyRow.mark). */
  mark?: Mark;
};

export type ExporterRow = {
  /** The exporter's company name (a licensed company, never a private person's name). */
  name: string;
  exports: number;
  exportedKg: number;
  compliantKg: number;
  commodities: number;
};

/** `purchasedKg` is null in the by-exporter report (it is about exports only). */
export type MonthRow = { month: string; purchasedKg: number | null; exportedKg: number };

/** The figures of one report; everything in it is hashed (see `reportDataHash`). */
export type ReportData = {
  format: number;
  kind: ReportKind;
  params: ReportParams;
  /** "Liberia", "Nimba County", "Cocoa", "All licensed exporters" or the exporter's company. */
  scope: string;
  /** Absent in the by-exporter report, which is about exports only. */
  registry: {
    farmersRegistered: number;
    /** Farmers registered on or before the end of the period (the registry's size then). */
    farmersByEnd: number;
    plots: CountHa;
    byValidation: Record<ValidationKey, CountHa>;
    byRisk: Record<RiskKey, CountHa>;
  } | null;
  /** Batches recorded in the period, still open (not split or merged), by compliance status. Absent by exporter. */
  batches: (CountKg & { byCompliance: Record<ComplianceKey, CountKg> }) | null;
  /** Purchases recorded in the period: the original batches (not those made by a split or merge). Absent by exporter. */
  purchases: CountKg | null;
  exports: CountKg & { byCompliance: Record<ComplianceKey, CountKg>; exporters: number };
  byCounty: CountyRow[];
  /**
   * The report's own scope withheld (report-suppression.ts): then it holds no figure at all.
   * Absent only in raw figures not yet suppressed.
   */
  withheld?: Mark;
  byCommodity: CommodityRow[];
  byExporter: ExporterRow[];
  monthly: MonthRow[];
};

/**
 * The months a period touches, "yyyy-mm", oldest first (both ends included).
 * @example monthsBetween("2026-01-15", "2026-03-02") → ["2026-01", "2026-02", "2026-03"]
 */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endY = Number(to.slice(0, 4));
  const endM = Number(to.slice(5, 7));
  while (y < endY || (y === endY && m <= endM)) {
    out.push(`${y}-${String(m).padStart(2, "0")}`);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/** The day after `date` (yyyy-mm-dd): periods are compared as [from, to + 1 day) on ISO text. */
export function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Keeps only the parameters `kind` uses, so equal requests have equal parameters (cache key). */
export function normalizeParams(kind: ReportKind, p: ReportParams): ReportParams {
  const out: ReportParams = { from: p.from, to: p.to };
  if (kind === "county" && p.county) out.county = p.county;
  if (kind === "commodity" && p.commodity) out.commodity = p.commodity;
  if (kind === "exporter" && p.exporterId) out.exporterId = p.exporterId;
  return out;
}

export { canonicalJson };

/** SHA-256 (hex) of the canonical JSON of the report's data. */
export async function reportDataHash(data: ReportData): Promise<string> {
  return sha256Hex(canonicalJson(data));
}

/** "lacra-national-report-2026-01-01-to-2026-03-31.pdf" — the download's file name. */
export function reportFileName(kind: ReportKind, params: ReportParams): string {
  const scope = params.county ?? params.commodity ?? "";
  const slug = scope
    ? `-${scope
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "")}`
    : "";
  return `lacra-${kind}-report${slug}-${params.from}-to-${params.to}.pdf`;
}

/** "1 Jan 2026 – 31 Mar 2026" */
export function periodLabel(params: Pick<ReportParams, "from" | "to">): string {
  return `${shortDay(params.from)} – ${shortDay(params.to)}`;
}

const MONTH_ABBR = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "1 Jan 2026" from "2026-01-01". */
export function shortDay(date: string): string {
  const [y, m, d] = date.split("-");
  return `${Number(d)} ${MONTH_ABBR[Number(m) - 1] ?? m} ${y}`;
}

/** "Jan 26" from "2026-01" (chart axis labels). */
export function monthTick(month: string): string {
  return `${MONTH_ABBR[Number(month.slice(5, 7)) - 1] ?? month.slice(5)} ${month.slice(2, 4)}`;
}
