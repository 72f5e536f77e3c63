/**
 * The geometry rules one by one, with bodies that once got a wrong answer from POST /api/plots/validate
 * (sent here as text, so decimals are read as written). docs/eudr-rules.md lists each rule.
 */

import geographiclib from "geographiclib-geodesic";
import { describe, expect, it } from "vitest";
import { cleanExportText, MAX_EXPORT_TEXT, productionPlace } from "#worker/domain/eudr-geojson";
import { normaliseCounty } from "#worker/domain/geometry/place-checks";
import {
  MAX_VERTICES,
  storableGeometry,
  validatePlotGeometry,
  validatePlotText,
} from "#worker/domain/validate-geometry";

const rules = (r: { errors: { rule: string }[] }) => r.errors.map((e) => e.rule);
const warned = (r: { warnings: { rule: string }[] }) => r.warnings.map((w) => w.rule);
const point = (lon: string, lat: string, area = 1) =>
  `{"type":"Feature","properties":{"Area":${area}},"geometry":{"type":"Point","coordinates":[${lon},${lat}]}}`;
/** A ~1 ha square near Gbarnga, Bong County, written with 6 decimals. */
const SQUARE =
  "[[-9.472311,6.995412],[-9.471408,6.995412],[-9.471408,6.996315],[-9.472311,6.996315],[-9.472311,6.995412]]";

describe("1. inside Liberia is the national outline, not a bounding box", () => {
  it.each([
    ["Sierra Leone", "-11.190123", "7.600123"],
    ["Côte d'Ivoire", "-7.600123", "6.500123"],
    ["Guinea", "-9.000123", "8.500123"],
    ["the Atlantic", "-11.200123", "5.900123"],
  ])("refuses a point in %s", (_where, lon, lat) => {
    const r = validatePlotText(`{"type":"Point","coordinates":[${lon},${lat}]}`, { declaredAreaHectares: 1 });
    expect(r.valid).toBe(false);
    expect(rules(r)).toContain("outside-liberia");
  });

  it("refuses a polygon across the border in Sierra Leone, and flags one within 0.5 km of the border for review", () => {
    const sl = validatePlotText(
      '{"type":"Polygon","coordinates":[[[-11.190123,7.600123],[-11.189123,7.600123],[-11.189123,7.601123],[-11.190123,7.601123],[-11.190123,7.600123]]]}',
    );
    expect(rules(sl)).toContain("outside-liberia");
    // Monrovia's coast: the worker/domain/geo/SOURCE.md test point 89 m from the outline.
    const coast = validatePlotText(point("-10.800001", "6.300001"), { county: "Montserrado County" });
    expect(coast.valid).toBe(true);
    expect(warned(coast)).toContain("near-border");
  });

  it("uses the 3 km band on the uncertain Lofa–Guinea stretch: 2 km outside is review, not rejection", () => {
    // (-9.43, 7.89) is on worker/domain/geo/SOURCE.md's list; step north-west until 1–2.5 km outside the outline.
    const r = validatePlotText(point("-9.440123", "7.905123"));
    if (rules(r).includes("outside-liberia")) throw new Error("test point is beyond the uncertain band");
    expect(warned(r)).toContain("near-border");
  });
});

describe("2. the declared county must be the county the plot lies in", () => {
  it("refuses Ganta declared as Bong County", () => {
    const r = validatePlotText(point("-8.981247", "7.235112"), { county: "Bong County" });
    expect(r.errors).toEqual([
      { rule: "county-mismatch", message: "The plot lies in Nimba County, not in Bong County as declared" },
    ]);
    expect(r.county).toBe("Nimba County");
  });

  it("normalises case, spacing and the County suffix; an unknown name is an error", () => {
    expect(normaliseCounty("Montserrado")).toBe("Montserrado County");
    expect(normaliseCounty("  grand   bassa  county ")).toBe("Grand Bassa County");
    expect(normaliseCounty("Rivercess")).toBe("River Cess County");
    const monrovia = point("-10.760123", "6.290123");
    expect(validatePlotText(monrovia, { county: "montserrado" }).valid).toBe(true);
    expect(rules(validatePlotText(monrovia, { county: "Atlantis County" }))).toEqual(["unknown-county"]);
  });
});

