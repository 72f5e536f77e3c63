/**
 * Writes a validated plot geometry as JSON with every coordinate at exactly 6 decimals
 * (ADR 010): `6.982140` stays six decimals when the stored text is read again.
 */
import type { AnyPlotGeometry } from "./read-plot.ts";

type RawJson = { rawJSON?: (text: string) => unknown };

/** JSON text of a geometry whose numbers are all coordinates rounded to 6 decimals. */
export function geometryJson(geometry: AnyPlotGeometry): string {
  const raw = (JSON as unknown as RawJson).rawJSON;
  if (raw) return JSON.stringify(geometry, (_key, v: unknown) => (typeof v === "number" ? raw(v.toFixed(6)) : v));
  // Runtimes without JSON.rawJSON: write numbers as placeholders, then unquote them.
  return JSON.stringify(geometry, (_key, v: unknown) => (typeof v === "number" ? `\u0000${v.toFixed(6)}` : v)).replace(
    /"\\u0000(-?\d+\.\d{6})"/g,
    "$1",
  );
}
