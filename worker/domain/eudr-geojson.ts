/**
 * The GeoJSON a Liberian exporter hands to the EU operator for the due diligence statement
 * (docs/eudr-rules.md; TRACES GeoJSON File Description v1.3, Operator API §9–§10.3): one Feature per plot,
 * only the four recognised properties, [longitude, latitude] with at least 6 decimals, packages
 * kept under 25 MB and 1,000 producers per commodity. Pure: no I/O.
 */

import turfArea from "@turf/area";
import { multiPolygon, polygon } from "@turf/helpers";
import turfKinks from "@turf/kinks";
import { LIBERIA_BBOX } from "./counties-geo";
import type { PlotGeometry, Position } from "./validate-geometry";

/** TRACES: the recognised properties, case-sensitive. */
export const EUDR_PROPERTIES = ["ProducerName", "ProducerCountry", "ProductionPlace", "Area"] as const;
export const PRODUCER_COUNTRY = "LR";
/** EUDR Art. 2(28), TRACES: a Point may stand for at most 4 ha (non-cattle). */
export const POINT_MAX_AREA_HA = 4;
/** TRACES: the smallest accepted area. */
export const MIN_AREA_HA = 0.0001;
/** Per DDS: geolocation at most 25 MB and 1,000 producers per commodity. */
export const MAX_PACKAGE_BYTES = 25 * 1024 * 1024;
export const MAX_PRODUCERS_PER_COMMODITY = 1000;
export const MIN_DECIMALS = 6;

export type EudrProperties = { ProducerName: string; ProducerCountry: "LR"; ProductionPlace: string; Area: number };
export type EudrFeature = { type: "Feature"; properties: EudrProperties; geometry: PlotGeometry };
export type EudrFeatureCollection = { type: "FeatureCollection"; features: EudrFeature[] };

/** A plot as the export sees it: its geometry and who/where it belongs to. */
export type ExportPlot = {
  plotCode: string;
  /** Distinguishes producers with the same name (e.g. the farmer ID). */
  producerKey: string;
  producerName: string;
  commodity: string;
  community?: string | null;
  district?: string | null;
  county?: string | null;
  areaHectares: number;
  geometry: PlotGeometry;
};
export type ExportItem = { commodity: string; producerKey: string; label: string; feature: EudrFeature };
export type EudrPackage = { commodity: string; producers: number; features: EudrFeature[]; bytes: number };

/** Longest ProducerName / ProductionPlace written to an export (docs/eudr-rules.md "Export text"). */
export const MAX_EXPORT_TEXT = 200;

// C0/C1 controls, bidirectional marks, embeddings, overrides and isolates, and zero-width
// characters: invisible, and able to make a name read differently from what it is.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed here.
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * Text for an export field: control, bidirectional-override and zero-width characters removed,
 * spaces collapsed, and at most `max` characters (never cutting a surrogate pair).
 */
export function cleanExportText(text: string | null | undefined, max = MAX_EXPORT_TEXT): string {
  const clean = (text ?? "").replace(UNSAFE_TEXT, "").replace(/\s+/g, " ").trim();
  return Array.from(clean).slice(0, max).join("").trim();
}

/** "Community, District, County": the most precise place names the registry has, cleaned. */
export function productionPlace(p: Pick<ExportPlot, "community" | "district" | "county">): string {
  return cleanExportText(
    [p.community, p.district, p.county]
      .map((s) => cleanExportText(s))
      .filter(Boolean)
      .join(", "),
  );
}

/** Hectares to 4 decimals (1 m²), never below the EU minimum of 0.0001 ha. */
export function eudrArea(hectares: number): number {
  return Math.max(MIN_AREA_HA, Math.round(hectares * 1e4) / 1e4);
}

const lonLat = (p: Position | number[]): Position => [p[0]!, p[1]!];

/** Keeps [lon, lat] only (an altitude would be a third number the EU system does not expect). */
function plainGeometry(g: PlotGeometry): PlotGeometry {
  if (g.type === "Point") return { type: "Point", coordinates: lonLat(g.coordinates) };
  if (g.type === "Polygon") return { type: "Polygon", coordinates: g.coordinates.map((r) => r.map(lonLat)) };
  return { type: "MultiPolygon", coordinates: g.coordinates.map((p) => p.map((r) => r.map(lonLat))) };
}

