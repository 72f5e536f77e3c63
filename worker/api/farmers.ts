import { type Context, Hono } from "hono";
import { findFarmer, searchFarmers } from "#db/queries/farmers";
import { FarmerSchema, FarmerSearchSchema, searchFilter } from "../contracts/farmer";
import { normaliseFarmerId } from "../domain/farmer-id";
import { farmerSummary, farmerView, registerFarmer } from "../services/registry/register-farmer";
import { type ApiEnv, requirePermission, serviceDeps } from "./middleware";
import { apiError, paged, reply, success } from "./reply";
import { describe } from "./route-meta";
import { body, query } from "./validate";

/** The farmer named in the path, or null (an ID in any accepted spelling, e.g. frm100001). */
async function farmerOfPath(c: Context<ApiEnv>) {
  const farmerId = normaliseFarmerId(c.req.param("farmerId") ?? "");
  return farmerId ? await findFarmer(serviceDeps(c).db, farmerId) : null;
}

const noFarmer = (c: Context<ApiEnv>) => apiError(c, 404, `No farmer with ID ${c.req.param("farmerId")}`);

/**
 * The farmer registry, mounted at /api/farmers. POST /api/farmers/login is the
 * sign-in endpoint of worker/api/auth.ts (mounted first): guards here are per route, never
 * `use("*")`, so they never stand in front of it.
 */
export const farmersApi = new Hono<ApiEnv>()
  .post(
    "/",
    requirePermission("registerFarmers"),
    describe("Register a farmer and their account (a repeated submissionId returns the stored farmer)", {
      200: "Already registered from this submission",
      201: "The new farmer, with the temporary password shown once",
    }),
    body(FarmerSchema),
    async (c) => {
      const result = await registerFarmer(c.req.valid("json"), serviceDeps(c));
      if (!result.ok) return reply(c, result);
      c.header("Cache-Control", "no-store");
      const { created, farmer, temporaryPassword } = result;
      return success(
        c,
        {
          created,
          farmer,
          temporaryPassword,
          message: created
            ? `Farmer ${farmer.farmerId} registered. Give the farmer the temporary password: it is shown only once.`
            : temporaryPassword
              ? `Farmer ${farmer.farmerId} was already registered from this submission. A new temporary password replaces the earlier one.`
              : `Farmer ${farmer.farmerId} was already registered from this submission.`,
        },
        created ? 201 : 200,
      );
    },
  )
  .get(
    "/",
    requirePermission("readRegistry"),
    describe("Search farmers by name or ID, county and crop, paged"),
    query(FarmerSearchSchema),
    async (c) => {
      const search = c.req.valid("query");
      const { page, pageSize } = search;
      const { rows, total } = await searchFarmers(serviceDeps(c).db, searchFilter(search), page, pageSize);
      c.header("Cache-Control", "private, no-store");
      return paged(c, "farmers", rows.map(farmerSummary), { page, pageSize, total });
    },
  )
  .get("/:farmerId", requirePermission("readRegistry"), describe("A farmer's record"), async (c) => {
    const found = await farmerOfPath(c);
    if (!found) return noFarmer(c);
    c.header("Cache-Control", "private, no-store");
    return success(c, { farmer: farmerView(found.farmer) });
  })
  .get(
    "/:farmerId/photo",
    requirePermission("readRegistry"),
    describe("A farmer's photo", { 200: "The image" }),
    async (c) => {
      const found = await farmerOfPath(c);
      if (!found) return noFarmer(c);
      const object = found.farmer.photoKey ? await serviceDeps(c).r2.get(found.farmer.photoKey) : null;
      if (!object) return apiError(c, 404, `Farmer ${found.farmer.farmerId} has no photo`);
      const headers = new Headers();
      object.writeHttpMetadata(headers);
      headers.set("Content-Length", String(object.size));
      headers.set("ETag", object.httpEtag);
      // Personal data: the browser may keep it for the session, shared caches never.
      headers.set("Cache-Control", "private, max-age=300");
      headers.set("X-Content-Type-Options", "nosniff");
      headers.set("Content-Disposition", `inline; filename="${found.farmer.farmerId}-photo"`);
      return new Response(object.body, { headers });
    },
  );