describe("3. decimals are counted as written", () => {
  it("accepts 6.982140 (six decimals) and refuses a written 6.98214", () => {
    expect(validatePlotText(point("-9.491230", "6.982140"), { county: "Bong" }).errors).toEqual([]);
    expect(rules(validatePlotText(point("-9.491230", "6.98214")))).toEqual(["precision"]);
  });

  it("accepts a polygon padded to 6 decimals, as the platform's own export writes it", () => {
    const ring =
      "[[-9.491230,6.982140],[-9.489420,6.982140],[-9.489420,6.983950],[-9.491230,6.983950],[-9.491230,6.982140]]";
    expect(validatePlotText(`{"type":"Polygon","coordinates":[${ring}]}`).errors).toEqual([]);
  });
});

const NESTED =
  '{"type":"MultiPolygon","coordinates":[[[[-9.491237,6.982143],[-9.489427,6.982143],[-9.489427,6.983953],[-9.491237,6.983953],[-9.491237,6.982143]]],[[[-9.490781,6.982597],[-9.489883,6.982597],[-9.489883,6.983497],[-9.490781,6.983497],[-9.490781,6.982597]]]]}';

describe("4–5. multi-part validity as GEOS judges it", () => {
  it("4. refuses nested shells and counts the union's area once (4.00 ha, not 5.01)", () => {
    const r = validatePlotText(NESTED);
    expect(rules(r)).toEqual(["nested-shells"]);
    expect(r.areaHectares).toBeCloseTo(4.0, 1);
  });

  it("5. accepts parts touching at one corner", () => {
    const a =
      "[[-9.472311,6.995412],[-9.471408,6.995412],[-9.471408,6.996315],[-9.472311,6.996315],[-9.472311,6.995412]]";
    const b =
      "[[-9.471408,6.996315],[-9.470505,6.996315],[-9.470505,6.997218],[-9.471408,6.997218],[-9.471408,6.996315]]";
    const r = validatePlotText(`{"type":"MultiPolygon","coordinates":[[${a}],[${b}]]}`);
    expect(r.errors).toEqual([]);
  });

  it("refuses parts that share an edge or overlap", () => {
    const b =
      "[[-9.471408,6.995412],[-9.470505,6.995412],[-9.470505,6.996315],[-9.471408,6.996315],[-9.471408,6.995412]]";
    expect(rules(validatePlotText(`{"type":"MultiPolygon","coordinates":[[${SQUARE}],[${b}]]}`))).toEqual([
      "overlapping-parts",
    ]);
    const c =
      "[[-9.471908,6.995812],[-9.470505,6.995812],[-9.470505,6.996715],[-9.471908,6.996715],[-9.471908,6.995812]]";
    expect(rules(validatePlotText(`{"type":"MultiPolygon","coordinates":[[${SQUARE}],[${c}]]}`))).toEqual([
      "overlapping-parts",
    ]);
  });
});

describe("6. a point's Area must be a number", () => {
  it.each([
    ['"5"', "area-not-number"],
    ["-2", "area-not-positive"],
    ["null", "area-missing"],
  ])("Area %s is %s", (area, rule) => {
    const r = validatePlotText(
      `{"type":"Feature","properties":{"Area":${area}},"geometry":{"type":"Point","coordinates":[-9.472311,6.995412]}}`,
    );
    expect(rules(r)).toEqual([rule]);
  });

  it("a missing Area, and NaN passed in, are named errors", () => {
    expect(rules(validatePlotText('{"type":"Point","coordinates":[-9.472311,6.995412]}'))).toEqual(["area-missing"]);
    expect(
      rules(
        validatePlotGeometry(
          { type: "Point", coordinates: [-9.472311, 6.995412] },
          { declaredAreaHectares: Number.NaN },
        ),
      ),
    ).toEqual(["area-not-number"]);
  });
});

