/**
 * The land inspector's API: the verification queue, field visits, boundary edits with
 * versions, and retiring a plot. Each route: the permission guard, the contract, one service
 * (which checks the role AND the plot's assignment again), one reply.
 */
import { Hono } from "hono";
import { fieldErrors, firstMessage } from "../contracts/field-errors";
import {
  BoundaryEditApiSchema,
  RetirePlotSchema,
  VisitApiSchema,
  VisitQueueQuerySchema,
} from "../contracts/land-inspection";
import { editPlotBoundary } from "../services/plots/edit-plot-boundary";
import { listVisitQueue } from "../services/plots/list-visit-queue";
import { plotView } from "../services/plots/read-plots";
import { recordVisit } from "../services/plots/record-visit";
import { retirePlot } from "../services/plots/retire-plot";
import { visitPhoto } from "../services/plots/visit-photo";
import { type ApiEnv, jsonBodyKeepingDecimals, requirePermission, serviceDeps } from "./middleware";
import { apiError, reply, success } from "./reply";
import { describe, tag } from "./route-meta";
import { body, query } from "./validate";

const fromBase64 = (data: string) => Uint8Array.from(atob(data), (ch) => ch.charCodeAt(0));

/** GET /api/visit-queue */
export const visitQueueApi = new Hono<ApiEnv>().get(
  "/",
  requirePermission("readVisitQueue"),
  describe("Plots that need a field visit: most urgent first, then nearest to lat/lon when given (paged)"),
  query(VisitQueueQuerySchema),
  async (c) => {
    const { page, lat, lon } = c.req.valid("query");
    const position = lat !== undefined && lon !== undefined ? { lat, lon } : null;
    const result = await listVisitQueue({ page, position }, serviceDeps(c));
    if (!result.ok) return reply(c, result);
    // The paging shape, plus the scope and the count per reason.
    const { items, county, byRank, page: at, pageSize, total } = result.value;
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    return success(c, { plots: items, county, byRank, page: at, pageSize, total, pageCount });
  },
);

/** /api/plots/{id}/… : mounted beside the plots API. */
export const plotFieldApi = new Hono<ApiEnv>()
  .post(
    "/:id/visits",
    requirePermission("recordVisits"),
    describe("Record a field visit to a plot (a repeated submissionId returns the stored visit)", {
      200: "Already recorded from this submission",
      201: "The new visit",
    }),
    body(VisitApiSchema),
    async (c) => {
      const { photos, ...fields } = c.req.valid("json");
      const result = await recordVisit(
        { ...fields, plotId: c.req.param("id"), photos: photos?.map((p) => fromBase64(p.data)) },
        { ...serviceDeps(c), photos: serviceDeps(c).r2 },
      );
      if (!result.ok) return reply(c, result);
      const { visit, created } = result.value;
      return success(
        c,
        { created, visit: { ...visit, photoKeys: JSON.parse(visit.photoKeys) as string[] } },
        created ? 201 : 200,
      );
    },
  )
  .get(
    "/:id/visits/:visitId/photos/:n",
    requirePermission("readRegistry"),
    describe("One photo of a field visit (the image itself, metadata removed)", {
      200: "The image",
      404: "No such photo",
    }),
    async (c) => {
      const photo = await visitPhoto(
        { plotId: c.req.param("id"), visitId: c.req.param("visitId"), n: Number(c.req.param("n")) },
        serviceDeps(c),
      );
      if (!photo.ok) return reply(c, photo);
      const { object } = photo.value;
      return new Response(object.body, {
        headers: {
          "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
          "Content-Disposition": "inline",
          "X-Content-Type-Options": "nosniff",
          "Cache-Control": "private, no-store",
        },
      });
    },
  )
  .put(
    "/:id/boundary",
    requirePermission("editPlots"),
    tag(
      describe(
        "Replace a plot's boundary: every EUDR check again, the old version kept, re-assessed (409 when baseVersion is stale)",
      ),
      { body: BoundaryEditApiSchema },
    ),
    async (c) => {
      // Read as text so each coordinate's decimals are judged as written (docs/eudr-rules.md "Precision").
      const read = await jsonBodyKeepingDecimals(c);
      if (!read.ok) return read.response;
      const parsed = BoundaryEditApiSchema.safeParse(read.body ?? {});
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        return apiError(c, 400, firstMessage(errors), errors);
      }
      const { geometry, feature, ...fields } = parsed.data;
      const result = await editPlotBoundary(
        { ...fields, plotId: c.req.param("id"), geojson: feature ?? geometry, decimals: read.decimals },
        serviceDeps(c),
      );
      if (!result.ok) return reply(c, result);
      const { plot, created, warnings, assessment } = result.value;
      return success(c, { created, plot: plotView(plot), warnings, assessment });
    },
  )
  .post(
    "/:id/retire",
    requirePermission("retirePlots"),
    describe("Retire a plot with a reason (never deleted; no new purchase may use it)"),
    body(RetirePlotSchema),
    async (c) => {
      const result = await retirePlot({ ...c.req.valid("json"), plotId: c.req.param("id") }, serviceDeps(c));
      if (!result.ok) return reply(c, result);
      return success(c, { plot: plotView(result.value.plot) });
    },
  );
