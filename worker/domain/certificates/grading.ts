/**
 * The platform's A+ to F quality scale (docs/product.md §9) computed from measured criteria, for cocoa and
 * coffee. Trade grades remain what buyers use (cocoa Grade I / Grade II by cut test); this scale
 * is the platform's own, so every grade must show the measurements and limits behind it.
 *
 * How a grade is reached: each criterion has ordered bands (upper limit → best grade it allows);
 * the overall grade is the WORST grade of any criterion, because one failing criterion (wet or
 * smoky beans) spoils a lot however good the rest is.
 *
 * Meaning of the grades (see docs/decisions, "certificate documents"):
 * - A+  premium: every criterion well inside the limits;
 * - A   meets LACRA's stated export criteria and the Grade I cut-test limits;
 * - B   still Grade I by cut test, with a minor deviation (bean size within the 10% tolerance);
 * - C   Grade II by cut test, or a trace of foreign matter (needs cleaning);
 * - D   sub-standard: exceeds a LACRA or Grade II limit but can be reconditioned (re-drying,
 *       re-sorting, cleaning) before export;
 * - F   rejected: smoky beans, or far outside a limit.
 *
 * Sources: LACRA's stated cocoa criteria (moisture ≤ 7.5%, size tolerance 10%, no foreign
 * matter, no smoky beans — docs/eudr-rules.md); cocoa cut-test limits of the usual contract grades
 * (Grade I: ≤ 3% mouldy, ≤ 3% slaty, ≤ 3% insect-damaged/germinated/flat; Grade II: ≤ 4%,
 * ≤ 8%, ≤ 6%); coffee: ICO export minimum for Robusta (≤ 150 defects per 300 g sample,
 * moisture 8–12.5%).
 */
import type { QualityGrade } from "../commodities";

export type CocoaMeasurements = {
  commodity: "Cocoa";
  /** Moisture content of the beans, % (oven or calibrated meter). */
  moisturePercent: number;
  /** Whole beans in 100 g: the size criterion (100 is the standard; tolerance 10%). */
  beanCountPer100g: number;
  /** Cut test (300 beans): mouldy beans, %. */
  mouldyPercent: number;
  /** Cut test: slaty (unfermented) beans, %. */
  slatyPercent: number;
  /** Cut test: insect-damaged, germinated or flat beans, %. */
  defectivePercent: number;
  /** Foreign matter by weight, %. */
  foreignMatterPercent: number;
  /** Smoky smell or taste found in the sample. */
  smokyBeans: boolean;
};

export type CoffeeMeasurements = {
  commodity: "Coffee";
  moisturePercent: number;
  /** Defects counted in a 300 g sample (ICO method: black, broken, insect-damaged … beans). */
  defectsPer300g: number;
  foreignMatterPercent: number;
};

export type QualityMeasurements = CocoaMeasurements | CoffeeMeasurements;

export type CriterionResult = {
  key: string;
  /** Plain words, e.g. "Moisture". */
  name: string;
  value: number | boolean;
  /** "12.0 %", "98 beans", "none found". */
  measured: string;
  /** The reference limit, e.g. "≤ 7.5 % (LACRA)". */
  limit: string;
  /** The best grade this criterion allows. */
  grade: QualityGrade;
  /** Whether the reference limit is met. */
  withinLimit: boolean;
};

export type GradeResult = {
  grade: QualityGrade;
  /** What the grade means in trade terms. */
  meaning: string;
  criteria: CriterionResult[];
  /** The criteria that set the grade (the worst ones), in plain words. */
  limitingCriteria: string[];
};

type Band = { max: number; grade: QualityGrade };

/** Ordered bands: the first band whose upper limit the value does not exceed gives the grade. */
export const COCOA_BANDS = {
  moisturePercent: [
    { max: 7.0, grade: "A+" },
    { max: 7.5, grade: "A" },
    { max: 8.5, grade: "D" },
  ],
  beanCountPer100g: [
    { max: 95, grade: "A+" },
    { max: 100, grade: "A" },
    { max: 110, grade: "B" },
    { max: 120, grade: "C" },
    { max: 130, grade: "D" },
  ],
  mouldyPercent: [
    { max: 1, grade: "A+" },
    { max: 2, grade: "A" },
    { max: 3, grade: "B" },
    { max: 4, grade: "C" },
    { max: 6, grade: "D" },
  ],
  slatyPercent: [
    { max: 1, grade: "A+" },
    { max: 2, grade: "A" },
    { max: 3, grade: "B" },
    { max: 8, grade: "C" },
    { max: 12, grade: "D" },
  ],
  defectivePercent: [
    { max: 1, grade: "A+" },
    { max: 2, grade: "A" },
    { max: 3, grade: "B" },
    { max: 6, grade: "C" },
    { max: 10, grade: "D" },
  ],
  foreignMatterPercent: [
    { max: 0, grade: "A+" },
    { max: 0.5, grade: "C" },
    { max: 1, grade: "D" },
  ],
} as const satisfies Record<string, Band[]>;

export const COFFEE_BANDS = {
  moisturePercent: [
    { max: 11, grade: "A+" },
    { max: 12.5, grade: "A" },
    { max: 13.5, grade: "D" },
  ],
  defectsPer300g: [
    { max: 25, grade: "A+" },
    { max: 50, grade: "A" },
    { max: 90, grade: "B" },
    { max: 150, grade: "C" },
    { max: 200, grade: "D" },
  ],
  foreignMatterPercent: [
    { max: 0, grade: "A+" },
    { max: 0.5, grade: "C" },
    { max: 1, grade: "D" },
  ],
} as const satisfies Record<string, Band[]>;

