/**
 * Small-cell suppression of the reports' published figures (docs/decisions/012-oversight-reports.md):
 * Sinoe has one farmer (Oil Palm, one high-risk plot of 4 ha). No report and no screen may print
 * any figure of it: not its plots, hectares or verdicts, not through the commodity it alone grows,
 * and not as a national total minus the visible rows.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { gatherReportData } from "#worker/services/reports/report-data";
import { call, farmerInsert, plotInsert } from "./helpers";

const FROM = "2024-01-01";
const TO = new Date().toISOString().slice(0, 10);

async function seed() {
  const s: D1PreparedStatement[] = [];
  const farmers = (
    [
      ...Array.from({ length: 6 }, () => ["Nimba County", "Cocoa"] as [string, string]),
      ...Array.from({ length: 6 }, () => ["Bong County", "Cocoa"] as [string, string]),
      ["Sinoe County", "Oil Palm"],
    ] as [string, string][]
  ).map(([county, crop], i) => [`FRM8${String(i).padStart(5, "0")}`, county, crop] as const);
  farmers.forEach(([farmerId, county, crop], i) => {
    s.push(
      farmerInsert({
        farmerId,
        firstName: "Private",
        lastName: "Person",
        county,
        registrationDate: "2024-03-01",
        more: { crops: JSON.stringify([crop]) },
      }),
      env.DB.prepare("INSERT INTO farmer_crops (farmer_id, crop) VALUES (?, ?)").bind(farmerId, crop),
      plotInsert({
        id: `plot-s${i}`,
        code: `PLT-80000${i}-01`,
        farmerId,
        geometry: { type: "Point", coordinates: [-8.5 - i * 0.01, 6.5] },
        ha: county === "Sinoe County" ? 4 : 1,
        crop,
        county,
        validation: "valid",
        risk: county === "Sinoe County" ? "high" : "low",
        more: { created_at: "2024-03-02T10:00:00.000Z" },
      }),
    );
  });
  await env.DB.batch(s);
}

const report = async (kind: "national" | "county" | "commodity", more: Record<string, string> = {}) =>
  (await gatherReportData(kind, { from: FROM, to: TO, ...more }, { db: database(env.DB) })).data;

/** Every number anywhere in the published data, by path. */
function numbers(value: unknown, path = ""): [string, number][] {
  if (typeof value === "number") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => numbers(v, `${path}[${i}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => (k === "format" ? [] : numbers(v, `${path}.${k}`)));
  return [];
}

beforeAll(seed);

describe("a scope with one farmer: every figure withheld, everywhere", () => {
  it("the county report for Sinoe prints no figure at all (not its plot, hectares or verdict)", async () => {
    const sinoe = await report("county", { county: "Sinoe County" });
    expect(numbers({ ...sinoe, params: null }).filter(([, n]) => n !== 0)).toEqual([]);
    expect(sinoe.withheld).toBe("small");
    expect(sinoe.registry).toBeNull();
  });

  it("the Oil Palm commodity report (only Sinoe grows it) is withheld too: no county table of zeros, no plot", async () => {
    const palm = await report("commodity", { commodity: "Oil Palm" });
    expect(numbers({ ...palm, params: null }).filter(([, n]) => n !== 0)).toEqual([]);
    expect(palm.withheld).toBe("small");
    expect(palm.byCounty).toEqual([]);
  });

  it("the national report hides Sinoe and Oil Palm with a complement, so totals minus visible rows reveal neither", async () => {
    const national = await report("national");
    const county = (name: string) => national.byCounty.find((r) => r.county === name)!;
    expect(county("Sinoe County")).toMatchObject({ mark: "small", plots: 0, hectares: 0, highRiskPlots: 0 });
    expect(national.withheld).toBeNull();
    const hiddenCounties = national.byCounty.filter((r) => r.mark);
    expect(hiddenCounties.length).toBeGreaterThanOrEqual(2);
    // Total plots − visible rows' plots = the hidden rows together: more than Sinoe's single plot.
    const visiblePlots = national.byCounty.reduce((a, r) => a + r.plots, 0);
    expect(national.registry!.plots.count - visiblePlots).toBeGreaterThan(1);
    const palm = national.byCommodity.find((r) => r.commodity === "Oil Palm")!;
    expect(palm).toMatchObject({ mark: "small", plots: 0, hectares: 0 });
    expect(national.byCommodity.filter((r) => r.mark).length).toBeGreaterThanOrEqual(2);
    // The national line stays: one plot among 13 farmers, and the county reports that could be
    // subtracted from it are those of visible counties only (the complement's is withheld too).
    expect(national.registry!.byRisk.high).toEqual({ count: 1, hectares: 4 });
    const complement = hiddenCounties.find((r) => r.mark === "hidden")!.county;
    expect((await report("county", { county: complement })).withheld).toBe("hidden");
  });

  it("the monitoring screen withholds Sinoe the same way", async () => {
    const res = await call("/api/monitoring/figures?period=all&county=Sinoe%20County");
    expect(res.status).toBe(200);
    const { figures } = (await res.json()) as {
      figures: { withheld: boolean; farmers: unknown; plots: number; risk: Record<string, number> };
    };
    expect(figures).toMatchObject({ withheld: true, farmers: "<5", plots: 0 });
    expect(figures.risk.high).toBe(0);
  });
});
