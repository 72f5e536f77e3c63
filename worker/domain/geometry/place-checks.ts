/**
 * Where a plot lies: inside Liberia, near its border, in which county (docs/eudr-rules.md
 * "Inside Liberia", "County"; ADR 016). The boundary data is accurate to ~100 m on most of the
 * border but not everywhere, so a plot close to a line is flagged for review, not refused.
 */
import {
  borderBandKm,
  borderDistanceKm,
  countiesNear,
  countyAt,
  countyNames,
  isInLiberia,
  linesNearBox,
  segmentCrossings,
  UNCERTAIN_BORDER_BAND_KM,
} from "../geo/borders.ts";
import type { Issue, Position } from "./read-plot.ts";

export type PlaceVerdict = { errors: Issue[]; warnings: Issue[]; county: string | null; outside: boolean };

const key = (name: string) =>
  name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s\u00a0_-]+/g, " ")
    .trim()
    .replace(/ county$/, "")
    .replace(/^rivercess$/, "river cess");

/**
 * The stored form of a declared county ("Grand Bassa County") for any spelling that differs
 * only in case, spacing, hyphens or the "County" suffix; null for an unknown name.
 */
export function normaliseCounty(name: string): string | null {
  const k = key(name);
  return countyNames().find((c) => key(c) === k) ?? null;
}

const list = (names: Iterable<string>) => [...names].sort().join(" and ");

/** Area-weighted centroid of a ring (planar; fine at plot scale). */
function centroid(ring: Position[]): Position {
  let a = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[i + 1]!;
    const f = x0 * y1 - x1 * y0;
    a += f;
    x += (x0 + x1) * f;
    y += (y0 + y1) * f;
  }
  return a === 0 ? ring[0]! : [x / (3 * a), y / (3 * a)];
}

/**
 * Judges the plot's place. `declared` is the county the plot is said to lie in (any spelling
 * normaliseCounty accepts); when absent, only the country and the derived county are judged.
 */
export function checkPlace(points: Position[], shells: Position[][], declared?: string): PlaceVerdict {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const vertices = [...points, ...shells.flatMap((s) => s.slice(0, -1))];
  let declaredCounty: string | null = null;
  if (declared !== undefined) {
    declaredCounty = normaliseCounty(declared);
    if (!declaredCounty) {
      errors.push({
        rule: "unknown-county",
        message: `"${declared.slice(0, 60)}" is not one of Liberia's 15 counties`,
      });
    }
  }
  if (!vertices.length) return { errors, warnings, county: null, outside: false };

  // Shortcut: a plot whose box is more than 3 km from the border and 1 km from any other
  // county's line is placed by its first vertex (most plots; keeps a 5,000-vertex plot fast).
  const box = { minLon: Infinity, minLat: Infinity, maxLon: -Infinity, maxLat: -Infinity };
  for (const [lon, lat] of vertices) {
    box.minLon = Math.min(box.minLon, lon);
    box.minLat = Math.min(box.minLat, lat);
    box.maxLon = Math.max(box.maxLon, lon);
    box.maxLat = Math.max(box.maxLat, lat);
  }
  const lines = linesNearBox(box, UNCERTAIN_BORDER_BAND_KM);
  const countyLines = lines.border ? lines.counties : linesNearBox(box, 1).counties;
  const [firstLon, firstLat] = vertices[0]!;
  const firstCounty = countyAt(firstLon, firstLat);
  if (
    !lines.border &&
    firstCounty &&
    countyLines.size <= 1 &&
    (countyLines.size === 0 || countyLines.has(firstCounty))
  ) {
    if (declaredCounty && declaredCounty !== firstCounty) {
      errors.push({
        rule: "county-mismatch",
        message: `The plot lies in ${firstCounty}, not in ${declaredCounty} as declared`,
      });
    }
    return { errors, warnings, county: firstCounty, outside: false };
  }

  // Country: any vertex beyond the review band outside the outline is an error.
  let outsideFar = false;
  let outsideNear = false;
  let nearest: { km: number; band: number } | null = null;
  let crossesBorder = false;
  const counties = new Set<string>();
  const countyCounts = new Map<string, number>();
  for (const [lon, lat] of vertices) {
    const inside = isInLiberia(lon, lat);
    const km = lines.border ? borderDistanceKm(lon, lat, UNCERTAIN_BORDER_BAND_KM) : Infinity;
    const band = borderBandKm(lon, lat);
    if (!inside && km > band) outsideFar = true;
    else if (!inside) outsideNear = true;
    if (km <= band && (!nearest || km < nearest.km)) nearest = { km, band };
    const county = inside ? countyAt(lon, lat) : null;
    if (county) {
      counties.add(county);
      countyCounts.set(county, (countyCounts.get(county) ?? 0) + 1);
    }
  }
  for (const shell of shells) {
    for (let i = 0; i + 1 < shell.length; i++) {
      const crossing = segmentCrossings(shell[i]!, shell[i + 1]!);
      for (const c of crossing.counties) counties.add(c);
      crossesBorder ||= crossing.crossesBorder;
    }
  }
  if (outsideFar) {
    errors.push({
      rule: "outside-liberia",
      message: "The plot lies (partly) outside Liberia, beyond the review band along the national border",
    });
    return { errors, warnings, county: null, outside: true };
  }
  if (nearest || crossesBorder || outsideNear) {
    const band = nearest?.band ?? UNCERTAIN_BORDER_BAND_KM;
    warnings.push({
      rule: "near-border",
      message: `The plot is within ${band} km of Liberia's national border, where the boundary data is not exact: near the border — needs review`,
    });
  }

  // County: the one holding the plot's centre (or most of its vertices), and any others it
  // spans or comes within 1 km of.
  const [cx, cy] = shells.length ? centroid(shells[0]!) : points[0]!;
  const byVertices = [...countyCounts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const county = (shells.length ? countyAt(cx, cy) : null) ?? byVertices;
  const near = new Set<string>();
  for (const [lon, lat] of vertices) for (const c of countiesNear(lon, lat, countyAt(lon, lat))) near.add(c);
  for (const c of counties) near.delete(c);

  if (counties.size > 1) {
    warnings.push({
      rule: "spans-counties",
      message: `The plot spans the line between ${list(counties)}: check which county it belongs to — needs review`,
    });
  }
  if (near.size) {
    warnings.push({
      rule: "near-county-line",
      message: `The plot is within 1 km of the line between ${list(new Set([...counties, ...near]))}: check the declared county — needs review`,
    });
  }
  if (declaredCounty && counties.size && !counties.has(declaredCounty) && !near.has(declaredCounty)) {
    errors.push({
      rule: "county-mismatch",
      message: `The plot lies in ${list(counties)}, not in ${declaredCounty} as declared`,
    });
  }
  return { errors, warnings, county, outside: false };
}
