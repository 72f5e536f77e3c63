import { Hono } from "hono";
import { FarmerSchema, FarmerSearchSchema } from "../contracts/farmer";
import { farmerPhoto, readFarmer, searchRegistry } from "../services/registry/read-farmers";
import { registerFarmer } from "../services/registry/register-farmer";
import { type ApiEnv, requirePermission, serviceDeps } from "./middleware";
import { paged, reply, success } from "./reply";
import { describe } from "./route-meta";
import { body, query } from "./validate";

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
      const { created, farmer, temporaryPassword } = result.value;
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
      const { farmers, total } = await searchRegistry(search, serviceDeps(c));
      c.header("Cache-Control", "private, no-store");
      return paged(c, "farmers", farmers, { page, pageSize, total });
    },
  )
  .get("/:farmerId", requirePermission("readRegistry"), describe("A farmer's record"), async (c) => {
    const found = await readFarmer(c.req.param("farmerId"), serviceDeps(c));
    if (found.ok) c.header("Cache-Control", "private, no-store");
    return reply(c, found);
  })
  .get(
    "/:farmerId/photo",
    requirePermission("readRegistry"),
    describe("A farmer's photo", { 200: "The image" }),
    async (c) => {
      const photo = await farmerPhoto(c.req.param("farmerId"), serviceDeps(c));
      if (!photo.ok) return reply(c, photo);
      const { farmerId, object } = photo.value;
      const headers = new Headers();
      object.writeHttpMetadata(headers);
      headers.set("Content-Length", String(object.size));
      headers.set("ETag", object.httpEtag);
      // Personal data: the browser may keep it for the session, shared caches never.
      headers.set("Cache-Control", "private, max-age=300");
      headers.set("X-Content-Type-Options", "nosniff");
      headers.set("Content-Disposition", `inline; filename="${farmerId}-photo"`);
      return new Response(object.body, { headers });
    },
  );
