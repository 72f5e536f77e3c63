/**
 * Today's geometry rules applied to a plot as it is stored (issue 17, ADR 029): the same
 * validation a new plot passes (on the stored text, decimals as written), with the county it was declared in, its crop, and
 * for a point its stored area. Pure. Double claims are not re-judged here: they depend on the
 * other plots and are judged when a plot is registered or edited.
 */
import { validatePlotText } from "./validate-geometry";

export type StoredPlot = {
  geometry: string;
  geometryType: string;
  areaHectares: number;
  crop: string | null;
  declaredCounty: string | null;
  farmerId: string;
};

export type RecheckVerdict = { passes: boolean; reasons: string[] };

export function recheckPlot(plot: StoredPlot): RecheckVerdict {
  const point = plot.geometryType === "Point" || plot.geometryType === "MultiPoint";
  // The stored text, decimals as written: it is what the registry exports.
  const result = validatePlotText(plot.geometry, {
    crop: plot.crop ?? undefined,
    county: plot.declaredCounty ?? undefined,
    farmerId: plot.farmerId,
    declaredAreaHectares: point ? plot.areaHectares : undefined,
  });
  return { passes: result.valid, reasons: result.errors.map((e) => e.message) };
}

/** What a re-check does to a plot, given its review state before. */
export type RecheckOutcome = "flag" | "clear" | "unchanged";

export function recheckOutcome(
  before: { reviewState: string | null; reviewReasons: string | null },
  verdict: RecheckVerdict,
): RecheckOutcome {
  const underReview = before.reviewState === "needs_review";
  if (verdict.passes) return underReview ? "clear" : "unchanged";
  if (underReview && before.reviewReasons === JSON.stringify(verdict.reasons)) return "unchanged";
  return "flag";
}
