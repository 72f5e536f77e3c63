/**
 * Checking a plot geometry against the EUDR rules without storing it (POST /api/plots/validate):
 * the same rules and double-claim search as a registration (./register-plot.ts), on what a
 * client sends: the GeoJSON itself, or `{ geojson | feature | geometry, crop, county, farmerId,
 * declaredAreaHectares }` (the fields may also sit in the Feature's properties).
 */
import type { Database } from "#db/client";
import { plotsInBox } from "#db/queries/land-plots";
import { type PlotGeometry, validatePlotGeometry } from "#worker/domain/validate-geometry";
import type { WrittenDecimals } from "#worker/domain/written-decimals";
import { fail, ok } from "../result";
import { claimSearchBox } from "./register-plot";

const NO_GEOJSON = "Send a GeoJSON geometry or Feature (in the body, or as `geojson`)";

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);

/** The verdict on a body: valid or not, the area, and each error and warning by rule. */
export async function checkPlotGeometry(input: { body: unknown; decimals?: WrittenDecimals }, deps: { db: Database }) {
  const { body } = input;
  if (!body || typeof body !== "object" || Array.isArray(body)) return fail(400, NO_GEOJSON);
  const fields = body as Record<string, unknown>;
  const geojson = typeof fields.type === "string" ? fields : (fields.geojson ?? fields.feature ?? fields.geometry);
  if (!geojson || typeof geojson !== "object") return fail(400, NO_GEOJSON);
  const rawProps = (geojson as Record<string, unknown>).properties;
  const props = (rawProps && typeof rawProps === "object" ? rawProps : {}) as Record<string, unknown>;
  const options = {
    crop: text(fields.crop) ?? text(props.crop),
    county: text(fields.county) ?? text(props.county),
    farmerId: text(fields.farmerId) ?? text(props.farmerId),
    // Passed through as sent: a quoted "5" is a named error, not silently ignored.
    declaredAreaHectares: fields.declaredAreaHectares,
  };
  const box = claimSearchBox(geojson);
  const others = box
    ? (await plotsInBox(deps.db, box)).map((p) => ({ ...p, geometry: JSON.parse(p.geometry) as PlotGeometry }))
    : [];
  const { valid, areaHectares, errors, warnings } = validatePlotGeometry(geojson, {
    ...options,
    others,
    decimals: input.decimals,
  });
  return ok({ valid, areaHectares, errors, warnings });
}
