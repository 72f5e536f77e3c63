/**
 * EUDR geolocation checks for one production plot, as the EU information system judges a
 * GeoJSON file (TRACES GeoJSON File Description v1.3; EUDR Art. 2(28)), plus the quality
 * checks of a good commercial validator (EUDR.md). Pure: other plots come in as an argument.
 */
import turfArea from "@turf/area";
import booleanPointInPolygon from "@turf/boolean-point-in-polygon";
import turfCentroid from "@turf/centroid";
import turfDistance from "@turf/distance";
import {
  featureCollection,
  multiPolygon as turfMultiPolygon,
  point as turfPoint,
  polygon as turfPolygon,
} from "@turf/helpers";
import turfIntersect from "@turf/intersect";
import turfKinks from "@turf/kinks";
import { COUNTY_CENTRES, FAR_FROM_COUNTY_KM, LIBERIA_BBOX, PLAUSIBLE_MAX_HECTARES } from "./counties-geo";

export type Position = [number, number];
export type PlotGeometry =
  | { type: "Point"; coordinates: Position }
  | { type: "Polygon"; coordinates: Position[][] }
  | { type: "MultiPolygon"; coordinates: Position[][][] };

export type Issue = { rule: string; message: string };
export type OtherPlot = { id: string; plotCode?: string; farmerId: string; geometry: PlotGeometry };
export type ValidationOptions = {
  crop?: string;
  county?: string;
  farmerId?: string;
  /** For a Point: the declared area in hectares (the EU system assumes 4 ha when missing). */
  declaredAreaHectares?: number;
  /** Plots already registered near this one (bounding boxes overlap). */
  others?: OtherPlot[];
};
export type ValidationResult = {
  valid: boolean;
  areaHectares: number;
  errors: Issue[];
  warnings: Issue[];
  geometry: PlotGeometry | null;
};

/** EUDR Art. 2(28): at least six decimal digits. */
export const MIN_DECIMALS = 6;
/** TRACES: minimum area of a plot. */
export const MIN_AREA_HA = 0.0001;
/** EUDR Art. 2(28): above 4 ha a polygon is required (non-cattle). */
export const POINT_MAX_HA = 4;
/** Overlaps smaller than this (m²) are GPS noise along a shared boundary, not a double claim. */
export const OVERLAP_TOLERANCE_M2 = 1;
/** A vertex angle sharper than this (degrees) is a spike. */
export const SPIKE_DEGREES = 1;
/** Segments shorter than this (metres) are noise. */
export const SHORT_SEGMENT_M = 0.5;

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function decimals(n: number) {
  const text = String(n);
  if (text.includes("e-")) return Number(text.split("e-")[1]);
  return text.includes(".") ? text.split(".")[1]!.length : 0;
}

function isPosition(value: unknown): value is Position {
  return (
    Array.isArray(value) &&
    value.length >= 2 &&
    value.length <= 3 &&
    value.every((v) => typeof v === "number" && Number.isFinite(v))
  );
}

/** Unwraps a Feature / FeatureCollection with one feature, returning the geometry or an issue. */
function unwrap(input: unknown): {
  geometry?: Record<string, unknown>;
  properties?: Record<string, unknown>;
  error?: Issue;
} {
  if (!input || typeof input !== "object")
    return { error: { rule: "geojson", message: "The plot must be a GeoJSON geometry or Feature" } };
  const obj = input as Record<string, unknown>;
  if (obj.type === "FeatureCollection") {
    const features = Array.isArray(obj.features) ? obj.features : [];
    if (features.length !== 1)
      return {
        error: {
          rule: "geojson",
          message: "Send one plot at a time: a FeatureCollection must hold exactly one Feature",
        },
      };
    return unwrap(features[0]);
  }
  if (obj.type === "Feature") {
    if (!obj.geometry || typeof obj.geometry !== "object")
      return { error: { rule: "geojson", message: "The Feature has no geometry" } };
    return {
      geometry: obj.geometry as Record<string, unknown>,
      properties: (obj.properties as Record<string, unknown>) ?? {},
    };
  }
  return { geometry: obj };
}

