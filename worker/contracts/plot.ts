/**
 * The land plot form (/create-land-plot) and POST /api/plots: one zod schema for the fields
 * that are not geometry, shared by the browser (conform) and the server, plus the parser that
 * turns typed "latitude, longitude" lines (or pasted GeoJSON) into GeoJSON. The EUDR rules
 * themselves are judged by worker/domain/validate-geometry.ts, never here.
 */
import { z } from "zod";
import { CROPS } from "../domain/commodities";
import { parseJsonKeepingDecimals, positionFromText, type WrittenDecimals } from "../domain/written-decimals";
import { optionalText } from "./optional-text";
import { CAPTURE_MODES, type CaptureMode, MAX_COORDINATES_CHARS } from "./plot-light";

export type { CaptureMode };
export { CAPTURE_MODES, MAX_COORDINATES_CHARS };

export const FIRST_PLANTING_YEAR = 1950;

/** The farmer ID field's messages, on every form that names a farmer by ID (plots, batches). */
export const FARMER_ID_MESSAGES = {
  farmerIdRequired: "Enter the farmer ID",
  farmerIdFormat: "Enter the farmer ID as FRM followed by 6 digits, like FRM100001",
};

export const PLOT_MESSAGES = {
  ...FARMER_ID_MESSAGES,
  cropRequired: "Choose the crop grown on the plot",
  plantingYearRequired: "Enter the planting year",
  plantingYearRange: (max: number) => `Enter a planting year from ${FIRST_PLANTING_YEAR} to ${max}`,
  tenureTooLong: "The tenure or land document reference must be 100 characters or fewer",
  captureModeRequired: "Choose whether the plot is a single point or a polygon",
  coordinatesRequired: 'Enter the plot\'s coordinates: one "latitude, longitude" per line, or paste GeoJSON',
  coordinatesTooLong: `The coordinates are too long (at most ${MAX_COORDINATES_CHARS.toLocaleString("en")} characters)`,
  areaRange: "Enter the area in hectares as a number, like 1.5",
  notValid: "The plot geometry is not valid",
} as const;

const currentYear = () => new Date().getUTCFullYear();

/** FRM + 6 digits (docs/product.md §3); typed in any case, stored upper-case. */
/** A farmer ID as typed: trimmed, upper-cased, FRM and 6 digits. */
export const FarmerIdSchema = z
  .string({ error: FARMER_ID_MESSAGES.farmerIdRequired })
  .trim()
  .min(1, FARMER_ID_MESSAGES.farmerIdRequired)
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^FRM\d{6}$/, FARMER_ID_MESSAGES.farmerIdFormat));

/** The fields of a plot that are not its geometry (form and API). */
export const PlotFieldsSchema = z.object({
  farmerId: FarmerIdSchema,
  crop: z.enum(CROPS, { error: PLOT_MESSAGES.cropRequired }),
  plantingYear: z
    .number({ error: PLOT_MESSAGES.plantingYearRequired })
    .int(PLOT_MESSAGES.plantingYearRange(currentYear()))
    .refine((y) => y >= FIRST_PLANTING_YEAR && y <= currentYear(), {
      error: () => PLOT_MESSAGES.plantingYearRange(currentYear()),
    }),
  tenureReference: optionalText(100, PLOT_MESSAGES.tenureTooLong),
  /** For a Point only: the plot's area (the EU system assumes 4 ha when it is missing). */
  declaredAreaHectares: z
    .number({ error: PLOT_MESSAGES.areaRange })
    .positive(PLOT_MESSAGES.areaRange)
    .max(100_000, PLOT_MESSAGES.areaRange)
    .optional(),
  /** Idempotency key: a resubmission with the same id returns the stored plot. */
  submissionId: z
    .string()
    .trim()
    .min(8)
    .max(100)
    .regex(/^[A-Za-z0-9-]+$/),
});
/**
 * Typed coordinates, one "latitude, longitude" pair a line, as on /create-land-plot and the
 * boundary edit. Syntax is checked on the field itself, so it is reported even when other fields
 * are wrong too; an empty field gets only "required".
 */
export const coordinatesField = z
  .string({ error: PLOT_MESSAGES.coordinatesRequired })
  .trim()
  .min(1, PLOT_MESSAGES.coordinatesRequired)
  .max(MAX_COORDINATES_CHARS, PLOT_MESSAGES.coordinatesTooLong)
  .superRefine((text, ctx) => {
    if (!text) return;
    const parsed = parsePlotCoordinates(text, "polygon");
    if (!parsed.ok) for (const message of parsed.errors) ctx.addIssue({ code: "custom", message });
  });

/** /create-land-plot: the fields plus how the geometry was captured, as typed text. */
export const PlotFormSchema = PlotFieldsSchema.extend({
  captureMode: z.enum(CAPTURE_MODES, { error: PLOT_MESSAGES.captureModeRequired }),
  coordinates: coordinatesField,
}).superRefine((value, ctx) => {
  // What depends on the capture mode (a point is one line); syntax is reported above.
  if (value.captureMode !== "point" || !parsePlotCoordinates(value.coordinates ?? "", "polygon").ok) return;
  const parsed = parsePlotCoordinates(value.coordinates, value.captureMode);
  if (!parsed.ok) for (const message of parsed.errors) ctx.addIssue({ code: "custom", path: ["coordinates"], message });
});
/** POST /api/plots: the fields plus the GeoJSON (a geometry, or a Feature). */
export const PlotApiSchema = PlotFieldsSchema.extend({
  /** The county the plot is declared in; the farmer's county when absent. */
  county: z.string().trim().max(60).optional(),
  geometry: z.unknown().optional(),
  feature: z.unknown().optional(),
}).refine((v) => v.geometry !== undefined || v.feature !== undefined, {
  path: ["geometry"],
  error: "Send the plot as `geometry` (GeoJSON Point or Polygon) or `feature` (GeoJSON Feature)",
});