/** One plot → one Feature with exactly the four recognised properties. */
export function toEudrFeature(plot: ExportPlot): EudrFeature {
  const area = eudrArea(plot.areaHectares);
  return {
    type: "Feature",
    properties: {
      ProducerName: cleanExportText(plot.producerName),
      ProducerCountry: PRODUCER_COUNTRY,
      ProductionPlace: productionPlace(plot) || "Liberia",
      // A Point never claims more than 4 ha (validation refuses larger point plots already).
      Area: plot.geometry.type === "Point" ? Math.min(area, POINT_MAX_AREA_HA) : area,
    },
    geometry: plainGeometry(plot.geometry),
  };
}

/** The export items of plots: a feature each, with the commodity and producer used for splitting. */
export function toExportItems(plots: ExportPlot[]): ExportItem[] {
  return plots.map((p) => ({
    commodity: p.commodity,
    producerKey: p.producerKey,
    label: p.plotCode,
    feature: toEudrFeature(p),
  }));
}

/** All plots in one FeatureCollection (use splitPackages for files that must respect the DDS limits). */
export function buildEudrFeatureCollection(plots: ExportPlot[]): EudrFeatureCollection {
  return { type: "FeatureCollection", features: plots.map(toEudrFeature) };
}

function decimalsOf(token: string): number {
  const m = /^-?\d+(?:\.(\d+))?$/.exec(token);
  return m ? (m[1]?.length ?? 0) : 0;
}

/** A coordinate with at least 6 decimals as written (JSON.stringify would drop trailing zeros: 7.1 ≠ "7.100000"). */
export function formatCoordinate(n: number): string {
  let text = String(n);
  if (/e/i.test(text)) text = n.toFixed(12).replace(/0+$/, "");
  return decimalsOf(text) >= MIN_DECIMALS ? text : n.toFixed(MIN_DECIMALS);
}

function serializeCoordinates(value: unknown): string {
  if (typeof value === "number") return formatCoordinate(value);
  return `[${(value as unknown[]).map(serializeCoordinates).join(",")}]`;
}

/** One Feature as text, coordinates with ≥ 6 decimals; its byte length is what splitPackages counts. */
export function serializeFeature(f: EudrFeature): string {
  return `{"type":"Feature","properties":${JSON.stringify(f.properties)},"geometry":{"type":${JSON.stringify(f.geometry.type)},"coordinates":${serializeCoordinates(f.geometry.coordinates)}}}`;
}

const OPEN = '{"type":"FeatureCollection","features":[';
const CLOSE = "]}";
const encoder = new TextEncoder();
const byteLength = (s: string) => encoder.encode(s).length;

/** The file text: RFC 7946 GeoJSON with every coordinate written with ≥ 6 decimals. */
export function serializeEudrGeoJson(fc: EudrFeatureCollection): string {
  return OPEN + fc.features.map(serializeFeature).join(",") + CLOSE;
}

/**
 * Splits export items into packages the EU information system accepts: one commodity per
 * package, at most `maxProducers` distinct producers and `maxBytes` of serialized GeoJSON each.
 * A producer's plots stay together unless they alone exceed the size limit. Items keep their
 * order within a commodity; commodities come in order of first appearance.
 */
export function splitPackages(
  items: ExportItem[],
  {
    maxBytes = MAX_PACKAGE_BYTES,
    maxProducers = MAX_PRODUCERS_PER_COMMODITY,
  }: { maxBytes?: number; maxProducers?: number } = {},
): EudrPackage[] {
  const empty = byteLength(OPEN + CLOSE);
  const byCommodity = new Map<string, Map<string, { bytes: number; feature: EudrFeature; label: string }[]>>();
  for (const item of items) {
    const producers = byCommodity.get(item.commodity) ?? new Map();
    byCommodity.set(item.commodity, producers);
    const list = producers.get(item.producerKey) ?? [];
    producers.set(item.producerKey, list);
    list.push({ bytes: byteLength(serializeFeature(item.feature)), feature: item.feature, label: item.label });
  }
  const packages: EudrPackage[] = [];
  for (const [commodity, producers] of byCommodity) {
    const fresh = (): EudrPackage => ({ commodity, producers: 0, features: [], bytes: empty });
    let pkg: EudrPackage | null = null;
    for (const features of producers.values()) {
      for (const f of features) {
        if (empty + f.bytes > maxBytes)
          throw new Error(`Plot ${f.label} alone is larger than the package limit of ${maxBytes} bytes`);
      }
      const together = features.reduce((sum, f) => sum + f.bytes + 1, 0);
      if (!pkg) pkg = fresh();
      else if (pkg.producers + 1 > maxProducers || pkg.bytes + together > maxBytes) {
        packages.push(pkg);
        pkg = fresh();
      }
      pkg.producers += 1;
      for (const f of features) {
        if (pkg.features.length && pkg.bytes + f.bytes + 1 > maxBytes) {
          // Only a producer whose own plots exceed the limit gets here: continue in a new package.
          packages.push(pkg);
          pkg = fresh();
          pkg.producers = 1;
        }
        pkg.bytes += f.bytes + (pkg.features.length ? 1 : 0);
        pkg.features.push(f.feature);
      }
    }
    if (pkg) packages.push(pkg);
  }
  return packages;
}

