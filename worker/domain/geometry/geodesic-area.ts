/**
 * Plot area on the WGS84 ellipsoid with GeographicLib (docs/eudr-rules.md "Area"): the same
 * method and ellipsoid the EU information system's GeoJSON coordinates are given in, instead of
 * a spherical approximation (which read about 0.43 % high in Liberia).
 */
import geographiclib from "geographiclib-geodesic";
import type { Pt } from "./ogc-validity.ts";

const WGS84 = geographiclib.Geodesic.WGS84;

/** Geodesic area (m², unsigned) of one closed ring of [lon, lat] positions. */
export function ringAreaM2(ring: readonly Pt[]): number {
  const polygon = WGS84.Polygon(false);
  for (let i = 0; i + 1 < ring.length; i++) polygon.AddPoint(ring[i]![1], ring[i]![0]);
  return Math.abs(polygon.Compute(false, true).area ?? 0);
}

/**
 * Area (m²) of the union of polygon shells whose interiors do not overlap (a valid
 * MultiPolygon), leaving out parts nested inside another part (`skip`).
 */
export function shellsAreaM2(shells: readonly (readonly Pt[])[], skip: ReadonlySet<number> = new Set()): number {
  let total = 0;
  shells.forEach((ring, i) => {
    if (!skip.has(i)) total += ringAreaM2(ring);
  });
  return total;
}

/** Geodesic distance in metres between two [lon, lat] positions. */
export function distanceM(a: Pt, b: Pt): number {
  return WGS84.Inverse(a[1], a[0], b[1], b[0], geographiclib.Geodesic.DISTANCE).s12 ?? 0;
}
