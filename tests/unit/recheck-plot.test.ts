import { describe, expect, it } from "vitest";
import { recheckOutcome, recheckPlot, riskReviewReason, withRiskReason } from "#worker/domain/recheck-plot";
import { RULESET_VERSION, verdictIsStale, verdictRulesetVersion } from "#worker/domain/ruleset";

const plot = (geometry: string, declaredCounty: string | null = null) => ({
  geometry,
  geometryType: "Polygon",
  areaHectares: 1,
  crop: "Cocoa",
  declaredCounty,
  farmerId: "FRM000001",
});
const NIMBA =
  '{"type":"Polygon","coordinates":[[[-8.655123,7.241237],[-8.654220,7.241237],[-8.654220,7.242140],[-8.655123,7.242140],[-8.655123,7.241237]]]}';

describe("re-checking a stored plot (ADR 029)", () => {
  it("fails a plot declared in another county than it lies in, with the reason", () => {
    expect(recheckPlot(plot(NIMBA, "Lofa County"))).toEqual({
      passes: false,
      reasons: ["The plot lies in Nimba County, not in Lofa County as declared"],
    });
    expect(recheckPlot(plot(NIMBA, "Nimba County"))).toEqual({ passes: true, reasons: [] });
  });

  it("flags, clears or leaves a plot by its review state before", () => {
    const failing = { passes: false, reasons: ["x"] };
    expect(recheckOutcome({ reviewState: null, reviewReasons: null }, failing)).toBe("flag");
    expect(recheckOutcome({ reviewState: "needs_review", reviewReasons: '["x"]' }, failing)).toBe("unchanged");
    expect(recheckOutcome({ reviewState: "needs_review", reviewReasons: '["y"]' }, failing)).toBe("flag");
    expect(recheckOutcome({ reviewState: "needs_review", reviewReasons: '["x"]' }, { passes: true, reasons: [] })).toBe(
      "clear",
    );
    expect(recheckOutcome({ reviewState: null, reviewReasons: null }, { passes: true, reasons: [] })).toBe("unchanged");
  });

  it("a verdict's version names the rule set and each layer version, in a stable order", () => {
    expect(
      verdictRulesetVersion([
        { kind: "protected_area", name: "Sapo National Park", version: "v2" },
        { kind: "forest_2020", name: "JRC GFC 2020", version: "v1" },
      ]),
    ).toBe(`${RULESET_VERSION};forest_2020:JRC GFC 2020@v1,protected_area:Sapo National Park@v2`);
    expect(verdictRulesetVersion([])).toBe(RULESET_VERSION);
  });

  it("adding, replacing or retiring a layer whose kind and version equal another's changes today's version", () => {
    const sapo = { kind: "protected_area", name: "Sapo National Park", version: "v1" };
    const nimba = { kind: "protected_area", name: "East Nimba Nature Reserve", version: "v1" };
    const forest = { kind: "forest_2020", name: "JRC GFC 2020", version: "v1" };
    const before = verdictRulesetVersion([forest, sapo]);
    // A second protected area, also its layer's first version.
    expect(verdictIsStale(before, verdictRulesetVersion([forest, sapo, nimba]))).toBe(true);
    // One protected area in place of the other.
    expect(verdictIsStale(before, verdictRulesetVersion([forest, nimba]))).toBe(true);
    // The same layers in another order are the same version.
    expect(verdictIsStale(before, verdictRulesetVersion([sapo, forest]))).toBe(false);
  });

  it("a verdict is stale when its risk method or a layer version differs, not for a geometry rule change", () => {
    const today = `${RULESET_VERSION};forest_2020@v1`;
    expect(verdictIsStale(today, today)).toBe(false);
    expect(verdictIsStale(`geometry-2020.01+${today.split("+")[1]}`, today)).toBe(false);
    expect(verdictIsStale("geometry-2026.11+risk-2025.01;forest_2020@v1", today)).toBe(true);
    expect(verdictIsStale(`${RULESET_VERSION};forest_2020@v2`, today)).toBe(true);
    expect(verdictIsStale("legacy", today)).toBe(true);
  });

  it("a risk verdict turned high, or needing more information where it was low, is a review reason", () => {
    const clear = { reviewState: null, reviewReasons: null };
    const high = { verdict: "high" as const, reasons: ["Disturbance after 2020."] };
    const mni = { verdict: "more_information_needed" as const, reasons: ["No layer shows it."] };
    const low = { verdict: "low" as const, reasons: ["Cocoa in 2020."] };
    const turnedHigh = riskReviewReason({ ...clear, verdict: "low" }, high);
    expect(turnedHigh).toBe("The deforestation risk check now finds the plot high risk: Disturbance after 2020.");
    expect(riskReviewReason({ ...clear, verdict: "more_information_needed" }, high)).toBe(turnedHigh);
    expect(riskReviewReason({ ...clear, verdict: "low" }, mni)).toContain("now needs more information");
    // Already high, or already needing information: nothing new to review.
    expect(riskReviewReason({ ...clear, verdict: "high" }, high)).toBeNull();
    expect(riskReviewReason({ ...clear, verdict: "more_information_needed" }, mni)).toBeNull();
    expect(riskReviewReason({ ...clear, verdict: "low" }, low)).toBeNull();
    // Under review for its risk: stays so until low again, even when the verdict is not re-assessed.
    const underReview = { reviewState: "needs_review", reviewReasons: JSON.stringify([turnedHigh]) };
    expect(riskReviewReason({ ...underReview, verdict: "high" }, high)).toBe(turnedHigh);
    expect(riskReviewReason({ ...underReview, verdict: "high" }, null, high.reasons)).toBe(turnedHigh);
    expect(riskReviewReason({ ...underReview, verdict: "high" }, low)).toBeNull();
    expect(withRiskReason({ passes: true, reasons: [] }, turnedHigh)).toEqual({ passes: false, reasons: [turnedHigh] });
    expect(withRiskReason({ passes: false, reasons: ["x"] }, null)).toEqual({ passes: false, reasons: ["x"] });
  });
});
