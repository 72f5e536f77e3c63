/**
 * EUDR geolocation checks for one production plot, as the EU information system judges a
 * GeoJSON file (TRACES GeoJSON File Description v1.3; EUDR Art. 2(28)), plus the quality
 * checks of a good commercial validator (docs/eudr-rules.md). Every rule, with its source, is listed in
 * docs/eudr-rules.md. Pure: other plots and the written decimals come in as arguments.
 *
 * Order: read and round to 6 decimals (geometry/read-plot.ts) → OGC validity as GEOS judges it
 * (geometry/ogc-validity.ts) → geodesic area (geometry/geodesic-area.ts) → place: country,
 * border band, county (geometry/place-checks.ts) → quality → double claims (geometry/double-claims.ts).
 */

import { LIBERIA_BBOX, PLAUSIBLE_MAX_HECTARES } from "./counties-geo.ts";
import { doubleClaims, type OtherPlot } from "./geometry/double-claims.ts";
import { distanceM, shellsAreaM2 } from "./geometry/geodesic-area.ts";
import { nestedParts, ogcShellProblem, type ValidityProblem } from "./geometry/ogc-validity.ts";
import { checkPlace } from "./geometry/place-checks.ts";
import { type AnyPlotGeometry, type Issue, type PlotGeometry, type Position, readPlot } from "./geometry/read-plot.ts";
import { parseJsonKeepingDecimals, type WrittenDecimals } from "./written-decimals.ts";

export { MAX_VERTICES, storableGeometry } from "./geometry/read-plot.ts";
export type { AnyPlotGeometry, Issue, OtherPlot, PlotGeometry, Position };

export type ValidationOptions = {
  crop?: string;
  /** The county the plot is declared in (any spelling that differs in case, spacing or "County"). */
  county?: string;
  farmerId?: string;
  /** For points: the declared area in hectares; must be a number (a quoted "5" is refused). */
  declaredAreaHectares?: unknown;
  /** Plots already registered near this one (bounding boxes overlap). */
  others?: OtherPlot[];
  /** Decimals of each coordinate as written (written-decimals.ts). */
  decimals?: WrittenDecimals;
};
export type ValidationResult = {
  valid: boolean;
  areaHectares: number;
  errors: Issue[];
  warnings: Issue[];
  /** The plot rounded to 6 decimals: what is stored and exported (after storableGeometry). */
  geometry: AnyPlotGeometry | null;
  /** The county the plot lies in, from the boundary data (null outside Liberia or unreadable). */
  county: string | null;
};

/** TRACES: minimum area of a plot. */
export const MIN_AREA_HA = 0.0001;
/** EUDR Art. 2(28): above 4 ha a polygon is required (non-cattle). */
export const POINT_MAX_HA = 4;
/** A vertex angle sharper than this (degrees) is a spike. */
export const SPIKE_DEGREES = 1;
/** Segments shorter than this (metres) are noise. */
export const SHORT_SEGMENT_M = 0.5;
/** Ceiling for any plot when no crop is given (hectares): PLAUSIBLE_MAX_HECTARES.default. */
export const GENERIC_MAX_HECTARES = PLAUSIBLE_MAX_HECTARES.default!;

const VALIDITY_MESSAGES: Record<ValidityProblem["rule"], (p: ValidityProblem, label: string) => string> = {
  "self-intersection": (p, l) =>
    `${l}: the boundary crosses or runs back over itself near (${p.at[0]}, ${p.at[1]}); redraw it without crossing lines`,
  "ring-self-touch": (p, l) =>
    `${l}: the boundary touches itself at (${p.at[0]}, ${p.at[1]}); a ring must not meet itself`,
  "overlapping-parts": (p, l) =>
    `${l} overlaps or shares an edge with another part of the plot near (${p.at[0]}, ${p.at[1]})`,
  "nested-shells": (_p, l) =>
    `${l} lies inside another part of the plot (nested shells): its area would be counted twice`,
};