describe("7. area is geodesic on WGS84", () => {
  it("agrees with GeographicLib's polygon area", () => {
    const r = validatePlotText(`{"type":"Polygon","coordinates":[${SQUARE}]}`);
    const p = geographiclib.Geodesic.WGS84.Polygon(false);
    for (const [lon, lat] of (JSON.parse(SQUARE) as number[][]).slice(0, -1)) p.AddPoint(lat!, lon!);
    const reference = Math.abs(p.Compute(false, true).area!) / 10_000;
    expect(Math.abs(r.areaHectares - reference) / reference).toBeLessThan(1e-4);
  });

  it("refuses a polygon below 1 m² on the ellipsoid", () => {
    // 0.000009° × 0.000009° ≈ 0.99 m × 1.00 m near 7° N.
    const r = validatePlotText(
      '{"type":"Polygon","coordinates":[[[-9.472311,6.995412],[-9.472302,6.995412],[-9.472302,6.995421],[-9.472311,6.995421],[-9.472311,6.995412]]]}',
    );
    expect(rules(r)).toContain("min-area");
  });
});

describe("8. 7-decimal input is judged after rounding to 6", () => {
  it("refuses vertices that become duplicates", () => {
    const r = validatePlotText(
      '{"type":"Polygon","coordinates":[[[-9.4723111,6.9954121],[-9.4723114,6.9954124],[-9.471408,6.995412],[-9.471408,6.996315],[-9.472311,6.996315],[-9.4723111,6.9954121]]]}',
    );
    expect(rules(r)).toContain("duplicate-vertices");
  });

  it("refuses a ring that touches itself once rounded", () => {
    // Vertex 5 lies 0.4 µ° off edge 1 before rounding, exactly on it after.
    const r = validatePlotText(
      '{"type":"Polygon","coordinates":[[[-9.472311,6.995412],[-9.470505,6.995412],[-9.470505,6.996315],[-9.471408,6.9954124],[-9.472311,6.996315],[-9.472311,6.995412]]]}',
    );
    expect(rules(r)).toEqual(["ring-self-touch"]);
  });
});

describe("9. malformed input is a named error, never an exception", () => {
  const withHole = (hole: string) => `{"type":"Polygon","coordinates":[${SQUARE},${hole}]}`;
  it.each([
    ["an unclosed hole", "[[-9.472,6.9955],[-9.4719,6.9955],[-9.4719,6.9956],[-9.472,6.9956]]", "ring-closed"],
    ["a 3-position hole", "[[-9.472001,6.995501],[-9.471901,6.995501],[-9.472001,6.995501]]", "ring-min-positions"],
    ["a null hole", "null", "coordinates"],
    ["a number hole", "5", "coordinates"],
    ["a string hole", '"x"', "coordinates"],
  ])("%s", (_what, hole, rule) => {
    const r = validatePlotText(withHole(hole));
    expect(r.valid).toBe(false);
    expect(rules(r)).toEqual(expect.arrayContaining(["no-holes", rule]));
  });

  it("coordinates nested 10,000 levels deep (a 20 KB body)", () => {
    const deep = `{"type":"Polygon","coordinates":${"[".repeat(10_000)}${"]".repeat(10_000)}}`;
    expect(rules(validatePlotText(deep))).toEqual(["too-deep"]);
    // The same value built in memory (no text): only GeoJSON's levels are walked.
    let nested: unknown = [];
    for (let i = 0; i < 10_000; i++) nested = [nested];
    expect(rules(validatePlotGeometry({ type: "Polygon", coordinates: nested }))).toEqual(["coordinates"]);
  });
});

describe("10. vertex cap", () => {
  const circle = (n: number) => {
    const ring = Array.from({ length: n }, (_, i) => [
      (-9.47 + 0.01 * Math.cos((2 * Math.PI * i) / n)).toFixed(6),
      (7.0 + 0.01 * Math.sin((2 * Math.PI * i) / n)).toFixed(6),
    ]);
    return `{"type":"Polygon","coordinates":[[${[...ring, ring[0]!].map(([x, y]) => `[${x},${y}]`).join(",")}]]}`;
  };
  it("validates a plot at the cap and names the error above it", () => {
    expect(validatePlotText(circle(MAX_VERTICES - 1), { crop: "Rubber" }).errors).toEqual([]);
    expect(rules(validatePlotText(circle(MAX_VERTICES + 10)))).toEqual(["too-many-vertices"]);
  });
});

