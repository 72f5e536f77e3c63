/**
 * Today's geometry rules applied to a plot as it is stored (ADR 029): the same
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

/** How a review reason from the risk verdict begins (what tells it from a geometry reason). */
export const RISK_REVIEW_PREFIX = "The deforestation risk check";

export type RiskVerdict = "low" | "high" | "more_information_needed";

/**
 * The risk part of a re-check (ADR 029): the review reason a plot's risk verdict gives, or null.
 * A verdict that turns high, or needs more information where it was low, puts the plot under
 * review like a geometry failure; a plot already under review for its risk stays so until its
 * verdict is low again. A verdict that was high (or more information needed) before, and is no
 * worse now, puts nothing new under review: it was already treated as such.
 * `after` is the re-assessed verdict, or null when the stored verdict is still current.
 */
export function riskReviewReason(
  before: { verdict: string | null; reviewState: string | null; reviewReasons: string | null },
  after: { verdict: RiskVerdict; reasons: string[] } | null,
  storedReasons: string[] = [],
): string | null {
  const now = after?.verdict ?? before.verdict;
  if (!now || now === "low") return null;
  const riskReview = before.reviewState === "needs_review" && (before.reviewReasons ?? "").includes(RISK_REVIEW_PREFIX);
  const concern = now === "high" ? before.verdict !== "high" || riskReview : before.verdict === "low" || riskReview;
  if (!concern) return null;
  const why = (after?.reasons ?? storedReasons).join(" ");
  return now === "high"
    ? `${RISK_REVIEW_PREFIX} now finds the plot high risk: ${why}`
    : `${RISK_REVIEW_PREFIX} now needs more information before the plot can be low risk: ${why}`;
}

/** The geometry verdict and the risk reason together: a plot passes only when both do. */
export function withRiskReason(geometry: RecheckVerdict, riskReason: string | null): RecheckVerdict {
  return riskReason ? { passes: false, reasons: [...geometry.reasons, riskReason] } : geometry;
}