function angleDegrees(a: Position, b: Position, c: Position) {
  const v1 = [a[0] - b[0], a[1] - b[1]] as const;
  const v2 = [c[0] - b[0], c[1] - b[1]] as const;
  const norm = Math.hypot(...v1) * Math.hypot(...v2);
  if (norm === 0) return 180;
  return (Math.acos(Math.max(-1, Math.min(1, (v1[0] * v2[0] + v1[1] * v2[1]) / norm))) * 180) / Math.PI;
}

/** Quality warnings: spikes and very short segments (docs/eudr-rules.md "Geometry quality checks"). */
function shapeWarnings(shells: Position[][]): Issue[] {
  const warnings: Issue[] = [];
  for (const ring of shells) {
    const open = ring.slice(0, -1);
    for (let i = 0; i < open.length; i++) {
      const b = open[i]!;
      if (angleDegrees(open[(i - 1 + open.length) % open.length]!, b, open[(i + 1) % open.length]!) < SPIKE_DEGREES) {
        warnings.push({
          rule: "spike",
          message: `A spike at vertex ${i + 1} (${b[0]}, ${b[1]}): the boundary turns back on itself`,
        });
        break;
      }
    }
    const kx = 111_320 * Math.cos((ring[0]![1] * Math.PI) / 180);
    for (let i = 0; i + 1 < ring.length; i++) {
      // A planar estimate first; the geodesic length only for segments that may be short.
      const rough = Math.hypot((ring[i + 1]![0] - ring[i]![0]) * kx, (ring[i + 1]![1] - ring[i]![1]) * 110_574);
      if (rough > 2 * SHORT_SEGMENT_M) continue;
      const metres = distanceM(ring[i]!, ring[i + 1]!);
      if (metres > 0 && metres < SHORT_SEGMENT_M) {
        warnings.push({
          rule: "short-segment",
          message: `A boundary segment is only ${metres.toFixed(2)} m long (vertex ${i + 1})`,
        });
        break;
      }
    }
  }
  return warnings;
}

/** Point plots: the declared area must be a number from 0.0001 to 4 ha per point (TRACES; EUDR Art. 2(28)). */
function pointAreaIssues(declared: unknown, points: number, errors: Issue[]): number {
  if (declared === undefined || declared === null || declared === "") {
    errors.push({
      rule: "area-missing",
      message: "Give the area of a point plot in hectares, as a number (the Feature's Area, or declaredAreaHectares)",
    });
    return POINT_MAX_HA * points;
  }
  if (typeof declared !== "number" || !Number.isFinite(declared)) {
    errors.push({
      rule: "area-not-number",
      message:
        'The area must be a number of hectares, like 1.5, not text: the EU information system reads a quoted "5" as 0',
    });
    return POINT_MAX_HA * points;
  }
  if (declared <= 0) {
    errors.push({ rule: "area-not-positive", message: `The declared area ${declared} ha must be more than 0` });
  } else if (declared < MIN_AREA_HA) {
    errors.push({
      rule: "min-area",
      message: `The declared area ${declared} ha is below the minimum of ${MIN_AREA_HA} ha`,
    });
  } else if (declared > POINT_MAX_HA * points) {
    errors.push({
      rule: "point-over-4ha",
      message: `A plot of ${declared} ha must be described by a polygon; a single point is allowed only up to 4 ha (EUDR Art. 2(28))`,
    });
  }
  return declared;
}

/**
 * Validates one plot. `valid` is false when any error is found; warnings never block on their
 * own but are shown to the inspector and kept with the plot.
 */
