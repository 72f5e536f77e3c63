/**
 * Texts of the batch pages and the public trace page, kept in one place.
 * Stage and compliance wording comes from worker/domain (custody.ts, batch-compliance.ts).
 */
export const BATCH_TITLES = {
  list: "Batches",
  details: "Batch",
  purchase: "Record a purchase",
  trace: "Batch trace",
} as const;

export const RISK_WORDS: Record<string, string> = {
  low: "Low risk",
  high: "High risk",
  more_information_needed: "More information needed",
};

export const PLACE_HINT =
  "Town, market or facility — never a person's name (this place is shown on the public trace page).";

export const TRACE_TEXT = {
  intro:
    "This page traces a batch of produce from Liberian farms to export. It shows no farmer's name, ID or exact plot.",
  notFoundTitle: "Unknown batch code",
  notFound: (code: string) =>
    `No batch with the code ${code} is registered. Check the code printed under the QR label; codes look like LR-COC-2026-000123.`,
  mapNote:
    "Origins are shown as squares of about 11 km (0.1°), with the number of plots in each. Exact plot locations are never published.",
} as const;

/** Short compliance words for filters, lists and badges. */
export const COMPLIANCE_SHORT: Record<string, string> = {
  pending: "Awaiting confirmation",
  compliant: "EUDR-compliant",
  held_for_review: "Held for review",
  non_compliant: "Not compliant",
};

export const COMPLIANCE_BADGE: Record<string, string> = {
  pending: "bg-slate-100 text-slate-800",
  compliant: "bg-green-100 text-green-900",
  held_for_review: "bg-amber-100 text-amber-900",
  non_compliant: "bg-red-100 text-red-900",
};
