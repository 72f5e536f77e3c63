/**
 * Warehouse and port inspections, pure rules: the measurements an inspector types,
 * how they are stored (integers in stated units), the grade they give (grading.ts, on the server
 * only) and what is holding a batch back from export. No I/O.
 */
import { type GradeResult, gradeFromMeasurements, type QualityMeasurements } from "./certificates/grading";

/** The commodities the grading rules know: only these are graded at the warehouse. */
export const GRADED_COMMODITIES = ["Cocoa", "Coffee"] as const;
export type GradedCommodity = (typeof GRADED_COMMODITIES)[number];
export const isGraded = (c: string): c is GradedCommodity => (GRADED_COMMODITIES as readonly string[]).includes(c);

/** What the inspector typed: percentages with one decimal, counts as whole numbers. */
export type MeasurementInput = {
  moisturePercent?: number;
  beanCountPer100g?: number;
  mouldyPercent?: number;
  slatyPercent?: number;
  defectivePercent?: number;
  foreignMatterPercent?: number;
  smokyBeans?: "yes" | "no";
  defectsPer300g?: number;
};

/** The fields each commodity needs, in form order (the field names of MeasurementInput). */
export const REQUIRED_FIELDS: Record<GradedCommodity, (keyof MeasurementInput)[]> = {
  Cocoa: [
    "moisturePercent",
    "beanCountPer100g",
    "mouldyPercent",
    "slatyPercent",
    "defectivePercent",
    "foreignMatterPercent",
    "smokyBeans",
  ],
  Coffee: ["moisturePercent", "defectsPer300g", "foreignMatterPercent"],
};

export const MEASUREMENT_REQUIRED: Record<keyof MeasurementInput, string> = {
  moisturePercent: "Enter the moisture in %, like 7.2",
  beanCountPer100g: "Enter the bean count per 100 g, a whole number like 98",
  mouldyPercent: "Enter the mouldy beans of the cut test in %, like 1.5",
  slatyPercent: "Enter the slaty beans of the cut test in %, like 2",
  defectivePercent: "Enter the insect-damaged, germinated or flat beans in %, like 1",
  foreignMatterPercent: "Enter the foreign matter in %, 0 if none",
  smokyBeans: "Say whether smoky beans were found",
  defectsPer300g: "Enter the defects counted in the 300 g sample, a whole number like 40",
};

/** A measurement typed as a number (every one but smoky beans, a yes or no). */
export type MeasuredNumber = Exclude<keyof MeasurementInput, "smokyBeans">;

/** The measurements the batch page's correction form offers for `commodity`, in form order: its numbers. */
export function measurementsToCorrect(commodity: string): MeasuredNumber[] {
  if (!isGraded(commodity)) return [];
  return REQUIRED_FIELDS[commodity].filter((f): f is MeasuredNumber => f !== "smokyBeans");
}

/** Tenths of a percent: the stored unit of every percentage (72 = 7.2 %). */
export const toTenths = (percent: number) => Math.round(percent * 10);
export const fromTenths = (tenths: number) => tenths / 10;

/** Stored columns of a batch_inspections row (see db/schema/inspections.ts for the units). */
export type StoredMeasurements = {
  commodity: string;
  moistureTenthPct: number;
  beanCountPer100g: number | null;
  mouldyTenthPct: number | null;
  slatyTenthPct: number | null;
  defectiveTenthPct: number | null;
  foreignMatterTenthPct: number;
  smokyBeans: boolean | null;
  defectsPer300g: number | null;
};

/** Stored measurements back in the units the inspector types (null where none was recorded). */
export function typedMeasurements(stored: Omit<StoredMeasurements, "commodity" | "smokyBeans">) {
  const tenths = (v: number | null) => (v === null ? null : fromTenths(v));
  return {
    moisturePercent: fromTenths(stored.moistureTenthPct),
    beanCountPer100g: stored.beanCountPer100g,
    mouldyPercent: tenths(stored.mouldyTenthPct),
    slatyPercent: tenths(stored.slatyTenthPct),
    defectivePercent: tenths(stored.defectiveTenthPct),
    foreignMatterPercent: fromTenths(stored.foreignMatterTenthPct),
    defectsPer300g: stored.defectsPer300g,
  } satisfies Record<MeasuredNumber, number | null>;
}

/**
 * The typed measurements for `commodity` as stored integers, or the message of each missing
 * field (by field name).
 */
export function storedMeasurements(
  commodity: GradedCommodity,
  input: MeasurementInput,
): { ok: true; value: StoredMeasurements } | { ok: false; errors: Record<string, string[]> } {
  const missing = REQUIRED_FIELDS[commodity].filter((f) => input[f] === undefined);
  if (missing.length)
    return { ok: false, errors: Object.fromEntries(missing.map((f) => [f, [MEASUREMENT_REQUIRED[f]]])) };
  const cocoa = commodity === "Cocoa";
  return {
    ok: true,
    value: {
      commodity,
      moistureTenthPct: toTenths(input.moisturePercent!),
      beanCountPer100g: cocoa ? Math.round(input.beanCountPer100g!) : null,
      mouldyTenthPct: cocoa ? toTenths(input.mouldyPercent!) : null,
      slatyTenthPct: cocoa ? toTenths(input.slatyPercent!) : null,
      defectiveTenthPct: cocoa ? toTenths(input.defectivePercent!) : null,
      foreignMatterTenthPct: toTenths(input.foreignMatterPercent!),
      smokyBeans: cocoa ? input.smokyBeans === "yes" : null,
      defectsPer300g: cocoa ? null : Math.round(input.defectsPer300g!),
    },
  };
}

