/**
 * Export orders and shipments (ADR 022): the EU buyer's country, the incoterm, how an
 * allocation reconciles with its order, and the stage a shipment is at. Pure: no I/O.
 */
import { formatKg, type Grams } from "./weight";

/** EU member states (ISO 3166-1 alpha-2): an order's buyer places the goods on the EU market. */
export const EU_COUNTRIES = {
  AT: "Austria",
  BE: "Belgium",
  BG: "Bulgaria",
  HR: "Croatia",
  CY: "Cyprus",
  CZ: "Czechia",
  DK: "Denmark",
  EE: "Estonia",
  FI: "Finland",
  FR: "France",
  DE: "Germany",
  GR: "Greece",
  HU: "Hungary",
  IE: "Ireland",
  IT: "Italy",
  LV: "Latvia",
  LT: "Lithuania",
  LU: "Luxembourg",
  MT: "Malta",
  NL: "Netherlands",
  PL: "Poland",
  PT: "Portugal",
  RO: "Romania",
  SK: "Slovakia",
  SI: "Slovenia",
  ES: "Spain",
  SE: "Sweden",
} as const;
export type EuCountry = keyof typeof EU_COUNTRIES;
export const EU_COUNTRY_CODES = Object.keys(EU_COUNTRIES) as EuCountry[];

/** Incoterms 2020. */
export const INCOTERMS = ["EXW", "FCA", "FAS", "FOB", "CFR", "CIF", "CPT", "CIP", "DAP", "DPU", "DDP"] as const;
export type Incoterm = (typeof INCOTERMS)[number];

/** Statuses of a batch that passed warehouse inspection and has not left: the stock an exporter can contract. */
export const ALLOCATABLE_STATUSES = ["warehouse_inspected", "port_inspected"] as const;

/**
 * Do the quantities reconcile if `batchG` more is allocated to an order of `orderG` that already
 * has `allocatedG`? A batch is allocated whole (ADR 022), so the sum may never exceed the order.
 */
export function allocationFits(
  orderG: Grams,
  allocatedG: Grams,
  batchG: Grams,
): { ok: true } | { ok: false; message: string } {
  if (allocatedG + batchG <= orderG) return { ok: true };
  return {
    ok: false,
    message: `Allocating ${formatKg(batchG)} would bring the order to ${formatKg(allocatedG + batchG)}, above its quantity of ${formatKg(orderG)} (${formatKg(Math.max(0, orderG - allocatedG))} left to allocate)`,
  };
}

/** The stage a shipment is at, from its own status and its export permit's. */
export type ShipmentStage =
  | "draft"
  | "permit_requested"
  | "permit_recommended"
  | "permit_issued"
  | "permit_revoked"
  | "exported";
export const STAGE_LABEL: Record<ShipmentStage, string> = {
  draft: "Composed: export permit not requested",
  permit_requested: "Export permit requested",
  permit_recommended: "Permit recommended by DDGOTS",
  permit_issued: "Permit issued: ready to export",
  permit_revoked: "Permit revoked",
  exported: "Exported",
};
export const STAGES = Object.keys(STAGE_LABEL) as ShipmentStage[];

export function shipmentStage(status: string, permitStatus: string | null | undefined): ShipmentStage {
  if (status === "exported") return "exported";
  switch (permitStatus) {
    case "requested":
      return "permit_requested";
    case "recommended":
      return "permit_recommended";
    case "issued":
      return "permit_issued";
    case "revoked":
      return "permit_revoked";
    default:
      return "draft";
  }
}