/** The FeatureCollection of one package. */
export function packageCollection(pkg: EudrPackage): EudrFeatureCollection {
  return { type: "FeatureCollection", features: pkg.features };
}

export type EudrIssue = { feature?: number; rule: string; message: string };

const ACCEPTED = ["Point", "MultiPoint", "Polygon", "MultiPolygon", "GeometryCollection"];
const isPos = (v: unknown): v is number[] =>
  Array.isArray(v) && v.length >= 2 && v.length <= 3 && v.every((n) => typeof n === "number" && Number.isFinite(n));

/** Number tokens of every "coordinates" array of the file text, as written. */
function coordinateTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const m of text.matchAll(/"coordinates"\s*:\s*(\[[\d\s.,eE+\-[\]]*\])/g)) {
    for (const t of m[1]!.matchAll(/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g)) tokens.push(t[0]);
  }
  return tokens;
}

/**
 * Re-checks an output file against every rule of docs/eudr-rules.md for the EU information system.
 * Pass the file TEXT to check the written precision (≥ 6 decimals per coordinate) and the size;
 * a parsed object is checked with the precision its numbers print with.
 */
export function checkEudrGeoJson(
  input: string | unknown,
  { maxBytes = MAX_PACKAGE_BYTES, maxProducers = MAX_PRODUCERS_PER_COMMODITY } = {},
): { ok: boolean; errors: EudrIssue[] } {
  const errors: EudrIssue[] = [];
  let fc: unknown = input;
  if (typeof input === "string") {
    if (byteLength(input) > maxBytes)
      errors.push({
        rule: "size",
        message: `The file is ${byteLength(input)} bytes; the limit per DDS is ${maxBytes}`,
      });
    try {
      fc = JSON.parse(input);
    } catch {
      return { ok: false, errors: [{ rule: "json", message: "The file is not valid JSON" }] };
    }
    const imprecise = coordinateTokens(input).filter((t) => /e/i.test(t) || decimalsOf(t) < MIN_DECIMALS);
    if (imprecise.length)
      errors.push({
        rule: "precision",
        message: `${imprecise.length} coordinate(s) have fewer than 6 decimal digits (e.g. ${imprecise[0]})`,
      });
  }
  const obj = fc as { type?: unknown; features?: unknown };
  if (obj?.type !== "FeatureCollection" || !Array.isArray(obj.features)) {
    return {
      ok: false,
      errors: [...errors, { rule: "feature-collection", message: "The file must be a GeoJSON FeatureCollection" }],
    };
  }
  const producers = new Set<string>();
  // biome-ignore lint/suspicious/useIterableCallbackReturn: `return add(…)` ends one feature's checks; the value is unused.
  (obj.features as unknown[]).forEach((raw, i) => {
    const n = i + 1;
    const add = (rule: string, message: string) =>
      errors.push({ feature: n, rule, message: `Feature ${n}: ${message}` });
    const f = raw as {
      type?: unknown;
      properties?: Record<string, unknown> | null;
      geometry?: { type?: unknown; coordinates?: unknown } | null;
    };
    if (f?.type !== "Feature") return add("feature", "is not a Feature");
    const props = f.properties ?? {};
    for (const key of Object.keys(props)) {
      if ((EUDR_PROPERTIES as readonly string[]).includes(key)) continue;
      const meant = EUDR_PROPERTIES.find((p) => p.toLowerCase() === key.toLowerCase());
      add(
        "property-name",
        meant
          ? `property "${key}" must be spelled "${meant}" (names are case-sensitive)`
          : `unexpected property "${key}"`,
      );
    }
    if (typeof props.ProducerName !== "string" || !props.ProducerName.trim())
      add("producer-name", "ProducerName is missing");
    else producers.add(props.ProducerName);
    if (props.ProducerCountry !== PRODUCER_COUNTRY)
      add(
        "producer-country",
        `ProducerCountry must be "${PRODUCER_COUNTRY}", not ${JSON.stringify(props.ProducerCountry)}`,
      );
    if (typeof props.ProductionPlace !== "string" || !props.ProductionPlace.trim())
      add("production-place", "ProductionPlace is missing");
    if (typeof props.Area !== "number" || !Number.isFinite(props.Area))
      add("area-number", `Area must be a number of hectares, not ${JSON.stringify(props.Area)}`);
    else if (props.Area < MIN_AREA_HA)
      add("area-min", `Area ${props.Area} ha is below the minimum of ${MIN_AREA_HA} ha`);

    const g = f.geometry;
    if (!g || typeof g !== "object") return add("geometry", "has no geometry");
    if (g.type === "LineString" || g.type === "MultiLineString")
      return add("no-linestring", `${g.type} geometries are rejected`);
    if (!ACCEPTED.includes(String(g.type)))
      return add("geometry-type", `geometry type ${String(g.type)} is not accepted`);
    let positions: number[][] = [];
    if (g.type === "Point") {
      if (!isPos(g.coordinates))
        return add("point-coordinates", "a Point's coordinates must be one [longitude, latitude] array");
      positions = [g.coordinates];
      if (typeof props.Area === "number" && props.Area > POINT_MAX_AREA_HA)
        add(
          "point-area",
          `a Point may not declare more than ${POINT_MAX_AREA_HA} ha (Area ${props.Area}); describe the plot with a polygon`,
        );
    } else if (g.type === "Polygon" || g.type === "MultiPolygon") {
      const polys = (g.type === "Polygon" ? [g.coordinates] : g.coordinates) as unknown;
      if (!Array.isArray(polys) || !polys.length) return add("coordinates", "the polygon has no coordinates");
      for (const [p, rings] of (polys as unknown[]).entries()) {
        const where = g.type === "Polygon" ? "polygon" : `polygon ${p + 1}`;
        if (!Array.isArray(rings) || !rings.length) return add("coordinates", `${where} has no rings`);
        if (rings.length > 1) add("no-holes", `${where} has ${rings.length - 1} hole(s)`);
        const ring = rings[0] as unknown;
        if (!Array.isArray(ring) || !ring.every(isPos))
          return add("coordinates", `${where}: positions must be [longitude, latitude] pairs`);
        if (ring.length < 4) add("ring-min-positions", `${where}: a ring needs at least 4 positions`);
        const first = ring[0]!;
        const last = ring[ring.length - 1]!;
        if (first[0] !== last[0] || first[1] !== last[1]) add("ring-closed", `${where}: the ring is not closed`);
        const seen = new Set<string>();
        for (const q of ring.slice(0, -1)) {
          const key = `${Math.round(q[0]! * 1e6)},${Math.round(q[1]! * 1e6)}`;
          if (seen.has(key)) {
            add("duplicate-vertices", `${where}: two vertices are the same after rounding to 6 decimals`);
            break;
          }
          seen.add(key);
        }
        positions.push(...(ring as number[][]));
      }
      if (!errors.some((e) => e.feature === n && /ring|coordinates/.test(e.rule))) {
        const shape =
          g.type === "Polygon" ? polygon(g.coordinates as Position[][]) : multiPolygon(g.coordinates as Position[][][]);
        if (turfKinks(shape as Parameters<typeof turfKinks>[0]).features.length)
          add("self-intersection", "the boundary crosses itself");
        if (turfArea(shape) === 0) add("zero-area", "the polygon has no area");
      }
    } else {
      // MultiPoint / GeometryCollection are accepted by the EU system; the platform never writes them.
      positions = [];
    }
    if (positions.some(([lon, lat]) => lon! < -180 || lon! > 180 || lat! < -90 || lat! > 90))
      add("wgs84-range", "coordinates are outside WGS84");
    const swapped =
      positions.length > 0 &&
      positions.every(
        ([a, b]) =>
          a! >= LIBERIA_BBOX.minLat &&
          a! <= LIBERIA_BBOX.maxLat &&
          b! >= LIBERIA_BBOX.minLon &&
          b! <= LIBERIA_BBOX.maxLon,
      );
    if (swapped) add("axis-order", "coordinates look like [latitude, longitude]; GeoJSON is [longitude, latitude]");
    if (typeof input !== "string") {
      const imprecise = positions.flat().filter((c) => decimalsOf(String(c)) < MIN_DECIMALS);
      if (imprecise.length) add("precision", `${imprecise.length} coordinate(s) have fewer than 6 decimal digits`);
    }
  });
  if (producers.size > maxProducers)
    errors.push({
      rule: "producers",
      message: `${producers.size} producers in one file; the limit is ${maxProducers} per commodity`,
    });
  return { ok: errors.length === 0, errors };
}
