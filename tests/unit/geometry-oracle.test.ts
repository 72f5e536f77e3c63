/**
 * Property suite: thousands of generated plots inside Liberia — valid,
 * bowtie, figure-eight, spikes, duplicates, nested, touching and overlapping parts, slivers, holes,
 * 7-decimal — judged by the validator and by an independent engine in the test: JSTS (the JTS
 * port GEOS derives from) on the same geometry rounded to 6 decimals, plus the EU-only rules
 * (no holes, no repeated vertex, ≥ 1 m²), with GeographicLib on JSTS's union for the area.
 * Seeds are fixed, so any disagreement reproduces.
 */

import fc from "fast-check";
import geographiclib from "geographiclib-geodesic";
import GeometryFactory from "jsts/org/locationtech/jts/geom/GeometryFactory.js";
import GeoJSONReader from "jsts/org/locationtech/jts/io/GeoJSONReader.js";
import GeoJSONWriter from "jsts/org/locationtech/jts/io/GeoJSONWriter.js";
import UnaryUnionOp from "jsts/org/locationtech/jts/operation/union/UnaryUnionOp.js";
import IsValidOp from "jsts/org/locationtech/jts/operation/valid/IsValidOp.js";
import { describe, expect, it } from "vitest";
import { validatePlotText } from "#worker/domain/validate-geometry";

type P = [number, number];
type Case = { kind: string; polygons: P[][][]; digits: 6 | 7 };

const reader = new GeoJSONReader(new GeometryFactory());
const writer = new GeoJSONWriter();
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const write = (c: Case) => {
  const ring = (r: P[]) => `[${r.map(([x, y]) => `[${x.toFixed(c.digits)},${y.toFixed(c.digits)}]`).join(",")}]`;
  const poly = (p: P[][]) => `[${p.map(ring).join(",")}]`;
  return c.polygons.length === 1
    ? `{"type":"Polygon","coordinates":${poly(c.polygons[0]!)}}`
    : `{"type":"MultiPolygon","coordinates":[${c.polygons.map(poly).join(",")}]}`;
};

function ringArea(ring: number[][]): number {
  const p = geographiclib.Geodesic.WGS84.Polygon(false);
  for (const [x, y] of ring.slice(0, -1)) p.AddPoint(y!, x!);
  return Math.abs(p.Compute(false, true).area ?? 0);
}

/** The reference verdict: JSTS validity after rounding, plus the EU-only rules; area of the union. */
function oracle(c: Case): { valid: boolean; areaM2: number } {
  // Parse the written text back, as the validator does, then round.
  const parsed = JSON.parse(write(c)) as { type: string; coordinates: unknown };
  const polygons = (parsed.type === "Polygon" ? [parsed.coordinates] : parsed.coordinates) as number[][][][];
  const rounded = polygons.map((p) => p.map((r) => r.map(([x, y]) => [round6(x!), round6(y!)])));
  let euOk = true;
  for (const p of rounded) {
    if (p.length > 1) euOk = false; // holes
    for (const r of p) {
      for (let i = 1; i < r.length; i++) if (r[i]![0] === r[i - 1]![0] && r[i]![1] === r[i - 1]![1]) euOk = false;
    }
  }
  const g = reader.read({ type: "MultiPolygon", coordinates: rounded });
  const valid = new IsValidOp(g).isValid();
  let areaM2 = 0;
  if (valid) {
    const union = writer.write(UnaryUnionOp.union(g)) as { type: string; coordinates: number[][][] | number[][][][] };
    const parts = (union.type === "Polygon" ? [union.coordinates] : union.coordinates) as number[][][][];
    for (const p of parts) areaM2 += ringArea(p[0]!) - p.slice(1).reduce((s, h) => s + ringArea(h), 0);
  }
  return { valid: valid && euOk && areaM2 >= 1, areaM2 };
}

// ── Generators: shapes in metres around an origin well inside Bong County ─────────────────────
const M_LAT = 1 / 110_574;
const M_LON = 1 / (111_320 * Math.cos((7 * Math.PI) / 180));
const origin = fc
  .record({ x: fc.integer({ min: -9_600_000, max: -9_300_000 }), y: fc.integer({ min: 6_850_000, max: 7_150_000 }) })
  .map(({ x, y }) => [x / 1e6, y / 1e6] as P);
const at = (o: P, dx: number, dy: number): P => [o[0] + dx * M_LON, o[1] + dy * M_LAT];
const close = (r: P[]): P[] => [...r, r[0]!];
const star = (o: P, radii: number[], scale = 1) =>
  close(
    radii.map((r, i) =>
      at(
        o,
        scale * r * Math.cos((2 * Math.PI * i) / radii.length),
        scale * r * Math.sin((2 * Math.PI * i) / radii.length),
      ),
    ),
  );
const radii = fc.array(fc.integer({ min: 20, max: 200 }), { minLength: 3, maxLength: 40 });
const square = (o: P, dx: number, dy: number, side: number) =>
  close([at(o, dx, dy), at(o, dx + side, dy), at(o, dx + side, dy + side), at(o, dx, dy + side)]);

