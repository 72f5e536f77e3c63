/**
 * Reads one plot's GeoJSON into rounded parts, reporting every structural problem by rule name
 * and never throwing (docs/eudr-rules.md "Shape", "Precision", "Limits"). Only the levels GeoJSON
 * defines are walked, so a body nested 10,000 deep is a named error, not a stack overflow.
 * Coordinates are normalised to 6 decimals here (docs/eudr-rules.md: the EU system cuts beyond the 6th)
 * and every later rule judges the rounded plot, which is also what is stored and exported.
 */
import { decimalsOfNumber, type WrittenDecimals } from "../written-decimals.ts";

export type Position = [number, number];
/** What the registry stores and exports (ADR 017: collections are converted or split first). */
export type PlotGeometry =
  | { type: "Point"; coordinates: Position }
  | { type: "Polygon"; coordinates: Position[][] }
  | { type: "MultiPolygon"; coordinates: Position[][][] };
/** Every geometry the EU information system accepts for a plot (docs/eudr-rules.md "GeoJSON"). */
export type AnyPlotGeometry =
  | PlotGeometry
  | { type: "MultiPoint"; coordinates: Position[] }
  | { type: "GeometryCollection"; geometries: AnyPlotGeometry[] };
export type Issue = { rule: string; message: string };

/** EUDR Art. 2(28): at least six decimal digits. */
export const MIN_DECIMALS = 6;
/**
 * Most positions in one plot. A GPS walk at 5 m spacing round a large farm has about 1,000
 * vertices; 5,000 leaves room for slow walks and dense traces (docs/eudr-rules.md "Limits").
 */
export const MAX_VERTICES = 5_000;
/** Most parts (polygons or points) in one plot. */
export const MAX_PARTS = 500;

export type ReadPlot = {
  errors: Issue[];
  /** The plot rounded to 6 decimals (null when its shape cannot be read). */
  geometry: AnyPlotGeometry | null;
  points: Position[];
  /** Outer ring of every polygon part (holes are refused, see `no-holes`). */
  shells: Position[][];
  properties: Record<string, unknown>;
};

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Unwraps a Feature / FeatureCollection of one Feature. */
function unwrap(input: unknown): {
  geometry?: Record<string, unknown>;
  properties: Record<string, unknown>;
  error?: Issue;
} {
  if (!isObject(input))
    return { properties: {}, error: { rule: "geojson", message: "The plot must be a GeoJSON geometry or Feature" } };
  if (input.type === "FeatureCollection") {
    const features = Array.isArray(input.features) ? input.features : [];
    if (features.length !== 1)
      return {
        properties: {},
        error: {
          rule: "geojson",
          message: "Send one plot at a time: a FeatureCollection must hold exactly one Feature",
        },
      };
    if (isObject(features[0]) && features[0].type === "FeatureCollection")
      return {
        properties: {},
        error: { rule: "geojson", message: "A FeatureCollection cannot hold another FeatureCollection" },
      };
    return unwrap(features[0]);
  }
  if (input.type === "Feature") {
    if (!isObject(input.geometry))
      return { properties: {}, error: { rule: "geojson", message: "The Feature has no geometry" } };
    return { geometry: input.geometry, properties: isObject(input.properties) ? input.properties : {} };
  }
  return { geometry: input, properties: {} };
}

type Reader = {
  errors: Issue[];
  decimals?: WrittenDecimals;
  vertices: number;
  precisionReported: boolean;
  rangeReported: boolean;
};

const report = (r: Reader, rule: string, message: string) => {
  if (!r.errors.some((e) => e.rule === rule && e.message === message)) r.errors.push({ rule, message });
};

/** One [lon, lat] position, checked and rounded; null (with an error) when malformed. */
function position(r: Reader, value: unknown, where: string): Position | null {
  if (
    !Array.isArray(value) ||
    value.length < 2 ||
    value.length > 3 ||
    !value.every((v) => typeof v === "number" && Number.isFinite(v))
  ) {
    report(r, "coordinates", `${where}: every position must be a [longitude, latitude] pair of numbers`);
    return null;
  }
  const [lon, lat] = value as number[] as [number, number];
  if (!r.rangeReported && (lon < -180 || lon > 180 || lat < -90 || lat > 90)) {
    r.rangeReported = true;
    report(r, "wgs84-range", "Coordinates are outside WGS84 (longitude −180..180, latitude −90..90)");
  }
  const written = r.decimals?.get(value);
  const dLon = written?.[0] ?? decimalsOfNumber(lon);
  const dLat = written?.[1] ?? decimalsOfNumber(lat);
  if (!r.precisionReported && (dLon < MIN_DECIMALS || dLat < MIN_DECIMALS)) {
    r.precisionReported = true;
    report(r, "precision", "Every coordinate needs at least 6 decimal digits (EUDR Art. 2(28))");
  }
  r.vertices++;
  return [round6(lon), round6(lat)];
}

