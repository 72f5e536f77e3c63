import { describe, expect, it } from "vitest";
import { recheckOutcome, recheckPlot } from "#worker/domain/recheck-plot";
import { RULESET_VERSION, verdictRulesetVersion } from "#worker/domain/ruleset";

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
        { kind: "protected_area", version: "v2" },
        { kind: "forest_2020", version: "v1" },
      ]),
    ).toBe(`${RULESET_VERSION};forest_2020@v1,protected_area@v2`);
    expect(verdictRulesetVersion([])).toBe(RULESET_VERSION);
  });
});
