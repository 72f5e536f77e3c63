/**
 * Liberia's national border and its 15 counties from the shipped boundary data
 * (worker/domain/geo/README.md; ADR 016). Every boundary edge is indexed once per isolate in a
 * packed R-tree (flatbush), so a point-in-polygon test or a "how far from the border" query
 * touches a few dozen edges, not 23,000 (docs/eudr-rules.md "Inside Liberia", "County").
 */
import Flatbush from "flatbush";
import adm0 from "./liberia-adm0.json" with { type: "json" };
import countiesFile from "./liberia-counties.json" with { type: "json" };

type Ring = number[][];
type BoundaryFeature = { properties: Record<string, unknown>; geometry: { type: string; coordinates: Ring[] } };

/** Degrees of latitude per kilometre (mean; the error is < 0.5 % in Liberia, far below the data's). */
const KM_PER_DEG_LAT = 111.32;

/**
 * Stretches of the national border where worker/domain/geo/SOURCE.md measured the data up to 2–3 km off an
 * independent outline: a plot within 3 km of the border there needs review, not rejection.
 * Each is an anchor segment [lon, lat]–[lon, lat]; the band applies within `radiusKm` of it.
 */
export const UNCERTAIN_STRETCHES = [
  { name: "Lofa–Guinea", from: [-9.43, 7.89], to: [-9.41, 7.97], radiusKm: 10 },
  { name: "Nimba–Guinea (Mount Nimba / Yekepa)", from: [-8.44, 7.49], to: [-8.51, 7.56], radiusKm: 10 },
  { name: "Nimba–Côte d'Ivoire", from: [-8.5, 6.48], to: [-8.5, 6.48], radiusKm: 10 },
  { name: "Grand Gedeh / River Gee–Côte d'Ivoire (Cavally)", from: [-7.46, 5.79], to: [-7.4, 5.61], radiusKm: 10 },
  { name: "Cavally mouth", from: [-7.53, 4.36], to: [-7.53, 4.36], radiusKm: 10 },
] as const;

/** Review band along the national border (km): worker/domain/geo/SOURCE.md's measured accuracy, ADR 016. */
export const BORDER_BAND_KM = 0.5;
export const UNCERTAIN_BORDER_BAND_KM = 3;
/** A plot this close to a county line (km) is flagged with both counties' names. */
export const COUNTY_LINE_BAND_KM = 1;

/** An edge set with its R-tree: edge i is (x1, y1) → (x2, y2) and belongs to owner[i]. */
type Edges = { xy: Float64Array; owner: Uint8Array; index: Flatbush; minX: number; maxX: number };

function buildEdges(rings: { ring: Ring; owner: number }[]): Edges {
  const total = rings.reduce((n, r) => n + r.ring.length - 1, 0);
  const xy = new Float64Array(total * 4);
  const owner = new Uint8Array(total);
  const index = new Flatbush(total);
  let i = 0;
  let minX = Infinity;
  let maxX = -Infinity;
  for (const { ring, owner: o } of rings) {
    for (let k = 0; k + 1 < ring.length; k++) {
      const [x1, y1] = ring[k] as [number, number];
      const [x2, y2] = ring[k + 1] as [number, number];
      xy.set([x1, y1, x2, y2], i * 4);
      owner[i] = o;
      index.add(Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2));
      minX = Math.min(minX, x1);
      maxX = Math.max(maxX, x1);
      i++;
    }
  }
  index.finish();
  return { xy, owner, index, minX, maxX };
}

type Borders = { national: Edges; counties: Edges; names: string[] };
let cache: Borders | null = null;

/** Builds the indexes on first use (about 20 ms, once per isolate). */
function borders(): Borders {
  if (cache) return cache;
  const nationalFeature = (adm0 as { features: BoundaryFeature[] }).features[0]!;
  const countyFeatures = (countiesFile as { features: BoundaryFeature[] }).features;
  cache = {
    national: buildEdges(nationalFeature.geometry.coordinates.map((ring) => ({ ring, owner: 0 }))),
    counties: buildEdges(countyFeatures.flatMap((f, owner) => f.geometry.coordinates.map((ring) => ({ ring, owner })))),
    names: countyFeatures.map((f) => `${String(f.properties.county)} County`),
  };
  return cache;
}

/** Warms the indexes (for benchmarks and the first request of an isolate). */
export function loadBorders(): void {
  borders();
}

/**
 * Owners whose rings contain (x, y): a horizontal ray is cast towards the nearer end of the
 * data and the edges it crosses are counted per owner (even-odd rule).
 */
function ownersContaining(edges: Edges, x: number, y: number): number[] {
  const east = edges.maxX - x < x - edges.minX;
  const hits = east ? edges.index.search(x, y, edges.maxX + 1, y) : edges.index.search(edges.minX - 1, y, x, y);
  const crossings = new Map<number, number>();
  for (const i of hits) {
    const x1 = edges.xy[i * 4]!;
    const y1 = edges.xy[i * 4 + 1]!;
    const x2 = edges.xy[i * 4 + 2]!;
    const y2 = edges.xy[i * 4 + 3]!;
    if (y1 > y === y2 > y) continue;
    const xAt = x1 + ((y - y1) * (x2 - x1)) / (y2 - y1);
    if (east ? xAt > x : xAt < x) crossings.set(edges.owner[i]!, (crossings.get(edges.owner[i]!) ?? 0) + 1);
  }
  return [...crossings].filter(([, n]) => n % 2 === 1).map(([o]) => o);
}

