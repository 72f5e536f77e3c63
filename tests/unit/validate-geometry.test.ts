import { describe, expect, it } from "vitest";
import { type Position, validatePlotGeometry } from "#worker/domain/validate-geometry";

/** A ~1 ha square near Gbarnga, Bong County (100 m × 100 m), with 6+ decimals. */
const LON = -9.472311;
const LAT = 6.995412;
const D = 0.000903; // ≈ 100 m at this latitude
const square = (lon = LON, lat = LAT, d = D): Position[] => [
  [lon, lat],
  [+(lon + d).toFixed(6), lat],
  [+(lon + d).toFixed(6), +(lat + d).toFixed(6)],
  [lon, +(lat + d).toFixed(6)],
  [lon, lat],
];
const poly = (ring: Position[], ...holes: Position[][]) => ({ type: "Polygon", coordinates: [ring, ...holes] });
const rules = (r: { errors: { rule: string }[] }) => r.errors.map((e) => e.rule);

describe("EU information system rules", () => {
  it("accepts a valid polygon and computes its area in hectares", () => {
    const r = validatePlotGeometry(
      { type: "Feature", properties: {}, geometry: poly(square()) },
      { crop: "cocoa", county: "Bong County" },
    );
    expect(r.errors).toEqual([]);
    expect(r.valid).toBe(true);
    expect(r.areaHectares).toBeGreaterThan(0.95);
    expect(r.areaHectares).toBeLessThan(1.05);
  });

  it("rejects LineStrings", () => {
    const r = validatePlotGeometry({ type: "LineString", coordinates: square().slice(0, 3) });
    expect(rules(r)).toEqual(["no-linestring"]);
  });

  it("rejects [lat, lon] order", () => {
    const swapped = square().map(([a, b]) => [b, a] as Position);
    expect(rules(validatePlotGeometry(poly(swapped)))).toContain("axis-order");
  });

  it("rejects coordinates outside WGS84 and outside Liberia", () => {
    expect(rules(validatePlotGeometry({ type: "Point", coordinates: [-190.123456, 6.123456] }))).toContain(
      "wgs84-range",
    );
    expect(rules(validatePlotGeometry({ type: "Point", coordinates: [2.352222, 48.856613] }))).toContain(
      "outside-liberia",
    );
  });

  it("needs at least 6 decimals", () => {
    expect(rules(validatePlotGeometry({ type: "Point", coordinates: [-9.47, 6.99] }))).toContain("precision");
  });

  it("needs closed rings of at least 4 positions", () => {
    const open = square().slice(0, 4);
    expect(rules(validatePlotGeometry(poly(open)))).toContain("ring-closed");
    const tiny = [square()[0]!, square()[1]!, square()[0]!];
    expect(rules(validatePlotGeometry(poly(tiny)))).toContain("ring-min-positions");
  });

  it("rejects holes", () => {
    const hole = square(LON + 0.0003, LAT + 0.0003, 0.0002);
    expect(rules(validatePlotGeometry(poly(square(), hole)))).toContain("no-holes");
  });

  it("rejects a self-intersecting (bow-tie) boundary", () => {
    const s = square();
    const bowtie = [s[0]!, s[2]!, s[1]!, s[3]!, s[0]!];
    expect(rules(validatePlotGeometry(poly(bowtie)))).toContain("self-intersection");
  });

  it("rejects vertices that become duplicates after rounding to 6 decimals", () => {
    const s = square();
    const dup: Position[] = [s[0]!, [s[0]![0] + 0.0000001, s[0]![1] + 0.0000001], s[1]!, s[2]!, s[3]!, s[0]!];
    expect(rules(validatePlotGeometry(poly(dup)))).toContain("duplicate-vertices");
  });

  it("allows a point only up to 4 ha", () => {
    const pt = { type: "Point", coordinates: [LON, LAT] };
    expect(validatePlotGeometry(pt, { declaredAreaHectares: 3.5 }).valid).toBe(true);
    expect(rules(validatePlotGeometry(pt, { declaredAreaHectares: 4.5 }))).toContain("point-over-4ha");
    expect(rules(validatePlotGeometry({ type: "Feature", properties: { Area: 6 }, geometry: pt }))).toContain(
      "point-over-4ha",
    );
    expect(validatePlotGeometry(pt).areaHectares).toBe(4);
  });

  it("rejects a point given as an array of arrays", () => {
    expect(rules(validatePlotGeometry({ type: "Point", coordinates: [[LON, LAT]] }))).toEqual(["coordinates"]);
  });

  it("rejects a plot smaller than 0.0001 ha", () => {
    expect(rules(validatePlotGeometry(poly(square(LON, LAT, 0.000005))))).toContain("min-area");
  });
});

