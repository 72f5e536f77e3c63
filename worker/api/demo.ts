import { Hono } from "hono";
import { isDemoMode } from "../env";
import { seedDemoData } from "../services/demo/seed-demo-data";
import { onApiNotFound } from "./errors";
import { type ApiEnv, requirePermission, serviceDeps } from "./middleware";
import { apiError, reply, success } from "./reply";
import { describe } from "./route-meta";

/**
 * Demo-mode tools (ADR 007). With demo mode off these routes do not exist: the 404 comes before
 * any sign-in check, so production answers exactly as for an unknown URL.
 */
export const demoApi = new Hono<ApiEnv>()
  .use(async (c, next) => {
    if (!isDemoMode(c.env)) return onApiNotFound(c);
    await next();
  })
  /** Seeds the demo traceability data (worker/services/demo/seed-demo-data.ts); a second call creates nothing. */
  .post("/seed", requirePermission("seedDemoData"), describe("Seed the demo data (demo mode only)"), async (c) => {
    try {
      const result = await seedDemoData(serviceDeps(c));
      if (!result.ok) return reply(c, result);
      const { ok: _ok, ...summary } = result;
      return success(c, summary);
    } catch (error) {
      // Demo mode only and for the system administrator: the reason helps whoever runs `npm start`.
      console.error("demo seed failed", error);
      return apiError(
        c,
        500,
        `The demo data could not be seeded: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });
