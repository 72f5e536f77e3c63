/**
 * Double claims: the same land registered for two farmers (docs/eudr-rules.md "Double claims").
 * Polygons overlapping another farmer's polygon by more than GPS noise, a point inside another
 * farmer's polygon (or theirs inside ours), and a point on the same spot as another farmer's
 * point are errors; a point within the GPS tolerance of another farmer's point is a warning.
 */

import { featureCollection, multiPolygon as turfMultiPolygon } from "@turf/helpers";
import turfIntersect from "@turf/intersect";
import { distanceM, ringAreaM2 } from "./geodesic-area.ts";
import type { AnyPlotGeometry, Issue, Position } from "./read-plot.ts";

export type OtherPlot = { id: string; plotCode?: string; farmerId: string; geometry: AnyPlotGeometry };

/** Overlaps smaller than this (m²) are GPS noise along a shared boundary, not a double claim. */
export const OVERLAP_TOLERANCE_M2 = 1;
/** Two farmers' points closer than this (m) may be the same plot: consumer GPS is good to ~5–10 m. */
export const POINT_CLAIM_TOLERANCE_M = 10;
/** Degrees that surely cover POINT_CLAIM_TOLERANCE_M in Liberia (for the candidate search box). */
export const CLAIM_SEARCH_PAD_DEG = 0.0002;

/** The points and polygon shells of any plot geometry. */
export function partsOf(g: AnyPlotGeometry): { points: Position[]; shells: Position[][] } {
  const points: Position[] = [];
  const shells: Position[][] = [];
  const walk = (x: AnyPlotGeometry) => {
    if (x.type === "Point") points.push(x.coordinates);
    else if (x.type === "MultiPoint") points.push(...x.coordinates);
    else if (x.type === "Polygon") shells.push(x.coordinates[0]!);
    else if (x.type === "MultiPolygon") for (const p of x.coordinates) shells.push(p[0]!);
    else if (x.type === "GeometryCollection") for (const m of x.geometries ?? []) walk(m);
  };
  walk(g);
  return { points, shells };
}

/** Even-odd point-in-ring (boundary counts as inside: a point on another's boundary is a claim). */
function inRing(p: Position, ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    const cross = (xj - xi) * (p[1] - yi) - (yj - yi) * (p[0] - xi);
    if (
      cross === 0 &&
      Math.min(xi, xj) <= p[0] &&
      p[0] <= Math.max(xi, xj) &&
      Math.min(yi, yj) <= p[1] &&
      p[1] <= Math.max(yi, yj)
    )
      return true;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const inShells = (p: Position, shells: Position[][]) => shells.some((s) => inRing(p, s));
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
/** The same position once both are rounded to 6 decimals, as the EU system would store them. */
const same = (a: Position, b: Position) => round6(a[0]) === round6(b[0]) && round6(a[1]) === round6(b[1]);

/** Geodesic area (m²) shared by two sets of shells. */
function overlapM2(a: Position[][], b: Position[][]): number {
  try {
    const shared = turfIntersect(
      featureCollection([turfMultiPolygon(a.map((s) => [s])), turfMultiPolygon(b.map((s) => [s]))]),
    );
    if (!shared) return 0;
    const g = shared.geometry;
    const polygons = g.type === "Polygon" ? [g.coordinates] : g.coordinates;
    return polygons.reduce(
      (sum, rings) =>
        sum + ringAreaM2(rings[0] as Position[]) - rings.slice(1).reduce((h, r) => h + ringAreaM2(r as Position[]), 0),
      0,
    );
  } catch {
    // Clipping can fail on degenerate input; such a plot has already failed validity.
    return 0;
  }
}

/**
 * Double-claim issues of a valid plot against plots registered nearby. Plots of the same farmer
 * only warn (a farmer may redraw a plot); other farmers' plots are errors, or a warning for
 * points within POINT_CLAIM_TOLERANCE_M.
 */
export function doubleClaims(
  mine: { points: Position[]; shells: Position[][] },
  others: readonly OtherPlot[],
  farmerId?: string,
): { errors: Issue[]; warnings: Issue[] } {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  for (const other of others) {
    const name = other.plotCode ?? other.id;
    const theirs = partsOf(other.geometry);
    const own = farmerId !== undefined && other.farmerId === farmerId;
    if (mine.shells.length && theirs.shells.length) {
      const m2 = overlapM2(mine.shells, theirs.shells);
      if (m2 > OVERLAP_TOLERANCE_M2) {
        if (own)
          warnings.push({
            rule: "overlap-own-plot",
            message: `Overlaps the same farmer's plot ${name} by ${Math.round(m2)} m²`,
          });
        else
          errors.push({
            rule: "overlap",
            message: `Overlaps plot ${name} of another farmer by ${Math.round(m2)} m² (double claim)`,
          });
        continue;
      }
    }
    if (own) continue;
    if (mine.points.some((p) => inShells(p, theirs.shells))) {
      errors.push({ rule: "overlap", message: `The point lies inside plot ${name} of another farmer (double claim)` });
    } else if (mine.points.some((p) => theirs.points.some((q) => same(p, q)))) {
      errors.push({
        rule: "overlap",
        message: `The point is the same location as plot ${name} of another farmer (double claim)`,
      });
    } else if (theirs.points.some((q) => inShells(q, mine.shells))) {
      errors.push({
        rule: "overlap",
        message: `Plot ${name} of another farmer (a point) lies inside this plot (double claim)`,
      });
    } else {
      const closest = Math.min(Infinity, ...mine.points.flatMap((p) => theirs.points.map((q) => distanceM(p, q))));
      if (closest <= POINT_CLAIM_TOLERANCE_M) {
        warnings.push({
          rule: "possible-double-claim",
          message: `The point is ${closest.toFixed(1)} m from plot ${name} of another farmer, within the ${POINT_CLAIM_TOLERANCE_M} m GPS tolerance: possible double claim — needs review`,
        });
      }
    }
  }
  return { errors, warnings };
}