describe("11. point double claims within the GPS tolerance", () => {
  const theirs = {
    id: "p1",
    plotCode: "PLT-000009-01",
    farmerId: "f-other",
    geometry: { type: "Point" as const, coordinates: [-9.472311, 6.995412] as [number, number] },
  };
  it("warns of a possible double claim 0.16 m away, naming the other plot; identical is an error", () => {
    const near = validatePlotText(point("-9.472310", "6.995413"), { farmerId: "f-me", others: [theirs] });
    expect(near.valid).toBe(true);
    expect(near.warnings.find((w) => w.rule === "possible-double-claim")?.message).toContain("PLT-000009-01");
    expect(rules(validatePlotText(point("-9.472311", "6.995412"), { farmerId: "f-me", others: [theirs] }))).toEqual([
      "overlap",
    ]);
    expect(
      warned(validatePlotText(point("-9.472111", "6.995412"), { farmerId: "f-me", others: [theirs] })),
    ).not.toContain("possible-double-claim");
  });
});

describe("12. a size ceiling without a crop", () => {
  it("warns of an implausibly large plot when no crop is given", () => {
    const big =
      "[[-9.500001,6.950001],[-9.400001,6.950001],[-9.400001,7.050001],[-9.500001,7.050001],[-9.500001,6.950001]]";
    expect(warned(validatePlotText(`{"type":"Polygon","coordinates":[${big}]}`))).toContain("implausible-area");
  });
});

describe("13. export text is cleaned", () => {
  it("drops control, bidirectional-override and zero-width characters, and caps the length", () => {
    expect(cleanExportText("Gbedin\u202e nwot\u200b\u0007 ")).toBe("Gbedin nwot");
    expect(productionPlace({ community: "Ka\u2066rnplay\u2069", district: null, county: "Nimba County\u200f" })).toBe(
      "Karnplay, Nimba County",
    );
    expect(Array.from(cleanExportText("ŋ".repeat(500)))).toHaveLength(MAX_EXPORT_TEXT);
  });
});

describe("14. MultiPoint and GeometryCollection are accepted and each member validated (ADR 017)", () => {
  it("validates every point of a MultiPoint, and stores it only point by point", () => {
    const ok = validatePlotText(
      '{"type":"Feature","properties":{"Area":2},"geometry":{"type":"MultiPoint","coordinates":[[-9.472311,6.995412],[-9.462311,6.985412]]}}',
    );
    expect(ok.valid).toBe(true);
    expect(storableGeometry(ok.geometry!)).toMatchObject({
      geometry: null,
      issue: { rule: "register-points-separately" },
    });
    const bad = validatePlotText(
      '{"type":"Feature","properties":{"Area":2},"geometry":{"type":"MultiPoint","coordinates":[[-9.472311,6.995412],[-11.190123,7.600123]]}}',
    );
    expect(rules(bad)).toContain("outside-liberia");
  });

  it("validates a GeometryCollection of polygons as one plot and stores it as a MultiPolygon", () => {
    const b =
      "[[-9.470311,6.995412],[-9.469408,6.995412],[-9.469408,6.996315],[-9.470311,6.996315],[-9.470311,6.995412]]";
    const r = validatePlotText(
      `{"type":"GeometryCollection","geometries":[{"type":"Polygon","coordinates":[${SQUARE}]},{"type":"Polygon","coordinates":[${b}]}]}`,
    );
    expect(r.errors).toEqual([]);
    expect(storableGeometry(r.geometry!).geometry?.type).toBe("MultiPolygon");
    const overlapping = validatePlotText(
      `{"type":"GeometryCollection","geometries":[{"type":"Polygon","coordinates":[${SQUARE}]},{"type":"Polygon","coordinates":[${SQUARE}]}]}`,
    );
    expect(overlapping.valid).toBe(false);
  });

  it("refuses a collection mixing points and polygons with a named error", () => {
    const r = validatePlotText(
      `{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[-9.462311,6.985412]},{"type":"Polygon","coordinates":[${SQUARE}]}]}`,
    );
    expect(rules(r)).toContain("mixed-collection");
  });
});
