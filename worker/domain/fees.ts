/**
 * The fee schedule: what issuing a licence or an export permit bills its holder.
 * CONFIGURATION, not law: the amounts below are stated placeholders for the demo and the tests,
 * not LACRA's gazetted fees. Change them here (one place; every invoice stores the amount it was
 * raised with, so a change never alters an invoice already issued). ADR 021.
 */
import type { Currency, Money } from "./money";

export const FEE_TYPES = [
  "exporter_licence",
  "buyer_licence",
  "export_permit",
  "warehouse_inspection",
  "port_inspection",
] as const;
export type FeeType = (typeof FEE_TYPES)[number];

export const FEE_TYPE_LABEL: Record<FeeType, string> = {
  exporter_licence: "Exporter licence fee",
  buyer_licence: "Buyer licence fee",
  export_permit: "Export permit fee",
  warehouse_inspection: "Warehouse inspection fee",
  port_inspection: "Port inspection fee",
};

/** Amount per fee type, in minor units with its currency (worker/domain/money.ts). */
export const FEE_SCHEDULE: Record<FeeType, Money> = {
  exporter_licence: { amountMinor: 50_000, currency: "USD" satisfies Currency },
  buyer_licence: { amountMinor: 15_000, currency: "USD" },
  export_permit: { amountMinor: 10_000, currency: "USD" },
  // Inspection fees: raised when an exporter's inspection request is done. Stated
  // placeholders like the rest of this schedule: USD 75.00 at a warehouse, USD 120.00 at the port.
  warehouse_inspection: { amountMinor: 7_500, currency: "USD" },
  port_inspection: { amountMinor: 12_000, currency: "USD" },
};

/** Days between an invoice's issue and its due date. */
export const PAYMENT_TERMS_DAYS = 30;

export const INVOICE_STATUSES = ["billed", "paid", "cancelled"] as const;
/** The fee a licence of this type raises on issue. */
export const licenceFeeType = (type: "exporter" | "buyer"): FeeType =>
  type === "exporter" ? "exporter_licence" : "buyer_licence";

/** The due date (YYYY-MM-DD) of an invoice issued on `issuedOn`. */
export function dueOn(issuedOn: string, days = PAYMENT_TERMS_DAYS): string {
  const d = new Date(`${issuedOn}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The fee an inspection request of this kind raises when it is done. */
export const inspectionFeeType = (kind: "warehouse" | "port"): FeeType =>
  kind === "warehouse" ? "warehouse_inspection" : "port_inspection";