/** A ring: at least 4 positions, closed, no vertex repeated after rounding to 6 decimals. */
function ring(r: Reader, value: unknown, where: string): Position[] | null {
  if (!Array.isArray(value)) {
    report(r, "coordinates", `${where}: a ring must be an array of positions`);
    return null;
  }
  if (r.vertices + value.length > MAX_VERTICES) {
    report(
      r,
      "too-many-vertices",
      `The plot has more than ${MAX_VERTICES.toLocaleString("en")} positions; simplify the trace (docs: at 5 m spacing a large farm needs about 1,000)`,
    );
    return null;
  }
  const positions: Position[] = [];
  for (const v of value) {
    const p = position(r, v, where);
    if (!p) return null;
    positions.push(p);
  }
  let ok = true;
  if (positions.length < 4) {
    report(
      r,
      "ring-min-positions",
      `${where}: a polygon ring needs at least 4 positions (3 corners and the closing point); it has ${positions.length}`,
    );
    ok = false;
  }
  const first = positions[0];
  const last = positions[positions.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) {
    report(
      r,
      "ring-closed",
      `${where}: the ring is not closed — the last position must repeat the first (after rounding to 6 decimals)`,
    );
    ok = false;
  }
  const seen = new Set<string>();
  for (const [lon, lat] of positions.slice(0, -1)) {
    const key = `${lon.toFixed(6)},${lat.toFixed(6)}`;
    if (seen.has(key)) {
      report(r, "duplicate-vertices", `${where}: two vertices are the same point when rounded to 6 decimals (${key})`);
      ok = false;
      break;
    }
    seen.add(key);
  }
  return ok ? positions : null;
}

/** A polygon's rings: the shell, and any holes (refused, but still read so they get a named error). */
function polygon(r: Reader, value: unknown, label: string): Position[][] | null {
  if (!Array.isArray(value) || value.length === 0) {
    report(r, "coordinates", `${label}: a polygon must be a non-empty array of rings`);
    return null;
  }
  if (value.length > 1)
    report(
      r,
      "no-holes",
      `${label}: has ${value.length - 1} hole(s); the EU information system rejects polygons with holes`,
    );
  const rings = value.map((v, i) => ring(r, v, i === 0 ? label : `${label}, hole ${i}`));
  return rings.every(Boolean) ? (rings as Position[][]) : null;
}

const GEOMETRY_TYPES = ["Point", "MultiPoint", "Polygon", "MultiPolygon", "GeometryCollection"];

