/** What the land inspection tests share: the Nimba plots of plots-fixtures, a Lofa plot, API helpers. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { sessionAs } from "./factories";
import { bearer, one } from "./helpers";
import { issueLicence } from "./licence-fixtures";
import { inspector, seedFarmersAndSignIn, storeThePlots } from "./plots-fixtures";

export { inspector };
export type Plot = { id: string; plotCode: string; version: number; county: string | null };

export const json = bearer;

export const plotByCode = (code: string) =>
  one<Plot & { status: string; visit_priority: number | null }>(
    "SELECT id, plot_code AS plotCode, version, county, status, visit_priority FROM land_plots WHERE plot_code = ?",
    code,
  );

/** Four Nimba plots (two per farmer) and one plot in Lofa County (another inspector's). */
export async function seedLandInspection() {
  await seedFarmersAndSignIn();
  await storeThePlots();
  // A copy of PLT-100002-01 moved to Lofa on paper: the Nimba inspector is not assigned to it.
  await env.DB.prepare(
    `INSERT INTO land_plots (id, plot_code, farmer_id, geometry, geometry_type, area_hectares, min_lon, min_lat, max_lon, max_lat,
       crop, county, declared_county, validation_state, validation_issues)
     SELECT 'lofa-plot', 'PLT-100002-09', farmer_id, geometry, geometry_type, area_hectares, min_lon, min_lat, max_lon, max_lat,
       crop, 'Lofa County', 'Lofa County', validation_state, '{}' FROM land_plots WHERE plot_code = 'PLT-100002-01'`,
  ).run();
  const dg = await sessionAs("dg");
  const buyer = await sessionAs("buyer");
  // The buyer's purchases need a valid licence (ADR 029), issued through the services.
  await issueLicence("buyer");
  const farmer = await sessionAs("farmer");
  // The first farmer has an account: visits to her plots notify it.
  await env.DB.prepare("UPDATE farmers SET user_id = ? WHERE farmer_id = 'FRM100001'").bind(farmer.account.id).run();
  return { inspector, dg, buyer, farmer };
}

export const visitBody = (over: Record<string, unknown> = {}) => ({
  visitedOn: "2026-01-10",
  latitude: 7.2006,
  longitude: -8.6006,
  findings: "Boundary pegs found at every corner; cocoa under shade trees.",
  decision: "confirmed",
  submissionId: crypto.randomUUID(),
  ...over,
});

export type QueueReply = {
  plots: { plotCode: string; priority: number; reason: string; distanceKm: number | null }[];
  total: number;
  county: string | null;
};
/** The visit queue as `token` sees it (asserted 200). */
export const queue = async (token: string, q = "") => {
  const res = await json(token, `/api/visit-queue${q}`);
  expect(res.status).toBe(200);
  return (await res.json()) as QueueReply;
};
/** Sets columns of the plot `code` (an SQL SET clause). */
export const setPlot = (code: string, sql: string) =>
  env.DB.prepare(`UPDATE land_plots SET ${sql} WHERE plot_code = ?`).bind(code).run();