describe("quality checks", () => {
  it("warns of a spike", () => {
    const s = square();
    const spiky: Position[] = [
      s[0]!,
      s[1]!,
      [+(s[1]![0] + 0.01).toFixed(6), +(s[1]![1] + 0.00001).toFixed(6)],
      [s[1]![0], +(s[1]![1] + 0.00002).toFixed(6)],
      s[2]!,
      s[3]!,
      s[0]!,
    ];
    expect(validatePlotGeometry(poly(spiky)).warnings.map((w) => w.rule)).toContain("spike");
  });

  it("warns of an implausibly large plot for the crop", () => {
    const big = square(LON, LAT, 0.08); // ~ 7,800 ha
    expect(validatePlotGeometry(poly(big), { crop: "cocoa" }).warnings.map((w) => w.rule)).toContain(
      "implausible-area",
    );
  });

  it("refuses a plot declared in another county (it was a warning beyond 100 km)", () => {
    const r = validatePlotGeometry(poly(square()), { county: "Maryland County" });
    expect(rules(r)).toContain("county-mismatch");
    expect(validatePlotGeometry(poly(square()), { county: "Bong County" }).warnings).toEqual([]);
  });

  it("rejects an overlap with another farmer's plot (double claim), warns for the same farmer", () => {
    const other = {
      id: "p1",
      plotCode: "PLT-000001",
      farmerId: "f-other",
      geometry: poly(square(LON + D / 2, LAT)) as never,
    };
    const r = validatePlotGeometry(poly(square()), { farmerId: "f-me", others: [other] });
    expect(rules(r)).toEqual(["overlap"]);
    expect(r.errors[0]!.message).toMatch(/^Overlaps plot PLT-000001 of another farmer by \d+ m² \(double claim\)$/);
    const own = validatePlotGeometry(poly(square()), { farmerId: "f-other", others: [other] });
    expect(own.valid).toBe(true);
    expect(own.warnings.map((w) => w.rule)).toContain("overlap-own-plot");
  });

  it("treats a point plot as a claim too: inside or on another farmer's plot, or another's point inside mine", () => {
    const theirPolygon = { id: "p1", plotCode: "PLT-000001", farmerId: "f-other", geometry: poly(square()) as never };
    const inside = { type: "Point", coordinates: [LON + D / 2, LAT + D / 2] };
    // A point needs a numeric area, so each point here declares one.
    const area = { declaredAreaHectares: 1 };
    const r = validatePlotGeometry(inside, { ...area, farmerId: "f-me", others: [theirPolygon] });
    expect(r.errors).toEqual([
      { rule: "overlap", message: "The point lies inside plot PLT-000001 of another farmer (double claim)" },
    ]);
    expect(validatePlotGeometry(inside, { ...area, farmerId: "f-other", others: [theirPolygon] }).valid).toBe(true);
    const theirPoint = { id: "p2", plotCode: "PLT-000002", farmerId: "f-other", geometry: inside as never };
    expect(rules(validatePlotGeometry(inside, { ...area, farmerId: "f-me", others: [theirPoint] }))).toEqual([
      "overlap",
    ]);
    const mine = validatePlotGeometry(poly(square()), { farmerId: "f-me", others: [theirPoint] });
    expect(mine.errors[0]!.message).toBe(
      "Plot PLT-000002 of another farmer (a point) lies inside this plot (double claim)",
    );
    const away = { type: "Point", coordinates: [LON + 3 * D, LAT + 3 * D] };
    expect(validatePlotGeometry(away, { ...area, farmerId: "f-me", others: [theirPolygon, theirPoint] }).valid).toBe(
      true,
    );
  });

  it("does not count plots that only share a boundary", () => {
    const neighbour = { id: "p2", farmerId: "f-other", geometry: poly(square(+(LON + D).toFixed(6), LAT)) as never };
    expect(validatePlotGeometry(poly(square()), { farmerId: "f-me", others: [neighbour] }).valid).toBe(true);
  });
});
