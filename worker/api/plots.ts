import { Hono } from "hono";
import {
  assessmentsOfPlot,
  batchesOfPlot,
  listPlots,
  type PlotRow,
  plotsInBox,
  plotWithFarmer,
} from "#db/queries/land-plots";
import { PERMISSIONS } from "../auth/permissions";
import { PLOTS_PAGE_SIZE, readPlotQuery } from "../content/land-plots";
import { fieldErrors } from "../contracts/auth";
import { PLOT_MESSAGES, PlotApiSchema } from "../contracts/plot";
import { type PlotGeometry, validatePlotGeometry } from "../domain/validate-geometry";
import { claimSearchBox, registerPlot } from "../services/plots/register-plot";
import { apiError } from "./errors";
import { type ApiEnv, jsonBodyKeepingDecimals, requireApiRole } from "./middleware";

/** A stored plot as the API shows it: geometry and issues as JSON, the submission id named so. */
function publicPlot({ importKey, geometry, validationIssues, ...plot }: PlotRow & { farmerName?: string | null }) {
  return {
    ...plot,
    submissionId: importKey,
    geometry: JSON.parse(geometry) as PlotGeometry,
    validationIssues: JSON.parse(validationIssues) as unknown,
  };
}

export const plotsApi = new Hono<ApiEnv>()
  .post("/validate", requireApiRole(...PERMISSIONS.checkPlots), async (c) => {
    const read = await jsonBodyKeepingDecimals(c);
    if (!read.ok) return read.response;
    if (!read.body || typeof read.body !== "object" || Array.isArray(read.body))
      return apiError(c, 400, "Send a GeoJSON geometry or Feature (in the body, or as `geojson`)");
    const body = read.body as Record<string, unknown>;
    // Either the GeoJSON itself, or { geometry | feature | geojson, crop, county, farmerId, declaredAreaHectares }.
    const geojson = typeof body.type === "string" ? body : (body.geojson ?? body.feature ?? body.geometry);
    if (!geojson || typeof geojson !== "object")
      return apiError(c, 400, "Send a GeoJSON geometry or Feature (in the body, or as `geojson`)");
    const rawProps = (geojson as Record<string, unknown>).properties;
    const props = (rawProps && typeof rawProps === "object" ? rawProps : {}) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
    const options = {
      crop: str(body.crop) ?? str(props.crop),
      county: str(body.county) ?? str(props.county),
      farmerId: str(body.farmerId) ?? str(props.farmerId),
      // Passed through as sent: a quoted "5" is a named error, not silently ignored.
      declaredAreaHectares: body.declaredAreaHectares,
    };
    const box = claimSearchBox(geojson);
    const others = box
      ? (await plotsInBox(c.get("db"), box)).map((p) => ({ ...p, geometry: JSON.parse(p.geometry) as PlotGeometry }))
      : [];
    const result = validatePlotGeometry(geojson, { ...options, others, decimals: read.decimals });
    return c.json({
      valid: result.valid,
      areaHectares: result.areaHectares,
      errors: result.errors,
      warnings: result.warnings,
    });
  })
  .post("/", requireApiRole(...PERMISSIONS.editPlots), async (c) => {
    const read = await jsonBodyKeepingDecimals(c);
    if (!read.ok) return read.response;
    const parsed = PlotApiSchema.safeParse(read.body ?? {});
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return apiError(c, 400, Object.values(errors)[0]![0]!, errors);
    }
    const { geometry, feature, declaredAreaHectares, ...fields } = parsed.data;
    const session = c.get("session");
    const result = await registerPlot(
      { ...fields, geojson: feature ?? geometry, declaredAreaHectares, decimals: read.decimals },
      { db: c.get("db"), actor: { id: session.id, role: session.role } },
    );
    if (!result.ok && result.kind === "unknown-farmer")
      return apiError(c, 400, result.message, { farmerId: [result.message] });
    if (!result.ok) {
      // Every broken EUDR rule, by name; nothing was stored.
      return c.json(
        { success: false, message: PLOT_MESSAGES.notValid, errors: result.errors, warnings: result.warnings },
        400,
      );
    }
    return c.json(
      { success: true, created: result.created, plot: publicPlot(result.plot) },
      result.created ? 201 : 200,
    );
  })
  .get("/", requireApiRole(...PERMISSIONS.readRegistry), async (c) => {
    const { filter, page } = readPlotQuery(new URL(c.req.url).searchParams);
    const { rows, total } = await listPlots(c.get("db"), filter, page, PLOTS_PAGE_SIZE);
    return c.json({
      success: true,
      plots: rows,
      total,
      page,
      pageSize: PLOTS_PAGE_SIZE,
      pages: Math.max(1, Math.ceil(total / PLOTS_PAGE_SIZE)),
    });
  })
  .get("/:id", requireApiRole(...PERMISSIONS.readRegistry), async (c) => {
    const db = c.get("db");
    const plot = await plotWithFarmer(db, c.req.param("id"));
    if (!plot) return apiError(c, 404, "No land plot with this ID");
    const [assessments, batches] = await Promise.all([assessmentsOfPlot(db, plot.id), batchesOfPlot(db, plot.id)]);
    return c.json({
      success: true,
      plot: publicPlot(plot),
      assessments: assessments.map((a) => ({
        ...a,
        evidence: JSON.parse(a.evidence) as unknown,
        reasons: JSON.parse(a.reasons) as unknown,
      })),
      batches,
    });
  });
