import { Hono } from "hono";
import { PLOTS_PAGE_SIZE, readPlotQuery } from "../content/land-plots";
import { fieldErrors, firstMessage } from "../contracts/field-errors";
import { PlotApiSchema, PlotValidateApiSchema } from "../contracts/plot";
import { checkPlotGeometry } from "../services/plots/check-plot";
import { listLandPlots, plotView, readLandPlot } from "../services/plots/read-plots";
import { registerPlot } from "../services/plots/register-plot";
import { type ApiEnv, jsonBodyKeepingDecimals, requirePermission, serviceDeps } from "./middleware";
import { quota } from "./quota";
import { apiError, paged, reply, success } from "./reply";
import { describe, tag } from "./route-meta";

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
      return reply(c, await checkPlotGeometry({ body: read.body, decimals: read.decimals }, serviceDeps(c)));
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
      // An unknown farmer, or every broken EUDR rule by name: nothing was stored.
      if (!result.ok) return reply(c, result);
      const { created, plot } = result.value;
      return success(c, { created, plot: plotView(plot) }, created ? 201 : 200);
    },
  )
  .get("/", requirePermission("readRegistry"), describe("Land plots, filtered and paged"), async (c) => {
    const { filter, page } = readPlotQuery(new URL(c.req.url).searchParams);
    const pageSize = PLOTS_PAGE_SIZE;
    const { rows, total } = await listLandPlots({ filter, page, pageSize }, serviceDeps(c));
    return paged(c, "plots", rows, { page, pageSize, total });
  })
  .get("/:id", requirePermission("readRegistry"), describe("A land plot with its assessments and batches"), async (c) =>
    reply(c, await readLandPlot(c.req.param("id"), serviceDeps(c))),
  );
