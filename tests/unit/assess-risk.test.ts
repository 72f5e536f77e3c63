import { describe, expect, it } from "vitest";
import { assessPlotRisk, type ReferenceLayer } from "#worker/domain/assess-risk";
import type { PlotGeometry, Position } from "#worker/domain/validate-geometry";

const sq = (lon: number, lat: number, d: number): Position[] => [
  [lon, lat],
  [lon + d, lat],
  [lon + d, lat + d],
  [lon, lat + d],
  [lon, lat],
];
const PLOT: PlotGeometry = { type: "Polygon", coordinates: [sq(-9.5, 7.0, 0.001)] };
const EXTENT: [number, number, number, number] = [-11.5, 4.3, -7.3, 8.6];
const layer = (kind: ReferenceLayer["kind"], coords: Position[][] | null, name: string = kind): ReferenceLayer => ({
  id: `l-${kind}`,
  name,
  kind,
  version: "2020-v1",
  source: "sample",
  extent: EXTENT,
  features: coords ? [{ type: "Polygon", coordinates: coords }] : [],
});
const COVERING = [sq(-9.6, 6.9, 0.3)];
const QUARTER = [sq(-9.5, 7.0, 0.0005)]; // 25% of the plot

describe("convergence of evidence (docs/eudr-rules.md)", () => {
  it("no layer data → more information needed, never low", () => {
    const r = assessPlotRisk(PLOT, []);
    expect(r.verdict).toBe("more_information_needed");
    expect(r.evidence).toEqual([]);
    const outside = assessPlotRisk(PLOT, [{ ...layer("forest_2020", null), extent: [0, 0, 1, 1] }]);
    expect(outside.verdict).toBe("more_information_needed");
  });

  it("no tree cover at end-2020 → low", () => {
    const r = assessPlotRisk(PLOT, [layer("forest_2020", null)]);
    expect(r.verdict).toBe("low");
    expect(r.evidence[0]).toMatchObject({ kind: "forest_2020", overlapPercent: 0, present: false, version: "2020-v1" });
  });

  it("forest in 2020 and disturbance after 2020 → high, with overlap area and percent", () => {
    const r = assessPlotRisk(PLOT, [
      layer("forest_2020", COVERING),
      layer("disturbance_after_2020", QUARTER, "RADD alerts"),
    ]);
    expect(r.verdict).toBe("high");
    const dist = r.evidence.find((e) => e.kind === "disturbance_after_2020")!;
    expect(dist.overlapPercent).toBeCloseTo(25, 0);
    expect(dist.overlapHectares).toBeGreaterThan(0);
    expect(r.reasons.join(" ")).toContain("RADD alerts");
  });

  it("forest in 2020 but commodity already present in 2020 → low", () => {
    expect(
      assessPlotRisk(PLOT, [
        layer("forest_2020", COVERING),
        layer("commodity_2020", COVERING),
        layer("disturbance_after_2020", QUARTER),
      ]).verdict,
    ).toBe("low");
  });

  it("forest in 2020, disturbed before 2020 → low", () => {
    expect(
      assessPlotRisk(PLOT, [layer("forest_2020", COVERING), layer("disturbance_before_2020", COVERING)]).verdict,
    ).toBe("low");
  });

  it("forest in 2020 and nothing else → more information needed", () => {
    expect(assessPlotRisk(PLOT, [layer("forest_2020", COVERING)]).verdict).toBe("more_information_needed");
  });

  it("below the 10% threshold does not count", () => {
    const tiny = [sq(-9.5, 7.0, 0.0002)]; // 4%
    expect(assessPlotRisk(PLOT, [layer("forest_2020", COVERING), layer("disturbance_after_2020", tiny)]).verdict).toBe(
      "more_information_needed",
    );
  });

  it("a point counts any overlap", () => {
    const point: PlotGeometry = { type: "Point", coordinates: [-9.4995, 7.0005] };
    expect(
      assessPlotRisk(point, [layer("forest_2020", COVERING), layer("disturbance_after_2020", QUARTER)]).verdict,
    ).toBe("high");
  });

  it("a protected area makes it high; a concession sends a low verdict to review", () => {
    expect(assessPlotRisk(PLOT, [layer("forest_2020", null), layer("protected_area", COVERING)]).verdict).toBe("high");
    const c = assessPlotRisk(PLOT, [layer("forest_2020", null), layer("forest_concession", COVERING)]);
    expect(c.verdict).toBe("more_information_needed");
    expect(c.reasons.join(" ")).toContain("forest concession");
  });

  it("is deterministic: the same inputs give the same verdict and evidence", () => {
    const layers = [layer("forest_2020", COVERING), layer("disturbance_after_2020", QUARTER)];
    expect(assessPlotRisk(PLOT, layers)).toEqual(assessPlotRisk(PLOT, layers));
  });
});
