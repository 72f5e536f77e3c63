import { Hono } from "hono";
import {
  assessmentsOfPlot,
  batchesOfPlot,
  listPlots,
  type PlotRow,
  plotsInBox,
  plotWithFarmer,
} from "#db/queries/land-plots";
import { PLOTS_PAGE_SIZE, readPlotQuery } from "../content/land-plots";
import { fieldErrors, firstMessage } from "../contracts/field-errors";
import { PLOT_MESSAGES, PlotApiSchema, PlotValidateApiSchema } from "../contracts/plot";
import { type PlotGeometry, validatePlotGeometry } from "../domain/validate-geometry";
import { claimSearchBox, registerPlot } from "../services/plots/register-plot";
import { type ApiEnv, jsonBodyKeepingDecimals, requirePermission, serviceDeps } from "./middleware";
import { quota } from "./quota";
import { apiError, paged, success } from "./reply";
import { describe, tag } from "./route-meta";

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
  .post(
    "/validate",
    requirePermission("checkPlots"),
    tag(describe("Check a plot geometry against the EUDR rules (nothing is stored)"), { body: PlotValidateApiSchema }),
    quota("validation"),
    async (c) => {
      // Read as text so each coordinate's decimals are counted as written (docs/eudr-rules.md "Precision").
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
        ? (await plotsInBox(serviceDeps(c).db, box)).map((p) => ({
            ...p,
            geometry: JSON.parse(p.geometry) as PlotGeometry,
          }))
        : [];
      const result = validatePlotGeometry(geojson, { ...options, others, decimals: read.decimals });
      const { valid, areaHectares, errors, warnings } = result;
      return success(c, { valid, areaHectares, errors, warnings });
    },
  )
  .post(
    "/",
    requirePermission("editPlots"),
    tag(
      describe("Register a land plot (a repeated submissionId returns the stored plot)", {
        200: "Already registered from this submission",
        201: "The new plot",
      }),
      { body: PlotApiSchema },
    ),
    async (c) => {
      const read = await jsonBodyKeepingDecimals(c);
      if (!read.ok) return read.response;
      const parsed = PlotApiSchema.safeParse(read.body ?? {});
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        return apiError(c, 400, firstMessage(errors), errors);
      }
      const { geometry, feature, declaredAreaHectares, ...fields } = parsed.data;
      const result = await registerPlot(
        { ...fields, geojson: feature ?? geometry, declaredAreaHectares, decimals: read.decimals },
        serviceDeps(c),
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
      return success(c, { created: result.created, plot: publicPlot(result.plot) }, result.created ? 201 : 200);
    },
  )
  .get("/", requirePermission("readRegistry"), describe("Land plots, filtered and paged"), async (c) => {
    const { filter, page } = readPlotQuery(new URL(c.req.url).searchParams);
    const pageSize = PLOTS_PAGE_SIZE;
    const { rows, total } = await listPlots(serviceDeps(c).db, filter, page, pageSize);
    return paged(c, "plots", rows, { page, pageSize, total });
  })
  .get(
    "/:id",
    requirePermission("readRegistry"),
    describe("A land plot with its assessments and batches"),
    async (c) => {
      const { db } = serviceDeps(c);
      const plot = await plotWithFarmer(db, c.req.param("id"));
      if (!plot) return apiError(c, 404, "No land plot with this ID");
      const [assessments, batches] = await Promise.all([assessmentsOfPlot(db, plot.id), batchesOfPlot(db, plot.id)]);
      return success(c, {
        plot: publicPlot(plot),
        assessments: assessments.map((a) => ({
          ...a,
          evidence: JSON.parse(a.evidence) as unknown,
          reasons: JSON.parse(a.reasons) as unknown,
        })),
        batches,
      });
    },
  );