export function validatePlotGeometry(input: unknown, options: ValidationOptions = {}): ValidationResult {
  const read = readPlot(input, options.decimals);
  const { errors, points, shells, properties, geometry } = read;
  const warnings: Issue[] = [];
  const fail = (): ValidationResult => ({
    valid: false,
    areaHectares: 0,
    errors,
    warnings,
    geometry: null,
    county: null,
  });
  if (!geometry) return fail();

  const all = [...points, ...shells.flat()];
  const swapped = all.every(
    ([a, b]) =>
      a >= LIBERIA_BBOX.minLat && a <= LIBERIA_BBOX.maxLat && b >= LIBERIA_BBOX.minLon && b <= LIBERIA_BBOX.maxLon,
  );
  if (swapped)
    errors.push({
      rule: "axis-order",
      message: "Coordinates look like [latitude, longitude]; GeoJSON requires [longitude, latitude]",
    });

  // Validity and area of the polygon parts (rings that could not be read were reported already).
  let areaHectares = 0;
  const ringsReadable = !errors.some((e) =>
    ["ring-closed", "ring-min-positions", "duplicate-vertices", "coordinates", "too-many-vertices"].includes(e.rule),
  );
  if (shells.length && ringsReadable) {
    const problem = ogcShellProblem(shells);
    if (problem) {
      const label = shells.length > 1 ? `Polygon ${problem.part + 1}` : "Polygon";
      errors.push({ rule: problem.rule, message: VALIDITY_MESSAGES[problem.rule](problem, label) });
    }
    const squareMetres = shellsAreaM2(shells, problem?.rule === "nested-shells" ? nestedParts(shells) : undefined);
    areaHectares = Math.round((squareMetres / 10_000) * 1e6) / 1e6;
    if (squareMetres < 1e-6) {
      errors.push({ rule: "zero-area", message: "The polygon has no area (its points are on one line)" });
    } else if (squareMetres < MIN_AREA_HA * 10_000) {
      // Judged before rounding: 0.9957 m² must not pass as 0.0001 ha.
      errors.push({
        rule: "min-area",
        message: `The plot is ${(squareMetres / 10_000).toFixed(6)} ha; the minimum is ${MIN_AREA_HA} ha`,
      });
    }
    warnings.push(...shapeWarnings(shells));
  } else if (points.length && !shells.length) {
    const declared = options.declaredAreaHectares !== undefined ? options.declaredAreaHectares : properties.Area;
    areaHectares = pointAreaIssues(declared, points.length, errors);
  }

  // Place: Liberia, its border band, the county.
  let county: string | null = null;
  if (!swapped && !errors.some((e) => e.rule === "wgs84-range")) {
    const place = checkPlace(points, ringsReadable ? shells : [], options.county);
    errors.push(...place.errors);
    warnings.push(...place.warnings);
    county = place.county;
  }

  // Size plausibility: per crop, or the generic ceiling when no crop is given.
  const crop = options.crop?.trim().toLowerCase();
  const max = (crop && PLAUSIBLE_MAX_HECTARES[crop]) || GENERIC_MAX_HECTARES;
  if (areaHectares > max) {
    warnings.push({
      rule: "implausible-area",
      message: crop
        ? `${areaHectares} ha is unusually large for one ${crop} plot (over ${max} ha); check the boundary`
        : `${areaHectares} ha is unusually large for one plot (over ${max} ha); check the boundary`,
    });
  }

  if (errors.length === 0 && options.others?.length) {
    const claims = doubleClaims({ points, shells }, options.others, options.farmerId);
    errors.push(...claims.errors);
    warnings.push(...claims.warnings);
  }
  return { valid: errors.length === 0, areaHectares, errors, warnings, geometry, county };
}

/**
 * Validates a plot given as JSON text, counting each coordinate's decimals as written
 * (docs/eudr-rules.md "Precision"). Text over the size cap or nested too deep is a named error.
 */
export function validatePlotText(text: string, options: Omit<ValidationOptions, "decimals"> = {}): ValidationResult {
  const parsed = parseJsonKeepingDecimals(text);
  if (!parsed.ok)
    return {
      valid: false,
      areaHectares: 0,
      errors: [{ rule: parsed.rule, message: parsed.message }],
      warnings: [],
      geometry: null,
      county: null,
    };
  return validatePlotGeometry(parsed.value, { ...options, decimals: parsed.decimals });
}
