import { Hono } from "hono";
import { findFarmer, searchFarmers } from "#db/queries/farmers";
import { PERMISSIONS } from "../auth/permissions";
import { fieldErrors } from "../contracts/auth";
import { FarmerSchema, FarmerSearchSchema, searchFilter } from "../contracts/farmer";
import { normaliseFarmerId } from "../domain/farmer-id";
import { farmerSummary, farmerView, registerFarmer } from "../services/registry/register-farmer";
import { apiError } from "./errors";
import { type ApiEnv, jsonBody, requireApiRole } from "./middleware";

/**
 * The farmer registry (issue #4), mounted at /api/farmers. POST /api/farmers/login is the
 * sign-in endpoint of worker/api/auth.ts (mounted first): guards here are per route, never
 * `use("*")`, so they never stand in front of it.
 */
export const farmersApi = new Hono<ApiEnv>()
  .post("/", requireApiRole(...PERMISSIONS.registerFarmers), async (c) => {
    const read = await jsonBody(c);
    if (!read.ok) return read.response;
    const parsed = FarmerSchema.safeParse(read.body ?? {});
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return apiError(c, 400, Object.values(errors)[0]![0]!, errors);
    }
    const session = c.get("session");
    const result = await registerFarmer(parsed.data, {
      db: c.get("db"),
      actor: { id: session.id, role: session.role },
    });
    if (!result.ok) return apiError(c, result.status, result.message, result.errors);
    c.header("Cache-Control", "no-store");
    return c.json(
      {
        success: true,
        created: result.created,
        farmer: result.farmer,
        temporaryPassword: result.temporaryPassword,
        message: result.created
          ? `Farmer ${result.farmer.farmerId} registered. Give the farmer the temporary password: it is shown only once.`
          : result.temporaryPassword
            ? `Farmer ${result.farmer.farmerId} was already registered from this submission. A new temporary password replaces the earlier one.`
            : `Farmer ${result.farmer.farmerId} was already registered from this submission.`,
      },
      result.created ? 201 : 200,
    );
  })
  .get("/", requireApiRole(...PERMISSIONS.readRegistry), async (c) => {
    const parsed = FarmerSearchSchema.safeParse(c.req.query());
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return apiError(c, 400, Object.values(errors)[0]![0]!, errors);
    }
    const { page, pageSize } = parsed.data;
    const { rows, total } = await searchFarmers(c.get("db"), searchFilter(parsed.data), page, pageSize);
    c.header("Cache-Control", "private, no-store");
    return c.json({ farmers: rows.map(farmerSummary), page, pageSize, total });
  })
  .get("/:farmerId", requireApiRole(...PERMISSIONS.readRegistry), async (c) => {
    const farmerId = normaliseFarmerId(c.req.param("farmerId"));
    const found = farmerId ? await findFarmer(c.get("db"), farmerId) : null;
    if (!found) return apiError(c, 404, `No farmer with ID ${c.req.param("farmerId")}`);
    c.header("Cache-Control", "private, no-store");
    return c.json({ success: true, farmer: farmerView(found.farmer) });
  })
  .get("/:farmerId/photo", requireApiRole(...PERMISSIONS.readRegistry), async (c) => {
    const farmerId = normaliseFarmerId(c.req.param("farmerId"));
    const found = farmerId ? await findFarmer(c.get("db"), farmerId) : null;
    if (!found) return apiError(c, 404, `No farmer with ID ${c.req.param("farmerId")}`);
    const object = found.farmer.photoKey ? await c.env.CERTS.get(found.farmer.photoKey) : null;
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
  });
