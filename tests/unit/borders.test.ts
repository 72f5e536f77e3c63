/**
 * The shipped boundaries (worker/domain/geo, ADR 016): worker/domain/geo/SOURCE.md's sanity points, neighbours and
 * sea refused, each county's interior accepted and a wrong declared county refused.
 */
import { describe, expect, it } from "vitest";
import { borderDistanceKm, countiesNear, countyAt, isInLiberia } from "#worker/domain/geo/borders";
import { validatePlotText } from "#worker/domain/validate-geometry";
import counties from "../../worker/domain/geo/liberia-counties.json" with { type: "json" };

const six = (n: number) => n.toFixed(6);
const pointText = (lon: number, lat: number) =>
  `{"type":"Feature","properties":{"Area":1},"geometry":{"type":"Point","coordinates":[${six(lon)},${six(lat)}]}}`;
const squareText = (lon: number, lat: number, d = 0.0009) =>
  `{"type":"Polygon","coordinates":[[[${six(lon)},${six(lat)}],[${six(lon + d)},${six(lat)}],[${six(lon + d)},${six(lat + d)}],[${six(lon)},${six(lat + d)}],[${six(lon)},${six(lat)}]]]}`;
const rules = (r: { errors: { rule: string }[] }) => r.errors.map((e) => e.rule);

describe("worker/domain/geo/SOURCE.md sanity points", () => {
  it.each([
    [-10.76, 6.29, "Montserrado County"],
    [-9.47, 7.0, "Bong County"],
    [-8.98, 7.23, "Nimba County"],
    [-7.72, 4.38, "Maryland County"],
    [-9.75, 8.42, "Lofa County"],
    [-8.13, 6.07, "Grand Gedeh County"],
  ])("(%f, %f) is in %s", (lon, lat, county) => {
    expect(isInLiberia(lon, lat)).toBe(true);
    expect(countyAt(lon, lat)).toBe(county);
  });

  it("measures distances to the outline as worker/domain/geo/SOURCE.md does", () => {
    expect(borderDistanceKm(-8.98, 7.23, 5)).toBeCloseTo(2.4, 0);
    expect(borderDistanceKm(-7.72, 4.38, 5)).toBeCloseTo(0.77, 1);
  });
});

describe("neighbours and sea are refused", () => {
  it.each([
    ["Sierra Leone", -11.19, 7.6],
    ["Côte d'Ivoire", -7.6, 6.5],
    ["Guinea", -9.0, 8.5],
    ["the Atlantic", -11.2, 5.9],
    ["the Atlantic off Harper", -7.8, 4.2],
    ["Guinea, north of Voinjama", -9.9, 8.6],
  ])("a point and a polygon in %s", (_where, lon, lat) => {
    expect(rules(validatePlotText(pointText(lon + 0.000001, lat + 0.000001)))).toContain("outside-liberia");
    expect(rules(validatePlotText(squareText(lon + 0.000001, lat + 0.000001)))).toContain("outside-liberia");
  });
});

/** A point well inside each county: the county's vertices' centre, else a search on a grid around it. */
function interiorPoint(name: string): [number, number] {
  const feature = (
    counties as { features: { properties: { county: string }; geometry: { coordinates: number[][][] } }[] }
  ).features.find((f) => f.properties.county === name)!;
  const ring = feature.geometry.coordinates[0]!;
  const cx = ring.reduce((s, p) => s + p[0]!, 0) / ring.length;
  const cy = ring.reduce((s, p) => s + p[1]!, 0) / ring.length;
  for (let r = 0; r < 60; r++) {
    for (let k = 0; k < 16; k++) {
      const x = cx + r * 0.01 * Math.cos((k * Math.PI) / 8);
      const y = cy + r * 0.01 * Math.sin((k * Math.PI) / 8);
      if (
        countyAt(x, y) === `${name} County` &&
        countiesNear(x, y, `${name} County`, 3).length === 0 &&
        borderDistanceKm(x, y, 3) === Infinity
      )
        return [x, y];
    }
  }
  throw new Error(`no interior point found for ${name}`);
}

const NAMES = (counties as { features: { properties: { county: string } }[] }).features.map((f) => f.properties.county);

describe("each county", () => {
  it.each(NAMES)("%s: a point and a polygon inside are accepted; declared elsewhere they are refused", (name) => {
    const [lon, lat] = interiorPoint(name);
    const other = name === "Bong" ? "Nimba County" : "Bong County";
    for (const text of [pointText(lon, lat), squareText(lon, lat)]) {
      const ok = validatePlotText(text, { county: `${name} County`, crop: "Cocoa" });
      expect(ok.errors).toEqual([]);
      expect(ok.county).toBe(`${name} County`);
      expect(rules(validatePlotText(text, { county: other }))).toEqual(["county-mismatch"]);
    }
  });

  it("names both counties for a plot across a county line", () => {
    // Find a Bong–Nimba line crossing west of Ganta by walking east from Gbarnga.
    let lon = -9.47;
    while (countyAt(lon, 7.0) === "Bong County") lon += 0.001;
    const r = validatePlotText(squareText(lon - 0.0011, 7.0, 0.002), { county: "Bong County" });
    expect(r.valid).toBe(true);
    expect(r.warnings.find((w) => w.rule === "spans-counties")?.message).toMatch(/Bong County and Nimba County/);
  });
});
