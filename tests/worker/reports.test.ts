/**
 * Oversight reports in the built Worker with real D1 and R2: the figures of each kind
 * from rows seeded with known numbers, the background build with its progress, the PDF with its
 * ETag, the R2 cache (an unchanged report is never stored twice), and who may see what.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { gatherFigures, gatherReportData } from "#worker/services/reports/report-data";
import { call } from "./helpers";
import {
  bearer,
  EXPORTER_B,
  PERIOD,
  postReport,
  type Report,
  seedAndSignIn,
  staff,
  TOMORROW,
  waitForReport,
} from "./reports-fixtures";

beforeAll(seedAndSignIn);

describe("report figures (GROUP BY aggregates)", () => {
  const db = () => database(env.DB);

  it("national: farmers, plots by verdict and geometry, batches by compliance, purchases, exports, monthly series, county and commodity breakdowns", async () => {
    const { dataHash } = await gatherReportData("national", PERIOD, { db: db() });
    expect(dataHash).toMatch(/^[0-9a-f]{64}$/);
    // The raw aggregates (the published report withholds these few farmers: reports-suppression.test.ts).
    const data = await gatherFigures("national", PERIOD, { db: db() });
    expect(data.scope).toBe("Liberia");
    expect(data.registry).toEqual({
      farmersRegistered: 3,
      farmersByEnd: 4,
      plots: { count: 5, hectares: 11.25 },
      byValidation: { valid: { count: 4, hectares: 10.75 }, invalid: { count: 1, hectares: 0.5 } },
      byRisk: {
        low: { count: 1, hectares: 2.5 },
        more_information_needed: { count: 1, hectares: 4 },
        high: { count: 1, hectares: 1.25 },
        not_assessed: { count: 2, hectares: 3.5 },
      },
    });
    // Open batches (B4 was split: counted through B5 and B6, which lost 50 kg).
    expect(data.batches).toEqual({
      count: 5,
      weightKg: 2550,
      byCompliance: {
        compliant: { count: 2, weightKg: 1450 },
        pending: { count: 2, weightKg: 600 },
        held_for_review: { count: 1, weightKg: 500 },
        non_compliant: { count: 0, weightKg: 0 },
      },
    });
    // Purchases: the weight and date at the purchase (B1 bought at 1,010 kg, since dried to 1,000), voided steps not counted.
    expect(data.purchases).toEqual({ count: 4, weightKg: 2610 });
    // Exports dated in the period, whenever the batch was recorded; the weight out of the export step when recorded.
    expect(data.exports).toEqual({
      count: 3,
      weightKg: 2140,
      exporters: 2,
      byCompliance: {
        compliant: { count: 3, weightKg: 2140 },
        pending: { count: 0, weightKg: 0 },
        held_for_review: { count: 0, weightKg: 0 },
        non_compliant: { count: 0, weightKg: 0 },
      },
    });
    expect(data.monthly).toEqual([
      { month: "2026-01", purchasedKg: 1010, exportedKg: 700 },
      { month: "2026-02", purchasedKg: 1300, exportedKg: 990 },
      { month: "2026-03", purchasedKg: 300, exportedKg: 450 },
    ]);
    expect(data.byCounty).toHaveLength(15);
    const county = (name: string) => data.byCounty.find((c) => c.county === name);
    expect(county("Nimba County")).toEqual({
      county: "Nimba County",
      farmers: 2,
      plots: 3,
      hectares: 6.75,
      lowRiskPlots: 1,
      highRiskPlots: 1,
      purchasedKg: 2310,
      exportedKg: 1440,
    });
    expect(county("Bong County")).toEqual({
      county: "Bong County",
      farmers: 1,
      plots: 2,
      hectares: 4.5,
      lowRiskPlots: 0,
      highRiskPlots: 0,
      purchasedKg: 300,
      exportedKg: 0,
    });
    expect(county("Lofa County")).toEqual({
      county: "Lofa County",
      farmers: 0,
      plots: 0,
      hectares: 0,
      lowRiskPlots: 0,
      highRiskPlots: 0,
      purchasedKg: 0,
      exportedKg: 700,
    });
    expect(data.byCommodity).toEqual([
      { commodity: "Cocoa", plots: 3, hectares: 7.75, batches: 4, weightKg: 2250, compliantKg: 1450, exportedKg: 2140 },
      { commodity: "Coffee", plots: 2, hectares: 3.5, batches: 1, weightKg: 300, compliantKg: 0, exportedKg: 0 },
    ]);
    // No exporter is named outside the by-exporter report; no identifier of a farmer, plot or batch anywhere.
    expect(data.byExporter).toEqual([]);
    expect(JSON.stringify(data)).not.toMatch(/FRM\d|PLT-|LR-TST|Premium|Atlantic|plot-P|batch-B/);
  });

  it("county and commodity reports filter every figure", async () => {
    const nimba = await gatherFigures(
      "county",
      { ...PERIOD, county: "Nimba County", commodity: "Coffee" },
      { db: db() },
    );
    // A county report ignores a commodity sent along with it.
    expect(nimba.params).toEqual({ ...PERIOD, county: "Nimba County" });
    expect(nimba.registry).toMatchObject({
      farmersRegistered: 2,
      farmersByEnd: 2,
      plots: { count: 3, hectares: 6.75 },
    });
    expect(nimba.batches).toMatchObject({ count: 4, weightKg: 2250 });
    expect(nimba.exports).toMatchObject({ count: 2, weightKg: 1440, exporters: 2 });
    expect(nimba.byCounty).toEqual([]);
    expect(nimba.byCommodity.map((c) => c.commodity)).toEqual(["Cocoa", "Coffee"]);

    const coffee = await gatherFigures("commodity", { ...PERIOD, commodity: "Coffee" }, { db: db() });
    expect(coffee.scope).toBe("Coffee");
    // Farmers who grow coffee: F2 and F3 in the period; none before it.
    expect(coffee.registry).toMatchObject({
      farmersRegistered: 2,
      farmersByEnd: 2,
      plots: { count: 2, hectares: 3.5 },
      byValidation: { invalid: { count: 1, hectares: 0.5 } },
    });
    expect(coffee.batches).toMatchObject({
      count: 1,
      weightKg: 300,
      byCompliance: { pending: { count: 1, weightKg: 300 } },
    });
    expect(coffee.exports).toMatchObject({ count: 0, weightKg: 0 });
    expect(coffee.byCommodity).toEqual([]);
    expect(coffee.byCounty.find((c) => c.county === "Nimba County")).toMatchObject({
      farmers: 1,
      plots: 1,
      hectares: 3,
    });
  });

  it("by exporter: exports per company (by tonnage), one exporter or all, no registry figures", async () => {
    const all = await gatherFigures("exporter", PERIOD, { db: db() });
    expect(all.scope).toBe("All licensed exporters");
    expect(all.registry).toBeNull();
    expect(all.batches).toBeNull();
    expect(all.byExporter).toEqual([
      { name: "Atlantic Cocoa Traders Ltd.", exports: 2, exportedKg: 1150, compliantKg: 1150, commodities: 1 },
      { name: "Liberia Premium Exports Inc. (demo)", exports: 1, exportedKg: 990, compliantKg: 990, commodities: 1 },
    ]);
    expect(all.monthly.map((m) => m.purchasedKg)).toEqual([null, null, null]);
    const one = await gatherFigures("exporter", { ...PERIOD, exporterId: EXPORTER_B.id }, { db: db() });
    expect(one.scope).toBe("Atlantic Cocoa Traders Ltd.");
    expect(one.exports).toMatchObject({ count: 2, weightKg: 1150, exporters: 1 });
    expect(one.monthly).toEqual([
      { month: "2026-01", purchasedKg: null, exportedKg: 700 },
      { month: "2026-02", purchasedKg: null, exportedKg: 0 },
      { month: "2026-03", purchasedKg: null, exportedKg: 450 },
    ]);
  });
});

describe("validation (400 with the field's message)", () => {
  const cases: [string, Record<string, unknown>, string, Record<string, string[]>][] = [
    [
      "an unknown kind",
      { kind: "farmer", ...PERIOD },
      "Choose the kind of report: national, county, commodity or exporter",
      { kind: ["Choose the kind of report: national, county, commodity or exporter"] },
    ],
    [
      "an impossible date",
      { kind: "national", from: "2026-02-30", to: "2026-03-31" },
      "Enter the start date as YYYY-MM-DD, like 2026-01-01",
      { from: ["Enter the start date as YYYY-MM-DD, like 2026-01-01"] },
    ],
    [
      "a start after the end",
      { kind: "national", from: "2026-03-01", to: "2026-02-01" },
      "The start date must be on or before the end date",
      { to: ["The start date must be on or before the end date"] },
    ],
    [
      "more than 5 years",
      { kind: "national", from: "2020-01-01", to: "2025-01-01" },
      "A report can cover at most 5 years: choose a later start date or an earlier end date",
      { from: ["A report can cover at most 5 years: choose a later start date or an earlier end date"] },
    ],
    [
      "a future end",
      { kind: "national", from: TOMORROW, to: TOMORROW },
      "The end date cannot be in the future",
      { to: ["The end date cannot be in the future"] },
    ],
    [
      "a county report without county",
      { kind: "county", ...PERIOD },
      "Choose one of Liberia's 15 counties for a county report",
      { county: ["Choose one of Liberia's 15 counties for a county report"] },
    ],
    [
      "an unknown county",
      { kind: "county", ...PERIOD, county: "Atlantis County" },
      "Choose one of Liberia's 15 counties for a county report",
      { county: ["Choose one of Liberia's 15 counties for a county report"] },
    ],
    [
      "an unknown commodity",
      { kind: "commodity", ...PERIOD, commodity: "Tea" },
      "Choose the commodity for a commodity report",
      { commodity: ["Choose the commodity for a commodity report"] },
    ],
    [
      "an unknown exporter",
      { kind: "exporter", ...PERIOD, exporterId: "no-such-exporter" },
      "Choose a licensed exporter from the list",
      { exporterId: ["Choose a licensed exporter from the list"] },
    ],
  ];
  it.each(cases)("%s", async (_, body, message, errors) => {
    const res = await postReport(staff.token, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message, errors });
  });

  it("exactly 5 years less a day is accepted; a non-JSON body is 415", async () => {
    const ok = await postReport(staff.token, {
      kind: "commodity",
      from: "2021-04-01",
      to: "2026-03-31",
      commodity: "Cocoa",
    });
    expect(ok.status).toBe(202);
    await waitForReport(((await ok.json()) as { report: Report }).report.id, staff.token);
    const res = await call("/api/reports", {
      method: "POST",
      headers: { ...bearer(staff.token), "Content-Type": "text/plain" },
      body: "kind=national",
    });
    expect(res.status).toBe(415);
  });
});