/**
 * POST /api/plots/validate: a GeoJSON geometry or Feature, sent as the body itself or as
 * `geojson` | `feature` | `geometry` with the context of the check. Read by the route itself
 * (any GeoJSON is checked rule by rule); this schema documents it (worker/api/openapi.ts).
 */
export const PlotValidateApiSchema = z.looseObject({
  geojson: z.unknown().optional(),
  feature: z.unknown().optional(),
  geometry: z.unknown().optional(),
  crop: z.string().optional(),
  county: z.string().optional(),
  farmerId: z.string().optional(),
  declaredAreaHectares: z.number().optional(),
});

/**
 * `decimals`: the decimals of every coordinate as typed (ADR 010, docs/eudr-rules.md
 * "Precision"): "7.123450" keeps its six, which the parsed number 7.12345 no longer shows.
 */
export type ParsedCoordinates =
  | { ok: true; geojson: unknown; positions: number; decimals: WrittenDecimals }
  | { ok: false; errors: string[] };

const NUMBER = String.raw`[+-]?\d+(?:\.\d+)?`;
const PAIR = new RegExp(String.raw`^\s*(${NUMBER})\s*(?:[,;]\s*|\s+)(${NUMBER})\s*$`);
/** Liberia's box (docs/eudr-rules.md), only to recognise "longitude, latitude" typed the wrong way round. */
const LIBERIA = { minLon: -11.5, maxLon: -7.3, minLat: 4.3, maxLat: 8.6 };

/** Formats a coordinate for the coordinates text: 6 decimals (map taps, GPS fixes). */
export const formatCoordinate = (value: number) => value.toFixed(6);

/** The "latitude, longitude" lines for a list of [lon, lat] positions. */
export function positionsToText(positions: readonly (readonly [number, number])[]): string {
  return positions.map(([lon, lat]) => `${formatCoordinate(lat)}, ${formatCoordinate(lon)}`).join("\n");
}

/**
 * Reads the coordinates textarea: one "latitude, longitude" per line (as a GPS shows them;
 * comma, semicolon or space between), converted to GeoJSON [longitude, latitude]; for a polygon
 * the ring is closed when the last point is not the first. Text starting with "{" is read as
 * GeoJSON (a geometry or a Feature) and passed on unchanged. Only the syntax is checked here;
 * each number's decimals are counted from the typed text, never from the parsed number.
 */
export function parsePlotCoordinates(text: string, mode: CaptureMode): ParsedCoordinates {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, errors: [PLOT_MESSAGES.coordinatesRequired] };
  if (trimmed.startsWith("{")) {
    const read = parseJsonKeepingDecimals(trimmed);
    if (!read.ok)
      return { ok: false, errors: [read.rule === "json" ? "The pasted GeoJSON is not valid JSON" : read.message] };
    return { ok: true, geojson: read.value, positions: 0, decimals: read.decimals };
  }
  const errors: string[] = [];
  const decimals: WrittenDecimals = new WeakMap();
  const positions: [number, number][] = [];
  trimmed.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    const match = line.match(PAIR);
    if (!match) {
      errors.push(
        `Line ${i + 1} is not "latitude, longitude" (for example 7.201234, -8.601234): ${line.trim().slice(0, 40)}`,
      );
      return;
    }
    const position = positionFromText(decimals, match[2]!, match[1]!);
    if (position[1] < -90 || position[1] > 90) {
      errors.push(`Line ${i + 1}: the latitude ${match[1]} is not between -90 and 90`);
      return;
    }
    positions.push(position);
  });
  if (errors.length) return { ok: false, errors: errors.slice(0, 10) };
  const looksSwapped =
    positions.length > 0 &&
    positions.every(
      ([lon, lat]) => lat >= LIBERIA.minLon && lat <= LIBERIA.maxLon && lon >= LIBERIA.minLat && lon <= LIBERIA.maxLat,
    );
  if (looksSwapped) {
    return {
      ok: false,
      errors: [
        'These look like "longitude, latitude": type the latitude first, as a GPS shows it (for example 7.201234, -8.601234)',
      ],
    };
  }
  if (mode === "point") {
    if (positions.length !== 1) {
      return {
        ok: false,
        errors: [`A point needs exactly one "latitude, longitude" line; there are ${positions.length}`],
      };
    }
    return { ok: true, geojson: { type: "Point", coordinates: positions[0] }, positions: 1, decimals };
  }
  const ring = [...positions];
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  // The closing position repeats the first, with the decimals it was typed with.
  if (ring.length > 1 && (first[0] !== last[0] || first[1] !== last[1])) ring.push(first);
  return { ok: true, geojson: { type: "Polygon", coordinates: [ring] }, positions: positions.length, decimals };
}

/** A broken geometry rule as a form prints it: "<message> (rule: <rule>)". */
export const ruleLine = (finding: { rule?: unknown; message?: unknown }) =>
  `${String(finding.message)} (rule: ${String(finding.rule)})`;

/**
 * A plot refusal (registering or redrawing a plot) as a form shows it, next to its fields: each
 * broken EUDR rule by name under `coordinates`, or the refusal's own field messages (an unknown
 * farmer under `farmerId`). The API sends the same refusal as it is (worker/api/reply.ts).
 */
export function plotRefusalFields(refusal: {
  errors?: Record<string, string[]> | ReadonlyArray<Record<string, unknown>>;
}): Record<string, string[]> {
  const { errors } = refusal;
  if (!errors) return {};
  if (!Array.isArray(errors)) return errors as Record<string, string[]>;
  return errors.length ? { coordinates: errors.map(ruleLine) } : {};
}