/** Distance in km from (x, y) to the segment (x1, y1)–(x2, y2), on a local equirectangular plane (fine at < 20 km). */
function pointSegmentKm(x: number, y: number, x1: number, y1: number, x2: number, y2: number): number {
  const kx = KM_PER_DEG_LAT * Math.cos((y * Math.PI) / 180);
  const ax = (x1 - x) * kx;
  const ay = (y1 - y) * KM_PER_DEG_LAT;
  const dx = (x2 - x1) * kx;
  const dy = (y2 - y1) * KM_PER_DEG_LAT;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

const segmentKm = (edges: Edges, i: number, x: number, y: number) =>
  pointSegmentKm(x, y, edges.xy[i * 4]!, edges.xy[i * 4 + 1]!, edges.xy[i * 4 + 2]!, edges.xy[i * 4 + 3]!);

/** Edges within `km` of (x, y), each with its distance. */
function edgesNear(edges: Edges, x: number, y: number, km: number): { i: number; km: number }[] {
  const dy = km / KM_PER_DEG_LAT;
  const dx = km / (KM_PER_DEG_LAT * Math.cos((y * Math.PI) / 180));
  return edges.index
    .search(x - dx, y - dy, x + dx, y + dy)
    .map((i) => ({ i, km: segmentKm(edges, i, x, y) }))
    .filter((e) => e.km <= km);
}

/** True when [lon, lat] lies inside Liberia's national outline (ADM0). */
export function isInLiberia(lon: number, lat: number): boolean {
  return ownersContaining(borders().national, lon, lat).length > 0;
}

/** The county ("Nimba County") that contains [lon, lat], or null outside Liberia. */
export function countyAt(lon: number, lat: number): string | null {
  const { counties, names } = borders();
  const owners = ownersContaining(counties, lon, lat);
  return owners.length ? names[owners[0]!]! : null;
}

/** Distance in km from [lon, lat] to the national border (coast included), or Infinity beyond `withinKm`. */
export function borderDistanceKm(lon: number, lat: number, withinKm = UNCERTAIN_BORDER_BAND_KM): number {
  return Math.min(Infinity, ...edgesNear(borders().national, lon, lat, withinKm).map((e) => e.km));
}

/** The review band (km) that applies at [lon, lat]: 3 km near an uncertain stretch, else 0.5 km. */
export function borderBandKm(lon: number, lat: number): number {
  for (const s of UNCERTAIN_STRETCHES) {
    if (pointSegmentKm(lon, lat, s.from[0], s.from[1], s.to[0], s.to[1]) <= s.radiusKm) return UNCERTAIN_BORDER_BAND_KM;
  }
  return BORDER_BAND_KM;
}

/** Other counties whose boundary lies within `km` of [lon, lat] (the point's own county excluded). */
export function countiesNear(lon: number, lat: number, own: string | null, km = COUNTY_LINE_BAND_KM): string[] {
  const { counties, names } = borders();
  const found = new Set<string>();
  for (const e of edgesNear(counties, lon, lat, km)) {
    const name = names[counties.owner[e.i]!]!;
    if (name !== own) found.add(name);
  }
  return [...found];
}

/**
 * Counties and national-border edges that a plot segment crosses: a plot whose vertices all lie
 * in one county can still reach into another between two vertices.
 */
export function segmentCrossings(
  a: readonly [number, number],
  b: readonly [number, number],
): { counties: string[]; crossesBorder: boolean } {
  const { counties, national, names } = borders();
  const minX = Math.min(a[0], b[0]);
  const maxX = Math.max(a[0], b[0]);
  const minY = Math.min(a[1], b[1]);
  const maxY = Math.max(a[1], b[1]);
  const crosses = (edges: Edges, i: number) => {
    const p = [edges.xy[i * 4]!, edges.xy[i * 4 + 1]!] as const;
    const q = [edges.xy[i * 4 + 2]!, edges.xy[i * 4 + 3]!] as const;
    const side = (o: readonly number[], s: readonly number[], t: readonly number[]) =>
      Math.sign((s[0]! - o[0]!) * (t[1]! - o[1]!) - (s[1]! - o[1]!) * (t[0]! - o[0]!));
    return side(a, b, p) * side(a, b, q) <= 0 && side(p, q, a) * side(p, q, b) <= 0;
  };
  const found = new Set<string>();
  for (const i of counties.index.search(minX, minY, maxX, maxY))
    if (crosses(counties, i)) found.add(names[counties.owner[i]!]!);
  const crossesBorder = national.index.search(minX, minY, maxX, maxY).some((i) => crosses(national, i));
  return { counties: [...found], crossesBorder };
}

/** The 15 county names as stored ("Bomi County" … "Sinoe County"), in the data's order. */
export function countyNames(): string[] {
  return [...borders().names];
}

/**
 * What boundary lines come within `km` of a box: whether the national border does, and which
 * counties' edges do. A plot far from every line is placed by one vertex, not all of them.
 */
export function linesNearBox(
  box: { minLon: number; minLat: number; maxLon: number; maxLat: number },
  km: number,
): { border: boolean; counties: Set<string> } {
  const { national, counties, names } = borders();
  const dy = km / KM_PER_DEG_LAT;
  const dx = km / (KM_PER_DEG_LAT * Math.cos((box.minLat * Math.PI) / 180));
  const [x0, y0, x1, y1] = [box.minLon - dx, box.minLat - dy, box.maxLon + dx, box.maxLat + dy];
  const border = national.index.search(x0, y0, x1, y1).length > 0;
  return { border, counties: new Set(counties.index.search(x0, y0, x1, y1).map((i) => names[counties.owner[i]!]!)) };
}