function ringIssues(ring: unknown, where: string, errors: Issue[]): Position[] | null {
  if (!Array.isArray(ring) || !ring.every(isPosition)) {
    errors.push({
      rule: "coordinates",
      message: `${where}: every position must be a [longitude, latitude] pair of numbers`,
    });
    return null;
  }
  const positions = ring as Position[];
  if (positions.length < 4) {
    errors.push({
      rule: "ring-min-positions",
      message: `${where}: a polygon ring needs at least 4 positions (3 corners and the closing point); it has ${positions.length}`,
    });
  }
  const first = positions[0];
  const last = positions[positions.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) {
    errors.push({
      rule: "ring-closed",
      message: `${where}: the ring is not closed — the last position must repeat the first`,
    });
  }
  const open = positions.slice(0, first && last && first[0] === last[0] && first[1] === last[1] ? -1 : undefined);
  const seen = new Set<string>();
  for (const [lon, lat] of open) {
    const key = `${round6(lon)},${round6(lat)}`;
    if (seen.has(key)) {
      errors.push({
        rule: "duplicate-vertices",
        message: `${where}: two vertices become the same point when rounded to 6 decimals (${key})`,
      });
      break;
    }
    seen.add(key);
  }
  return positions;
}

function positionsOf(geometry: PlotGeometry): Position[] {
  if (geometry.type === "Point") return [geometry.coordinates];
  if (geometry.type === "Polygon") return geometry.coordinates.flat();
  return geometry.coordinates.flat(2);
}

function angleDegrees(a: Position, b: Position, c: Position) {
  const v1 = [a[0] - b[0], a[1] - b[1]];
  const v2 = [c[0] - b[0], c[1] - b[1]];
  const dot = v1[0]! * v2[0]! + v1[1]! * v2[1]!;
  const norm = Math.hypot(v1[0]!, v1[1]!) * Math.hypot(v2[0]!, v2[1]!);
  if (norm === 0) return 180;
  return (Math.acos(Math.max(-1, Math.min(1, dot / norm))) * 180) / Math.PI;
}

function toFeature(geometry: PlotGeometry) {
  if (geometry.type === "Polygon") return turfPolygon(geometry.coordinates);
  if (geometry.type === "MultiPolygon") return turfMultiPolygon(geometry.coordinates);
  return null;
}

/**
 * Validates one plot. `valid` is false when any error is found; warnings never block on
 * their own but are shown to the inspector and kept with the plot.
 */
