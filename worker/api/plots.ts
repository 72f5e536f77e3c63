import { Hono } from "hono";
import { plotsInBox } from "../../db/queries/land-plots";
import { validatePlotGeometry, type PlotGeometry, type Position } from "../domain/validate-geometry";
import { PERMISSIONS } from "../auth/permissions";
import { apiError } from "./errors";
import { jsonBody, requireApiRole, type ApiEnv } from "./middleware";


function bboxOf(value: unknown) {
  const nums: Position[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v) && v.length >= 2 && typeof v[0] === "number" && typeof v[1] === "number") nums.push(v as Position);
    else if (Array.isArray(v)) v.forEach(walk);
  };
  walk(value);
  if (!nums.length) return null;
  return {
    minLon: Math.min(...nums.map((p) => p[0])),
    maxLon: Math.max(...nums.map((p) => p[0])),
    minLat: Math.min(...nums.map((p) => p[1])),
    maxLat: Math.max(...nums.map((p) => p[1])),
  };
}

export const plotsApi = new Hono<ApiEnv>().post("/validate", requireApiRole(...PERMISSIONS.checkPlots), async (c) => {
  const read = await jsonBody(c);
  if (!read.ok) return read.response;
  const body = (read.body ?? {}) as Record<string, unknown>;
  // Either the GeoJSON itself, or { geometry | feature | geojson, crop, county, farmerId, declaredAreaHectares }.
  const geojson = typeof body.type === "string" ? body : (body.geojson ?? body.feature ?? body.geometry);
  if (!geojson) return apiError(c, 400, "Send a GeoJSON geometry or Feature (in the body, or as `geojson`)");
  const props = ((geojson as Record<string, unknown>).properties ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
  const options = {
    crop: str(body.crop) ?? str(props.crop),
    county: str(body.county) ?? str(props.county),
    farmerId: str(body.farmerId) ?? str(props.farmerId),
    declaredAreaHectares: typeof body.declaredAreaHectares === "number" ? body.declaredAreaHectares : undefined,
  };
  const geometry = ((geojson as Record<string, unknown>).type === "Feature" ? (geojson as Record<string, unknown>).geometry : geojson) as
    | Record<string, unknown>
    | undefined;
  const box = bboxOf(geometry?.coordinates);
  const others = box
    ? (await plotsInBox(c.get("db"), box)).map((p) => ({ ...p, geometry: JSON.parse(p.geometry) as PlotGeometry }))
    : [];
  const result = validatePlotGeometry(geojson, { ...options, others });
  return c.json({ valid: result.valid, areaHectares: result.areaHectares, errors: result.errors, warnings: result.warnings });
});
