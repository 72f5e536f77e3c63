import { Hono } from "hono";
import { MonitoringQuerySchema } from "../contracts/monitoring";
import { readMonitoring, readMonitoringFeed } from "../services/monitoring/read-monitoring";
import { type ApiEnv, publicDeps } from "./middleware";
import { success } from "./reply";
import { describe } from "./route-meta";
import { query } from "./validate";

/** Aggregates change slowly; the feed is polled by the dashboard every 30 s. */
const FIGURES_CACHE = "public, max-age=300";
const FEED_CACHE = "public, max-age=15";

/**
 * /api/monitoring: what the public view of /monitoring-dashboard shows, for anyone —
 * aggregates only, small cells suppressed ("<5", worker/domain/suppression.ts), fixed periods
 * and whole counties; and the anonymised event feed (kind, minute, county — never an id).
 */
export const monitoringApi = new Hono<ApiEnv>()
  .get(
    "/figures",
    describe(
      'National (or one county\'s) aggregates of a fixed period: farmers, plots, valid geometry, risk, volumes, certificates; cells under 5 farmers read "<5", their complements "*"',
    ),
    query(MonitoringQuerySchema),
    async (c) => {
      const { period, county } = c.req.valid("query");
      const figures = await readMonitoring({ period, county: county ?? null }, publicDeps(c));
      c.header("Cache-Control", FIGURES_CACHE);
      return success(c, { figures });
    },
  )
  .get(
    "/events",
    describe(
      "The latest anonymised events (batch or shipment exported, certificate issued or revoked, county risk assessment finished): kind, minute and county only",
    ),
    async (c) => {
      const events = await readMonitoringFeed(publicDeps(c));
      c.header("Cache-Control", FEED_CACHE);
      return success(c, { events });
    },
  );