export function validatePlotGeometry(input: unknown, options: ValidationOptions = {}): ValidationResult {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const fail = (): ValidationResult => ({ valid: false, areaHectares: 0, errors, warnings, geometry: null });

  const { geometry: raw, properties, error } = unwrap(input);
  if (error || !raw) {
    errors.push(error!);
    return fail();
  }
  const type = raw.type;
  if (type === "LineString" || type === "MultiLineString") {
    errors.push({
      rule: "no-linestring",
      message:
        "LineString geometries are rejected by the EU information system: draw the plot's boundary as a Polygon, or give a Point",
    });
    return fail();
  }
  if (type !== "Point" && type !== "Polygon" && type !== "MultiPolygon") {
    errors.push({
      rule: "geometry-type",
      message: `A plot must be a Point, Polygon or MultiPolygon, not ${String(type)}`,
    });
    return fail();
  }

  // Shape of the coordinates.
  if (type === "Point") {
    if (!isPosition(raw.coordinates)) {
      errors.push({
        rule: "coordinates",
        message: "A Point's coordinates must be one [longitude, latitude] array, not an array of arrays",
      });
      return fail();
    }
  } else {
    const polygons = (type === "Polygon" ? [raw.coordinates] : raw.coordinates) as unknown;
    if (!Array.isArray(polygons) || polygons.length === 0) {
      errors.push({ rule: "coordinates", message: "The polygon has no coordinates" });
      return fail();
    }
    polygons.forEach((rings: unknown, p) => {
      const label = type === "Polygon" ? "Polygon" : `Polygon ${p + 1}`;
      if (!Array.isArray(rings) || rings.length === 0) {
        errors.push({ rule: "coordinates", message: `${label}: no rings` });
        return;
      }
      if (rings.length > 1) {
        errors.push({
          rule: "no-holes",
          message: `${label}: has ${rings.length - 1} hole(s); the EU information system rejects polygons with holes`,
        });
      }
      ringIssues(rings[0], label, errors);
    });
    if (errors.some((e) => e.rule === "coordinates")) return fail();
  }
  const geometry = { type, coordinates: raw.coordinates } as PlotGeometry;
  const all = positionsOf(geometry);

  // Range, axis order and precision.
  if (all.some(([lon, lat]) => lon < -180 || lon > 180 || lat < -90 || lat > 90)) {
    errors.push({
      rule: "wgs84-range",
      message: "Coordinates are outside WGS84 (longitude −180..180, latitude −90..90)",
    });
  }
  const swapped = all.every(
    ([a, b]) =>
      a >= LIBERIA_BBOX.minLat && a <= LIBERIA_BBOX.maxLat && b >= LIBERIA_BBOX.minLon && b <= LIBERIA_BBOX.maxLon,
  );
  if (swapped) {
    errors.push({
      rule: "axis-order",
      message: "Coordinates look like [latitude, longitude]; GeoJSON requires [longitude, latitude]",
    });
  }
  if (all.some(([lon, lat]) => decimals(lon) < MIN_DECIMALS || decimals(lat) < MIN_DECIMALS)) {
    errors.push({ rule: "precision", message: "Every coordinate needs at least 6 decimal digits (EUDR Art. 2(28))" });
  }
  const inLiberia = all.every(
    ([lon, lat]) =>
      lon >= LIBERIA_BBOX.minLon &&
      lon <= LIBERIA_BBOX.maxLon &&
      lat >= LIBERIA_BBOX.minLat &&
      lat <= LIBERIA_BBOX.maxLat,
  );
  if (!swapped && !inLiberia) {
    errors.push({ rule: "outside-liberia", message: "The plot lies (partly) outside Liberia" });
  }

  // Polygon topology and area.
  let areaHectares: number;
  // Rings that are open or too short cannot be measured: report what is wrong and stop there.
  if (errors.some((e) => e.rule === "ring-closed" || e.rule === "ring-min-positions")) return fail();
  const feature = toFeature(geometry);
  if (feature) {
    const kinks = turfKinks(feature as Parameters<typeof turfKinks>[0]);
    if (kinks.features.length > 0) {
      errors.push({
        rule: "self-intersection",
        message: `The boundary crosses itself (${kinks.features.length} crossing point(s)); redraw it without crossing lines`,
      });
    }
    const squareMetres = turfArea(feature);
    areaHectares = Math.round((squareMetres / 10_000) * 1e6) / 1e6;
    if (squareMetres === 0) {
      errors.push({ rule: "zero-area", message: "The polygon has no area (its points are on one line)" });
    } else if (areaHectares < MIN_AREA_HA) {
      errors.push({ rule: "min-area", message: `The plot is ${areaHectares} ha; the minimum is ${MIN_AREA_HA} ha` });
    }
    // Quality: spikes and very short segments.
    const polygons =
      geometry.type === "Polygon"
        ? [geometry.coordinates]
        : geometry.type === "MultiPolygon"
          ? geometry.coordinates
          : [];
    const rings = polygons.map((p) => p[0]!);
    for (const ring of rings) {
      const open = ring.slice(0, -1);
      for (let i = 0; i < open.length; i++) {
        const a = open[(i - 1 + open.length) % open.length]!;
        const b = open[i]!;
        const c = open[(i + 1) % open.length]!;
        if (angleDegrees(a, b, c) < SPIKE_DEGREES) {
          warnings.push({
            rule: "spike",
            message: `A spike at vertex ${i + 1} (${b[0]}, ${b[1]}): the boundary turns back on itself`,
          });
          break;
        }
      }
      for (let i = 0; i < ring.length - 1; i++) {
        const metres = turfDistance(ring[i]!, ring[i + 1]!, { units: "kilometers" }) * 1000;
        if (metres > 0 && metres < SHORT_SEGMENT_M) {
          warnings.push({
            rule: "short-segment",
            message: `A boundary segment is only ${metres.toFixed(2)} m long (vertex ${i + 1})`,
          });
          break;
        }
      }
    }
  } else {
    const declared =
      options.declaredAreaHectares ?? (typeof properties?.Area === "number" ? (properties.Area as number) : undefined);
    areaHectares = declared ?? POINT_MAX_HA;
    if (declared !== undefined && declared > POINT_MAX_HA) {
      errors.push({
        rule: "point-over-4ha",
        message: `A plot of ${declared} ha must be described by a polygon; a single point is allowed only up to 4 ha (EUDR Art. 2(28))`,
      });
    }
    if (declared !== undefined && declared < MIN_AREA_HA) {
      errors.push({
        rule: "min-area",
        message: `The declared area ${declared} ha is below the minimum of ${MIN_AREA_HA} ha`,
      });
    }
  }

  // Quality: size plausible for the crop, distance from the farmer's county.
  const crop = options.crop?.trim().toLowerCase();
  if (crop) {
    const max = PLAUSIBLE_MAX_HECTARES[crop] ?? PLAUSIBLE_MAX_HECTARES.default!;
    if (areaHectares > max) {
      warnings.push({
        rule: "implausible-area",
        message: `${areaHectares} ha is unusually large for one ${crop} plot (over ${max} ha); check the boundary`,
      });
    }
  }
  const centre = options.county ? COUNTY_CENTRES[options.county] : undefined;
  if (centre && inLiberia) {
    const c =
      geometry.type === "Point" ? geometry.coordinates : (turfCentroid(feature!).geometry.coordinates as Position);
    const km = turfDistance(turfPoint(c), turfPoint(centre), { units: "kilometers" });
    if (km > FAR_FROM_COUNTY_KM) {
      warnings.push({
        rule: "far-from-county",
        message: `The plot is about ${Math.round(km)} km from the centre of ${options.county}; check the farmer's county or the coordinates`,
      });
    }
  }

  // Double claims: overlap with another farmer's plot anywhere in the country.
  if (feature && errors.length === 0) {
    for (const other of options.others ?? []) {
      const otherFeature = toFeature(other.geometry);
      if (!otherFeature) continue;
      const overlap = turfIntersect(featureCollection([feature as never, otherFeature as never]));
      const m2 = overlap ? turfArea(overlap) : 0;
      if (m2 <= OVERLAP_TOLERANCE_M2) continue;
      const name = other.plotCode ?? other.id;
      if (options.farmerId && other.farmerId === options.farmerId) {
        warnings.push({
          rule: "overlap-own-plot",
          message: `Overlaps the same farmer's plot ${name} by ${Math.round(m2)} m²`,
        });
      } else {
        errors.push({
          rule: "overlap",
          message: `Overlaps plot ${name} of another farmer by ${Math.round(m2)} m² (double claim)`,
        });
      }
    }
  }

  // A point plot is a claim too: inside another farmer's polygon, on the same spot as another
  // farmer's point, or another farmer's point inside this polygon, is a double claim.
  if (errors.length === 0) {
    const points = (g: PlotGeometry): Position[] => (g.type === "Point" ? [g.coordinates as Position] : []);
    const mine = points(geometry);
    for (const other of options.others ?? []) {
      if (options.farmerId && other.farmerId === options.farmerId) continue;
      const name = other.plotCode ?? other.id;
      const theirs = points(other.geometry);
      const otherFeature = toFeature(other.geometry);
      const same = (a: Position, b: Position) =>
        a[0].toFixed(6) === b[0].toFixed(6) && a[1].toFixed(6) === b[1].toFixed(6);
      if (mine.some((p) => otherFeature && booleanPointInPolygon(p, otherFeature as never))) {
        errors.push({
          rule: "overlap",
          message: `The point lies inside plot ${name} of another farmer (double claim)`,
        });
      } else if (mine.some((p) => theirs.some((q) => same(p, q)))) {
        errors.push({
          rule: "overlap",
          message: `The point is the same location as plot ${name} of another farmer (double claim)`,
        });
      } else if (feature && theirs.some((q) => booleanPointInPolygon(q, feature as never))) {
        errors.push({
          rule: "overlap",
          message: `Plot ${name} of another farmer (a point) lies inside this plot (double claim)`,
        });
      }
    }
  }

  return { valid: errors.length === 0, areaHectares, errors, warnings, geometry };
}