/** The grading input (grading.ts) of stored measurements. */
export function measurementsOf(m: StoredMeasurements): QualityMeasurements {
  if (m.commodity === "Coffee") {
    return {
      commodity: "Coffee",
      moisturePercent: fromTenths(m.moistureTenthPct),
      defectsPer300g: m.defectsPer300g ?? Number.NaN,
      foreignMatterPercent: fromTenths(m.foreignMatterTenthPct),
    };
  }
  return {
    commodity: "Cocoa",
    moisturePercent: fromTenths(m.moistureTenthPct),
    beanCountPer100g: m.beanCountPer100g ?? Number.NaN,
    mouldyPercent: fromTenths(m.mouldyTenthPct ?? Number.NaN),
    slatyPercent: fromTenths(m.slatyTenthPct ?? Number.NaN),
    defectivePercent: fromTenths(m.defectiveTenthPct ?? Number.NaN),
    foreignMatterPercent: fromTenths(m.foreignMatterTenthPct),
    smokyBeans: m.smokyBeans ?? true,
  };
}

export type InspectionVerdict = GradeResult & {
  passed: boolean;
  /** "Grade F — set by Moisture: 9.0 %" (the deciding criteria in plain words). */
  decidedBy: string;
};

/**
 * The server's grade of stored measurements. Grade F fails the inspection (grading.ts: "rejected:
 * not fit for export"); D passes but must be reconditioned, which the grade's meaning says.
 */
export function inspectionVerdict(m: StoredMeasurements): InspectionVerdict {
  const result = gradeFromMeasurements(measurementsOf(m));
  return {
    ...result,
    passed: result.grade !== "F",
    decidedBy: result.limitingCriteria.length
      ? `Grade ${result.grade} — set by ${result.limitingCriteria.join("; ")}`
      : `Grade ${result.grade} — every criterion in the premium band`,
  };
}

export const DISPOSITIONS = ["returned_to_buyer", "destroyed"] as const;
export type Disposition = (typeof DISPOSITIONS)[number];
export const DISPOSITION_LABEL: Record<Disposition, string> = {
  returned_to_buyer: "Returned to the buyer",
  destroyed: "Destroyed",
};

// ── What is holding a batch back from export ─────────────────────────────────────────────

export type Blocker = { code: string; message: string };

export type BlockerInput = {
  status: string;
  complianceStatus: string;
  complianceReason: string | null;
  ddsReference: string | null;
  /** The latest port inspection's outcome, if any. */
  portOutcome: string | null;
  portRefusalReason: string | null;
  /** Certificate types whose newest paper has expired. */
  expiredCertificates: string[];
  /** The shipment the batch ships in and why its export permit is not valid (null: valid); absent when in no shipment. */
  permit?: { shipmentCode: string; problem: string | null } | null;
};

/**
 * A batch in a shipment is exported only under the shipment's valid export permit (the
 * custody step checks the same, worker/services/licensing/permit-check.ts). A batch in no shipment
 * needs none yet.
 */
export function missingPermitBlockers(batch: BlockerInput): Blocker[] {
  if (!batch.permit?.problem || batch.status === "exported") return [];
  return [{ code: "permit_missing", message: `Shipment ${batch.permit.shipmentCode}: ${batch.permit.problem}` }];
}

/** Every reason the batch cannot be exported yet, in the order a port inspector resolves them. */
export function exportBlockers(b: BlockerInput): Blocker[] {
  const out: Blocker[] = [];
  if (b.status === "rejected") out.push({ code: "rejected", message: "Rejected at warehouse inspection" });
  else if (!["warehouse_inspected", "port_inspected", "exported"].includes(b.status))
    out.push({ code: "not_inspected", message: "Not inspected at the warehouse yet" });
  if (b.portOutcome === "refused")
    out.push({ code: "port_refused", message: `Held at port inspection: ${b.portRefusalReason ?? "refused"}` });
  else if (b.status === "warehouse_inspected") out.push({ code: "port_pending", message: "Awaiting port inspection" });
  if (b.complianceStatus === "held_for_review")
    out.push({
      code: "eudr_held",
      message: `EUDR status held for review${b.complianceReason ? `: ${b.complianceReason}` : ""}`,
    });
  else if (b.complianceStatus === "non_compliant")
    out.push({
      code: "eudr_non_compliant",
      message: `Not EUDR-compliant${b.complianceReason ? `: ${b.complianceReason}` : ""}`,
    });
  else if (b.complianceStatus !== "compliant")
    out.push({ code: "eudr_pending", message: "Not yet marked EUDR-compliant" });
  for (const type of b.expiredCertificates)
    out.push({ code: "certificate_expired", message: `The ${type} certificate has expired` });
  if (!b.ddsReference) out.push({ code: "dds_missing", message: "No DDS reference recorded" });
  out.push(...missingPermitBlockers(b));
  return out;
}
