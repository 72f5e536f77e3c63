/**
 * Reading a bulk-import file (CSV or GeoJSON) into one record per farmer+plot, each with the
 * line (CSV) or feature number (GeoJSON) it came from, so every problem can be reported by line.
 * Parsing only: the registry rules (farmer schema, EUDR geometry checks) run afterwards.
 */
import Papa from "papaparse";
import { csvText } from "./csv.ts";
import { parseJsonKeepingDecimals, positionFromText, type WrittenDecimals } from "./written-decimals.ts";

/** The CSV columns, in the order of the downloadable template. */
export const IMPORT_COLUMNS = [
  "farmer_ref",
  "first_name",
  "last_name",
  "gender",
  "date_of_birth",
  "phone",
  "county",
  "district",
  "community",
  "crops",
  "national_id",
  "plot_ref",
  "plot_crop",
  "planting_year",
  "tenure_reference",
  "latitude",
  "longitude",
  "geometry",
  "area_hectares",
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export type ImportRecord = {
  /** CSV line number (header = line 1) or GeoJSON feature number (1-based). */
  line: number;
  fields: Partial<Record<ImportColumn, string>>;
  /** The plot geometry as read (GeoJSON object), or null when the row has no plot. */
  geometry: unknown;
  /** Decimals of each coordinate as written in the file (docs/eudr-rules.md "Precision"). */
  decimals?: WrittenDecimals;
  /** A point plot's area as given (`area_hectares` column or the Feature's `Area`), unchecked. */
  declaredArea?: unknown;
};
export type LineError = { line: number; reason: string };
/** `errors`: rows that cannot be read (they count as failed); `notes`: things worth saying that fail nothing. */
export type ParsedImport = { kind: "csv" | "geojson"; records: ImportRecord[]; errors: LineError[]; notes?: string[] };

export const MAX_IMPORT_ROWS = 20_000;

const norm = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/** Decides the format from the name or the content; GeoJSON files start with `{`. */
export function importKind(fileName: string, text: string): "csv" | "geojson" {
  if (/\.(geo)?json$/i.test(fileName)) return "geojson";
  if (/\.csv$/i.test(fileName)) return "csv";
  return text.trimStart().startsWith("{") ? "geojson" : "csv";
}

/**
 * Reads the file. A point is given by `latitude`/`longitude` columns (as read on a GPS, turned
 * into GeoJSON [lon, lat] here) or a GeoJSON `geometry` column; a polygon only by `geometry`.
 * Numbers are kept as text so no decimal is lost before the EUDR precision check.
 */
export function parseImportFile(fileName: string, text: string): ParsedImport {
  const kind = importKind(fileName, text);
  return kind === "geojson" ? parseGeoJson(text) : parseCsv(text);
}

function parseCsv(text: string): ParsedImport {
  const errors: LineError[] = [];
  const records: ImportRecord[] = [];
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const [header, ...rows] = result.data;
  if (!header) return { kind: "csv", records, errors: [{ line: 1, reason: "The file is empty" }] };
  const columns = header.map(norm);
  const known = new Set<string>(IMPORT_COLUMNS);
  const unknown = columns.filter((c) => c && !known.has(c));
  const notes = unknown.length ? [`Unknown column(s) ignored: ${unknown.join(", ")}`] : [];
  for (const required of ["first_name", "last_name", "county"]) {
    if (!columns.includes(required)) {
      return { kind: "csv", records, errors: [{ line: 1, reason: `Missing required column "${required}"` }] };
    }
  }
  // Papa reports the row index; with greedy skipping we track physical lines through `meta`.
  const lineOf = lineNumbers(text, rows.length);
  rows.forEach((row, i) => {
    const line = lineOf[i] ?? i + 2;
    if (records.length >= MAX_IMPORT_ROWS) {
      if (records.length === MAX_IMPORT_ROWS)
        errors.push({ line, reason: `Only ${MAX_IMPORT_ROWS} rows are read per file` });
      return;
    }
    const fields: Partial<Record<ImportColumn, string>> = {};
    columns.forEach((c, j) => {
      const v = row[j]?.trim();
      if (known.has(c) && v) fields[c as ImportColumn] = v;
    });
    let geometry: unknown = null;
    let decimals: WrittenDecimals = new WeakMap();
    if (fields.geometry) {
      const read = parseJsonKeepingDecimals(fields.geometry);
      if (!read.ok) {
        errors.push({ line, reason: read.rule === "json" ? "The geometry column is not valid GeoJSON" : read.message });
        return;
      }
      geometry = read.value;
      decimals = read.decimals;
    } else if (fields.latitude || fields.longitude) {
      const lat = Number(fields.latitude);
      const lon = Number(fields.longitude);
      if (!fields.latitude || !fields.longitude || !Number.isFinite(lat) || !Number.isFinite(lon)) {
        errors.push({ line, reason: "Give both latitude and longitude as decimal degrees" });
        return;
      }
      // Decimals are counted on the cell text: "7.201230" keeps its six (ADR 010).
      geometry = { type: "Point", coordinates: positionFromText(decimals, fields.longitude, fields.latitude) };
    }
    const area = fields.area_hectares;
    const declaredArea = area === undefined ? undefined : /^[+-]?\d+(\.\d+)?$/.test(area) ? Number(area) : area;
    records.push({ line, fields, geometry, decimals, declaredArea });
  });
  for (const e of result.errors) {
    if (e.row !== undefined) errors.push({ line: lineOf[e.row] ?? e.row + 2, reason: `CSV: ${e.message}` });
  }
  return { kind: "csv", records, errors, notes };
}

/** Physical line of each data row (quoted fields may span lines). */
function lineNumbers(text: string, count: number): number[] {
  const lines: number[] = [];
  let line = 1;
  let inQuotes = false;
  let rowStart = 1;
  let rowHasContent = false;
  let isHeader = true;
  for (let i = 0; i < text.length && lines.length < count; i++) {
    const ch = text[i];
    if (ch === '"') inQuotes = !inQuotes;
    if (ch === "\n") {
      line++;
      if (!inQuotes) {
        if (isHeader) isHeader = false;
        else if (rowHasContent) lines.push(rowStart);
        rowStart = line;
        rowHasContent = false;
      }
      continue;
    }
    if (ch !== "\r" && ch !== " " && ch !== ",") rowHasContent = true;
  }
  if (!isHeader && rowHasContent && lines.length < count) lines.push(rowStart);
  return lines;
}

/** A GeoJSON import file may be as large as the upload limit (bulk-import.ts MAX_IMPORT_BYTES). */
const MAX_GEOJSON_FILE_CHARS = 30 * 1024 * 1024;

function parseGeoJson(text: string): ParsedImport {
  const read = parseJsonKeepingDecimals(text, MAX_GEOJSON_FILE_CHARS);
  if (!read.ok) {
    return {
      kind: "geojson",
      records: [],
      errors: [{ line: 1, reason: read.rule === "json" ? "The file is not valid JSON" : read.message }],
    };
  }
  const json = read.value;
  const fc = json as { type?: string; features?: unknown[] };
  if (fc?.type !== "FeatureCollection" || !Array.isArray(fc.features)) {
    return {
      kind: "geojson",
      records: [],
      errors: [{ line: 1, reason: "A GeoJSON import must be a FeatureCollection" }],
    };
  }
  const known = new Set<string>(IMPORT_COLUMNS);
  const records: ImportRecord[] = [];
  const errors: LineError[] = [];
  fc.features.slice(0, MAX_IMPORT_ROWS).forEach((f, i) => {
    const line = i + 1;
    const feature = f as { type?: string; properties?: Record<string, unknown>; geometry?: unknown };
    if (feature?.type !== "Feature") {
      errors.push({ line, reason: "Not a GeoJSON Feature" });
      return;
    }
    const fields: Partial<Record<ImportColumn, string>> = {};
    for (const [k, v] of Object.entries(feature.properties ?? {})) {
      const c = norm(k);
      if (known.has(c) && v !== null && v !== undefined && String(v).trim()) {
        fields[c as ImportColumn] = Array.isArray(v) ? v.join(";") : String(v).trim();
      }
    }
    // The EU information system's own property names (docs/eudr-rules.md) are understood too.
    const p = feature.properties ?? {};
    if (!fields.first_name && !fields.last_name && typeof p.ProducerName === "string") {
      const parts = p.ProducerName.trim().split(/\s+/);
      fields.first_name = parts.slice(0, -1).join(" ") || parts[0];
      fields.last_name = parts.length > 1 ? parts.at(-1) : "";
    }
    records.push({
      line,
      fields,
      geometry: feature.geometry ?? null,
      decimals: read.decimals,
      declaredArea: p.Area ?? (fields.area_hectares !== undefined ? Number(fields.area_hectares) : undefined),
    });
  });
  if (fc.features.length > MAX_IMPORT_ROWS) {
    errors.push({ line: MAX_IMPORT_ROWS + 1, reason: `Only ${MAX_IMPORT_ROWS} features are read per file` });
  }
  return { kind: "geojson", records, errors };
}

/** The CSV template offered on the import page. */
export function importTemplateCsv(): string {
  const example = [
    "EXT-0001",
    "Musu",
    "Kollie",
    "female",
    "1984-03-12",
    "+231770000001",
    "Nimba",
    "Sanniquellie-Mahn",
    "Gbedin",
    "Cocoa;Cassava",
    "LR-NID-0001",
    "P1",
    "Cocoa",
    "2012",
    "DEED-77/2013",
    "7.201234",
    "-8.612345",
    "",
    "1.5",
  ];
  return csvText(IMPORT_COLUMNS, [example]);
}
