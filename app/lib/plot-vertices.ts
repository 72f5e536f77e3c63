// Geometry helpers of the plot drawing map (app/components/plot-capture-map.tsx), kept apart so
// the map component stays about the map.
import { parsePlotCoordinates } from "#worker/contracts/plot";

export type Position = [number, number];

/** Great-circle distance in metres (haversine). */
export function metresBetween(a: Position, b: Position) {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLon = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

/** The vertices shown on the map: the open ring (or the point) of what the textarea holds. */
export function verticesOf(text: string): { vertices: Position[]; geojson: unknown | null } {
  const parsed = parsePlotCoordinates(text, "polygon");
  if (!parsed.ok) return { vertices: [], geojson: null };
  let g = parsed.geojson as { type?: string; coordinates?: unknown; geometry?: unknown };
  if (g?.type === "Feature") g = (g.geometry ?? {}) as typeof g;
  if (g?.type === "Point") return { vertices: [g.coordinates as Position], geojson: parsed.geojson };
  if (g?.type === "Polygon" && Array.isArray(g.coordinates)) {
    const ring = ((g.coordinates as Position[][])[0] ?? []).filter((p) => Array.isArray(p) && typeof p[0] === "number");
    const closed = ring.length > 1 && ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1];
    return { vertices: closed ? ring.slice(0, -1) : ring, geojson: parsed.geojson };
  }
  return { vertices: [], geojson: parsed.geojson };
}