const ORDER = ["A+", "A", "B", "C", "D", "F"] as const satisfies readonly QualityGrade[];

/** Plain meaning of each grade on a certificate. */
export const GRADE_MEANING: Record<QualityGrade, string> = {
  "A+": "Premium: every criterion well inside the limits",
  A: "Meets LACRA's export criteria and Grade I cut-test limits",
  B: "Grade I with a minor deviation (within tolerance)",
  C: "Grade II, or needs cleaning before export",
  D: "Sub-standard: recondition (re-dry, re-sort, clean) before export",
  F: "Rejected: not fit for export",
};

function bandGrade(value: number, bands: readonly Band[]): QualityGrade {
  if (!Number.isFinite(value) || value < 0) return "F";
  return bands.find((b) => value <= b.max)?.grade ?? "F";
}

const pct = (n: number) => `${n.toFixed(1)} %`;

/**
 * The A+..F grade of a sample from its measurements: each criterion graded by its bands
 * (COCOA_BANDS / COFFEE_BANDS), the overall grade is the worst of them. A negative or
 * non-numeric measurement grades F: a certificate must never show a grade it cannot justify.
 */
export function gradeFromMeasurements(m: QualityMeasurements): GradeResult {
  const criteria: CriterionResult[] = [];
  const add = (
    key: string,
    name: string,
    value: number,
    measured: string,
    limit: string,
    limitMax: number,
    bands: readonly Band[],
  ) =>
    criteria.push({
      key,
      name,
      value,
      measured,
      limit,
      grade: bandGrade(value, bands),
      withinLimit: Number.isFinite(value) && value >= 0 && value <= limitMax,
    });

  if (m.commodity === "Cocoa") {
    add(
      "moisturePercent",
      "Moisture",
      m.moisturePercent,
      pct(m.moisturePercent),
      "≤ 7.5 % (LACRA)",
      7.5,
      COCOA_BANDS.moisturePercent,
    );
    add(
      "beanCountPer100g",
      "Bean count per 100 g",
      m.beanCountPer100g,
      `${Math.round(m.beanCountPer100g)} beans`,
      "≤ 110 (100 + 10 % size tolerance, LACRA)",
      110,
      COCOA_BANDS.beanCountPer100g,
    );
    add(
      "mouldyPercent",
      "Mouldy beans (cut test)",
      m.mouldyPercent,
      pct(m.mouldyPercent),
      "≤ 3 % Grade I; ≤ 4 % Grade II",
      4,
      COCOA_BANDS.mouldyPercent,
    );
    add(
      "slatyPercent",
      "Slaty beans (cut test)",
      m.slatyPercent,
      pct(m.slatyPercent),
      "≤ 3 % Grade I; ≤ 8 % Grade II",
      8,
      COCOA_BANDS.slatyPercent,
    );
    add(
      "defectivePercent",
      "Insect-damaged, germinated or flat beans",
      m.defectivePercent,
      pct(m.defectivePercent),
      "≤ 3 % Grade I; ≤ 6 % Grade II",
      6,
      COCOA_BANDS.defectivePercent,
    );
    add(
      "foreignMatterPercent",
      "Foreign matter",
      m.foreignMatterPercent,
      pct(m.foreignMatterPercent),
      "none (LACRA)",
      0,
      COCOA_BANDS.foreignMatterPercent,
    );
    criteria.push({
      key: "smokyBeans",
      name: "Smoky beans",
      value: m.smokyBeans,
      measured: m.smokyBeans ? "found" : "none found",
      limit: "none (LACRA)",
      grade: m.smokyBeans ? "F" : "A+",
      withinLimit: !m.smokyBeans,
    });
  } else {
    add(
      "moisturePercent",
      "Moisture",
      m.moisturePercent,
      pct(m.moisturePercent),
      "≤ 12.5 % (ICO)",
      12.5,
      COFFEE_BANDS.moisturePercent,
    );
    add(
      "defectsPer300g",
      "Defects per 300 g sample",
      m.defectsPer300g,
      `${Math.round(m.defectsPer300g)} defects`,
      "≤ 150 (ICO export minimum, Robusta)",
      150,
      COFFEE_BANDS.defectsPer300g,
    );
    add(
      "foreignMatterPercent",
      "Foreign matter",
      m.foreignMatterPercent,
      pct(m.foreignMatterPercent),
      "none",
      0,
      COFFEE_BANDS.foreignMatterPercent,
    );
  }

  const worst = Math.max(...criteria.map((c) => ORDER.indexOf(c.grade as (typeof ORDER)[number])));
  const grade = ORDER[worst]!;
  return {
    grade,
    meaning: GRADE_MEANING[grade],
    criteria,
    limitingCriteria:
      grade === "A+" ? [] : criteria.filter((c) => c.grade === grade).map((c) => `${c.name}: ${c.measured}`),
  };
}

/** What a platform grade means in the trade's own terms (cocoa cut-test grades; ICO minimum for coffee). */
export function tradeGradeOf(grade: QualityGrade, commodity: QualityMeasurements["commodity"]): string {
  if (grade === "F") return "Rejected";
  if (grade === "D") return "Sub-standard (recondition before export)";
  if (commodity === "Coffee") return "Meets the ICO export minimum";
  return grade === "C" ? "Grade II" : "Grade I";
}