const cases: Record<string, fc.Arbitrary<Case>> = {
  valid: fc.tuple(origin, radii).map(([o, r]) => ({ kind: "valid", polygons: [[star(o, r)]], digits: 6 })),
  bowtie: fc.tuple(origin, fc.integer({ min: 5, max: 300 }), fc.integer({ min: 5, max: 300 })).map(([o, w, h]) => ({
    kind: "bowtie",
    polygons: [[close([at(o, 0, 0), at(o, w, h), at(o, w, 0), at(o, 0, h)])]],
    digits: 6,
  })),
  "figure-eight": fc.tuple(origin, fc.integer({ min: 5, max: 200 })).map(([o, s]) => ({
    kind: "figure-eight",
    polygons: [
      [
        close([
          at(o, 0, 0),
          at(o, s, 0),
          at(o, s, s),
          at(o, 2 * s, s),
          at(o, 2 * s, 2 * s),
          at(o, s, 2 * s),
          at(o, s, s),
          at(o, 0, s),
        ]),
      ],
    ],
    digits: 6,
  })),
  spike: fc.tuple(origin, radii, fc.integer({ min: 1, max: 100 }), fc.nat()).map(([o, r, len, k]) => {
    const ring = star(o, r).slice(0, -1);
    const i = k % ring.length;
    const v = ring[i]!;
    // Out along the direction from the centre and back to the same vertex: a zero-width spike.
    const tip: P = [v[0] + (v[0] - o[0]) * (len / 100), v[1] + (v[1] - o[1]) * (len / 100)];
    ring.splice(i + 1, 0, tip, v);
    return { kind: "spike", polygons: [[close(ring)]], digits: 6 };
  }),
  duplicate: fc.tuple(origin, radii, fc.nat()).map(([o, r, k]) => {
    const ring = star(o, r).slice(0, -1);
    const i = k % ring.length;
    ring.splice(i, 0, ring[i]!);
    return { kind: "duplicate", polygons: [[close(ring)]], digits: 6 };
  }),
  nested: fc.tuple(origin, radii, fc.integer({ min: 10, max: 90 })).map(([o, r, pct]) => ({
    kind: "nested",
    polygons: [
      [
        star(
          o,
          r.map(() => 300),
        ),
      ],
      [star(o, r, pct / 100)],
    ],
    digits: 6,
  })),
  touching: fc
    .tuple(origin, fc.integer({ min: 5, max: 200 }), fc.integer({ min: 5, max: 200 }), fc.boolean())
    .map(([o, a, b, corner]) => ({
      kind: "touching",
      // At a corner (valid), or along part of an edge (invalid).
      polygons: [[square(o, 0, 0, a)], [square(o, a, corner ? a : 0, b)]],
      digits: 6,
    })),
  overlapping: fc
    .tuple(
      origin,
      fc.integer({ min: 10, max: 200 }),
      fc.integer({ min: -250, max: 250 }),
      fc.integer({ min: -250, max: 250 }),
    )
    .map(([o, a, dx, dy]) => ({
      kind: "overlapping",
      polygons: [[square(o, 0, 0, a)], [square(o, dx, dy, a)]],
      digits: 6,
    })),
  sliver: fc.tuple(origin, fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: 3 })).map(([o, len, w]) => ({
    kind: "sliver",
    polygons: [[close([at(o, 0, 0), at(o, len, 0), at(o, len, w * 0.05), at(o, 0, w * 0.03)])]],
    digits: 6,
  })),
  hole: fc.tuple(origin, radii, fc.integer({ min: 10, max: 80 })).map(([o, r, pct]) => ({
    kind: "hole",
    polygons: [
      [
        star(
          o,
          r.map(() => 300),
        ),
        star(o, r, pct / 100).reverse(),
      ],
    ],
    digits: 6,
  })),
  "7-decimal": fc
    .tuple(origin, fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 3, maxLength: 12 }))
    .map(([o, r]) => ({
      kind: "7-decimal",
      // Radii of 0.1–1.2 m: rounding to 6 decimals (≈ 0.11 m) merges and folds vertices.
      polygons: [
        [
          star(
            o,
            r.map((x) => x / 10),
          ),
        ],
      ],
      digits: 7,
    })),
};

describe("validator vs JSTS + GeographicLib (fixed seeds)", () => {
  it.each(Object.entries(cases).map(([kind, arb], i) => [kind, arb, 1000 + i] as const))(
    "%s: same verdict, area within 0.01 %",
    (_kind, arb, seed) => {
      fc.assert(
        fc.property(arb, (c) => {
          const mine = validatePlotText(write(c));
          const ref = oracle(c);
          expect({ geometry: write(c), valid: mine.valid, errors: mine.errors.map((e) => e.rule) }).toMatchObject({
            valid: ref.valid,
          });
          // 0.01 %, but never finer than GeographicLib's own accumulated error on the ellipsoid
          // (~0.01 m² whatever the polygon's size), which dominates for plots of a few m².
          if (ref.valid)
            expect(Math.abs(mine.areaHectares * 10_000 - ref.areaM2)).toBeLessThan(Math.max(1e-4 * ref.areaM2, 0.02));
        }),
        { seed, numRuns: 300 },
      );
    },
  );
});