function geometryOf(r: Reader, raw: Record<string, unknown>, inCollection: boolean): AnyPlotGeometry | null {
  const type = raw.type;
  if (type === "LineString" || type === "MultiLineString") {
    report(
      r,
      "no-linestring",
      "LineString geometries are rejected by the EU information system: draw the plot's boundary as a Polygon, or give a Point",
    );
    return null;
  }
  if (typeof type !== "string" || !GEOMETRY_TYPES.includes(type)) {
    report(
      r,
      "geometry-type",
      `A plot must be a Point, MultiPoint, Polygon, MultiPolygon or GeometryCollection, not ${String(type).slice(0, 40)}`,
    );
    return null;
  }
  if (type === "GeometryCollection") {
    if (inCollection) {
      report(r, "geometry-type", "A GeometryCollection cannot hold another GeometryCollection");
      return null;
    }
    if (!Array.isArray(raw.geometries) || raw.geometries.length === 0 || raw.geometries.length > MAX_PARTS) {
      report(r, "coordinates", `A GeometryCollection needs 1 to ${MAX_PARTS} geometries`);
      return null;
    }
    const members = raw.geometries.map((g, i) => {
      if (isObject(g)) return geometryOf(r, g, true);
      report(r, "geojson", `Member ${i + 1} of the GeometryCollection is not a geometry`);
      return null;
    });
    return members.every(Boolean) ? { type, geometries: members as AnyPlotGeometry[] } : null;
  }
  const c = raw.coordinates;
  if (type === "Point") {
    if (Array.isArray(c) && Array.isArray(c[0])) {
      report(r, "coordinates", "A Point's coordinates must be one [longitude, latitude] array, not an array of arrays");
      return null;
    }
    const p = position(r, c, "Point");
    return p ? { type, coordinates: p } : null;
  }
  if (type === "MultiPoint") {
    if (!Array.isArray(c) || c.length === 0 || c.length > MAX_PARTS) {
      report(r, "coordinates", `A MultiPoint needs 1 to ${MAX_PARTS} positions`);
      return null;
    }
    const ps = c.map((v, i) => position(r, v, `Point ${i + 1}`));
    return ps.every(Boolean) ? { type, coordinates: ps as Position[] } : null;
  }
  if (type === "Polygon") {
    const rings = polygon(r, c, "Polygon");
    return rings ? { type, coordinates: rings } : null;
  }
  if (!Array.isArray(c) || c.length === 0 || c.length > MAX_PARTS) {
    report(r, "coordinates", `A MultiPolygon needs 1 to ${MAX_PARTS} polygons`);
    return null;
  }
  const parts = c.map((p, i) => polygon(r, p, `Polygon ${i + 1}`));
  return parts.every(Boolean) ? { type: "MultiPolygon", coordinates: parts as Position[][][] } : null;
}

function collect(g: AnyPlotGeometry, points: Position[], shells: Position[][]) {
  if (g.type === "Point") points.push(g.coordinates);
  else if (g.type === "MultiPoint") points.push(...g.coordinates);
  else if (g.type === "Polygon") shells.push(g.coordinates[0]!);
  else if (g.type === "MultiPolygon") for (const p of g.coordinates) shells.push(p[0]!);
  else for (const m of g.geometries) collect(m, points, shells);
}

/**
 * Reads a plot (geometry, Feature, or FeatureCollection of one Feature). `decimals` holds the
 * written decimals of each position (written-decimals.ts); without it, a number's shortest form
 * is counted, which loses trailing zeros.
 */
export function readPlot(input: unknown, decimals?: WrittenDecimals): ReadPlot {
  const r: Reader = { errors: [], decimals, vertices: 0, precisionReported: false, rangeReported: false };
  const { geometry: raw, properties, error } = unwrap(input);
  if (error || !raw) return { errors: [error!], geometry: null, points: [], shells: [], properties };
  const geometry = geometryOf(r, raw, false);
  const points: Position[] = [];
  const shells: Position[][] = [];
  if (geometry) collect(geometry, points, shells);
  if (points.length && shells.length) {
    report(
      r,
      "mixed-collection",
      "A plot is either points or polygons: send the points and the polygons as separate plots (ADR 017)",
    );
  }
  return { errors: r.errors, geometry: r.errors.length && !geometry ? null : geometry, points, shells, properties };
}

/**
 * The form the registry stores (ADR 017): a one-member collection is its member, a collection of
 * polygons is one MultiPolygon (the same land), and points in a MultiPoint or collection are
 * registered one plot each: null then, with the reason.
 */
export function storableGeometry(g: AnyPlotGeometry): { geometry: PlotGeometry } | { geometry: null; issue: Issue } {
  if (g.type === "Point" || g.type === "Polygon" || g.type === "MultiPolygon") return { geometry: g };
  if (g.type === "MultiPoint") {
    if (g.coordinates.length === 1) return { geometry: { type: "Point", coordinates: g.coordinates[0]! } };
    return {
      geometry: null,
      issue: {
        rule: "register-points-separately",
        message: `This MultiPoint holds ${g.coordinates.length} points: register each point as its own plot, with its own area (ADR 017)`,
      },
    };
  }
  if (g.geometries.length === 1) return storableGeometry(g.geometries[0]!);
  const polygons: Position[][][] = [];
  for (const m of g.geometries) {
    if (m.type === "Polygon") polygons.push(m.coordinates);
    else if (m.type === "MultiPolygon") polygons.push(...m.coordinates);
    else
      return {
        geometry: null,
        issue: {
          rule: "register-points-separately",
          message:
            "This GeometryCollection holds points: register each point as its own plot, with its own area (ADR 017)",
        },
      };
  }
  return { geometry: { type: "MultiPolygon", coordinates: polygons } };
}
