/** Report data with round, known figures (report-render.test.ts): what report-data.ts would gather. */
import { COUNTIES } from "#worker/content/counties";
import { monthsBetween, type ReportData } from "#worker/domain/reports/report-content";

const zero = { count: 0, weightKg: 0 };
const month = (m: string, purchasedKg: number | null, exportedKg: number) => ({ month: m, purchasedKg, exportedKg });

/** A national report for Q1 2026 with round numbers (what report-data.ts would gather). */
export function nationalData(): ReportData {
  return {
    format: 1,
    kind: "national",
    params: { from: "2026-01-01", to: "2026-03-31" },
    scope: "Liberia",
    registry: {
      farmersRegistered: 4,
      farmersByEnd: 5,
      plots: { count: 8, hectares: 17.5 },
      byValidation: { valid: { count: 7, hectares: 17 }, invalid: { count: 1, hectares: 0.5 } },
      byRisk: {
        low: { count: 4, hectares: 8 },
        more_information_needed: { count: 2, hectares: 4 },
        high: { count: 1, hectares: 1.25 },
        not_assessed: { count: 1, hectares: 4.25 },
      },
    },
    batches: {
      count: 4,
      weightKg: 2600,
      byCompliance: {
        compliant: { count: 2, weightKg: 1300 },
        pending: { count: 1, weightKg: 650 },
        held_for_review: { count: 1, weightKg: 650 },
        non_compliant: zero,
      },
    },
    purchases: { count: 3, weightKg: 2400 },
    exports: {
      count: 2,
      weightKg: 1300,
      exporters: 2,
      byCompliance: {
        compliant: { count: 2, weightKg: 1300 },
        pending: zero,
        held_for_review: zero,
        non_compliant: zero,
      },
    },
    // As published (report-suppression.ts): Bong's single farmer withheld, its figures zeroed.
    byCounty: COUNTIES.map((county) => ({
      ...(county === "Bong County" ? { mark: "small" as const } : {}),
      county,
      farmers: county === "Nimba County" ? 3 : 0,
      plots: county === "Nimba County" ? 6 : 0,
      hectares: county === "Nimba County" ? 13 : 0,
      lowRiskPlots: county === "Nimba County" ? 4 : 0,
      highRiskPlots: county === "Nimba County" ? 1 : 0,
      purchasedKg: county === "Nimba County" ? 1800 : 0,
      exportedKg: county === "Nimba County" ? 1000 : 0,
    })),
    byCommodity: [
      { commodity: "Cocoa", plots: 5, hectares: 11, batches: 3, weightKg: 2000, compliantKg: 1000, exportedKg: 1000 },
      { commodity: "Coffee", plots: 3, hectares: 6.5, batches: 1, weightKg: 600, compliantKg: 300, exportedKg: 300 },
    ],
    byExporter: [],
    monthly: [month("2026-01", 1200, 0), month("2026-02", 800, 1000), month("2026-03", 400, 300)],
  };
}

/** A by-exporter report over five years with `n` exporters whose names are long. */
export function exporterData(n: number): ReportData {
  const months = monthsBetween("2021-04-01", "2026-03-31");
  return {
    format: 1,
    kind: "exporter",
    params: { from: "2021-04-01", to: "2026-03-31" },
    scope: "All licensed exporters",
    registry: null,
    batches: null,
    purchases: null,
    exports: {
      count: n * 3,
      weightKg: n * 3000,
      exporters: n,
      byCompliance: {
        compliant: { count: n * 3, weightKg: n * 3000 },
        pending: zero,
        held_for_review: zero,
        non_compliant: zero,
      },
    },
    byCounty: [],
    byCommodity: [
      { commodity: "Cocoa", plots: 0, hectares: 0, batches: 0, weightKg: 0, compliantKg: 0, exportedKg: n * 3000 },
    ],
    byExporter: Array.from({ length: n }, (_, i) => ({
      name: `Exporter Number ${String(i + 1).padStart(3, "0")} Agricultural Commodities Trading and Shipping Company of Greater Monrovia Ltd.`,
      exports: 3,
      exportedKg: 3000,
      compliantKg: 3000,
      commodities: 1,
    })),
    monthly: months.map((m, i) => month(m, null, (i % 7) * 1000)),
  };
}
