/** Land plots: the list and details (API and pages), and who may do what. */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { db, insertAssessment, insertBatch, insertOrigin, sessionAs } from "./factories";
import { bearer, call, plotInsert } from "./helpers";
import { decodeHtml as decode, pageText } from "./html";
import {
  A,
  B,
  C,
  count,
  D,
  inspector,
  plotCount,
  post,
  seedFarmersAndSignIn,
  shift,
  storeThePlots,
  TWO_HA,
} from "./plots-fixtures";

let firstPlotId = "";

beforeAll(async () => {
  await seedFarmersAndSignIn();
  firstPlotId = await storeThePlots();
});

describe("list and details", () => {
  beforeAll(async () => {
    // 30 more plots straight into D1 (spread over counties, crops and verdicts) for filters and pages.
    const statements = Array.from({ length: 30 }, (_, i) => {
      const lon = -8.5 + i * 0.01;
      return plotInsert({
        id: `bulk-${i}`,
        code: `PLT-100001-${50 + i}`,
        farmerId: "FRM100001",
        geometry: { type: "Point", coordinates: [+lon.toFixed(6), 7.123457] },
        ha: 1,
        crop: i % 3 === 0 ? "Rubber" : "Cocoa",
        county: i % 2 === 0 ? "Bong County" : "Nimba County",
        validation: "valid",
        risk: i % 5 === 0 ? "high" : null,
        more: { created_at: `2024-01-${String((i % 28) + 1).padStart(2, "0")}T10:00:00.000Z` },
      });
    });
    await env.DB.batch(statements);
  });

  it("GET /api/plots filters by county, crop, risk and validation, and pages on the server", async () => {
    const get = async (q: string) =>
      (await (await bearer(inspector.token, `/api/plots${q}`)).json()) as {
        plots: {
          plotCode: string;
          county: string;
          crop: string;
          riskLevel: string | null;
          farmerName: string | null;
        }[];
        total: number;
        pageCount: number;
        page: number;
      };
    const all = await get("");
    const stored = await plotCount();
    expect(all.total).toBe(stored);
    expect(all.plots).toHaveLength(25);
    expect(all.pageCount).toBe(Math.ceil(stored / 25));
    const page2 = await get("?page=2");
    expect(page2.plots).toHaveLength(stored - 25);
    expect(new Set([...all.plots, ...page2.plots].map((p) => p.plotCode)).size).toBe(stored);

    const bongRubber = await get("?county=Bong+County&crop=Rubber");
    // i even and i % 3 === 0: 0, 6, 12, 18, 24.
    expect(bongRubber.total).toBe(5);
    expect(bongRubber.plots.every((p) => p.county === "Bong County" && p.crop === "Rubber")).toBe(true);
    expect((await get("?risk=high")).total).toBe(6);
    expect((await get("?risk=not_assessed")).total).toBe(stored - 6);
    expect((await get("?validation=invalid")).total).toBe(0);
    expect((await get("?validation=valid")).total).toBe(stored);
    expect(all.plots[0]!.farmerName).not.toBeNull();
  });

  it("/land-plots-list shows the filtered page with working links", async () => {
    const res = await call("/land-plots-list?county=Nimba+County&crop=Cocoa&page=1", {
      headers: { Cookie: inspector.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = decode(await res.text());
    const total = await count("SELECT COUNT(*) AS n FROM land_plots WHERE county = 'Nimba County' AND crop = 'Cocoa'");
    expect(html).toContain(`${total} plots`);
    expect(html).toContain(`href="/land-plot-details/${firstPlotId}"`);
    expect(html).toContain("PLT-100001-01");
    expect(html).toContain("Comfort Gbah");
    expect(html).not.toContain("PLT-100002-01");
    const paged = await pageText("/land-plots-list?page=2", inspector.cookie);
    expect(paged).toContain("page 2 of 2");
    expect(paged).toMatch(/<a [^>]*href="\/land-plots-list"[^>]*>← Previous<\/a>/);
  });

  it("/land-plot-details shows area, vertices, checks, assessments, batches and audit", async () => {
    await db.batch([
      insertAssessment({
        id: "as-1",
        plotId: firstPlotId,
        verdict: "more_information_needed",
        evidence: [
          {
            layerName: "Forest cover 2020 (sample)",
            kind: "forest_2020",
            version: "v1",
            overlapHectares: 0.7,
            overlapPercent: 35,
            present: true,
          },
        ],
        reasons: ["Tree cover in 2020 on 35% of the plot, no disturbance data"],
        assessedAt: "2026-02-01T09:00:00.000Z",
      }),
      insertAssessment({
        id: "as-2",
        plotId: firstPlotId,
        verdict: "low",
        reasons: ["Cocoa already present in 2020"],
        assessedAt: "2026-03-01T09:00:00.000Z",
      }),
      insertBatch({ id: "b-1", batchCode: "BCH-NIM-0001", weightG: 640_000 }),
      insertOrigin({ batchId: "b-1", plotId: firstPlotId, farmerId: "FRM100001", weightG: 640_000 }),
    ]);
    const res = await call(`/land-plot-details/${firstPlotId}`, { headers: { Cookie: inspector.cookie } });
    expect(res.status).toBe(200);
    const html = decode(await res.text());
    const area = (await env.DB.prepare("SELECT area_hectares AS a FROM land_plots WHERE id = ?")
      .bind(firstPlotId)
      .first<{ a: number }>())!.a;
    expect(html).toContain(`${area.toLocaleString("en", { maximumFractionDigits: 4 })} ha`);
    expect(html).toContain("Comfort Gbah (FRM100001)");
    for (const [lon, lat] of [A, B, C, D])
      expect(html).toContain(`<td class="p-1">${lon.toFixed(6)}</td><td class="p-1">${lat.toFixed(6)}</td>`);
    expect(html).toContain("Checks");
    expect(html).toContain("The boundary does not cross itself — passed");
    expect(html).toContain("No overlap with another farmer's plot (double claim) — passed");
    expect(html).toContain("A single point only up to 4 ha (EUDR Art. 2(28)) — not applicable");
    // Newest verdict first, with its evidence.
    expect(html.indexOf("Cocoa already present in 2020")).toBeLessThan(html.indexOf("More information needed"));
    expect(html).toContain("Forest cover 2020 (sample) v1: 35% of the plot (0.7 ha)");
    expect(html).toContain('href="/batches/BCH-NIM-0001"');
    expect(html).toMatch(/<svg[^>]*aria-label="Outline of plot PLT-100001-01"/);
    expect(html).toContain(`${inspector.account.firstName} ${inspector.account.lastName} (Land Inspector)`);
    // The audit history names the action in words, not its stored name (plot.register).
    expect(html).toMatch(/<td data-label="What" class="p-1[^"]*"[^>]*>Plot registered<\/td>/);
    expect(html).not.toContain(">plot.register<");
  });

  it("the audit trail names who made a change by their role in words (Land Inspector), not its stored name", async () => {
    const office = await sessionAs("office_admin");
    const html = await pageText("/audit-log?entityType=land_plot", office.cookie);
    expect(html).toContain("plot.register");
    expect(html).toContain("(Land Inspector)");
    expect(html).not.toContain("(land_inspector)");
  });

  it("a plot with warnings shows them in its quality checks", async () => {
    const id = (await env.DB.prepare("SELECT id FROM land_plots WHERE plot_code = 'PLT-100001-02'").first<{
      id: string;
    }>())!.id;
    const html = await pageText(`/land-plot-details/${id}`, inspector.cookie);
    expect(html).toContain("No overlap with the same farmer's other plots — warning");
    expect(html).toMatch(/Overlaps the same farmer's plot PLT-100001-01 by \d+ m²/);
  });

  it("GET /api/plots/:id answers the plot; unknown ids are a clear 404 (API and page)", async () => {
    const res = await bearer(inspector.token, `/api/plots/${firstPlotId}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      plot: { plotCode: string; geometry: unknown; farmerName: string };
      assessments: { verdict: string }[];
      batches: { batchCode: string }[];
    };
    expect(body.plot).toMatchObject({ plotCode: "PLT-100001-01", geometry: TWO_HA, farmerName: "Comfort Gbah" });
    expect(body.assessments.map((a) => a.verdict)).toEqual(["low", "more_information_needed"]);
    expect(body.batches.map((b) => b.batchCode)).toEqual(["BCH-NIM-0001"]);

    const missing = await bearer(inspector.token, "/api/plots/no-such-plot");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, message: "No land plot with this ID" });
    const page = await call("/land-plot-details/no-such-plot", { headers: { Cookie: inspector.cookie } });
    expect(page.status).toBe(404);
    const html = decode(await page.text());
    expect(html).toContain("No land plot with this ID");
    expect(html).toContain('href="/land-plots-list"');
  });
});

describe("who may do what", () => {
  /** A new cocoa plot of FRM100001's (a fresh submission each time). */
  const newPlot = () => ({
    farmerId: "FRM100001",
    geometry: TWO_HA,
    crop: "Cocoa",
    plantingYear: 2012,
    submissionId: crypto.randomUUID(),
  });

  it("buyers, exporters and farmers get 403 on every plot page and endpoint", async () => {
    for (const role of ["buyer", "exporter", "farmer"]) {
      const { cookie, token } = await sessionAs(role);
      for (const path of ["/create-land-plot", "/land-plots-list", `/land-plot-details/${firstPlotId}`]) {
        const res = await call(path, { headers: { Cookie: cookie } });
        expect(res.status, `${role} ${path}`).toBe(403);
        expect(await res.text()).toContain("403 — Access denied");
      }
      expect((await post(token, newPlot())).status).toBe(403);
      expect((await bearer(token, "/api/plots")).status).toBe(403);
      expect((await bearer(token, `/api/plots/${firstPlotId}`)).status).toBe(403);
    }
  });

  it("a port inspector may read the registry but not register plots", async () => {
    const { cookie, token } = await sessionAs("port_inspector");
    expect((await call("/land-plots-list", { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await call("/create-land-plot", { headers: { Cookie: cookie } })).status).toBe(403);
    expect((await post(token, newPlot())).status).toBe(403);
  });

  it("signed out: pages redirect to the portals, the API answers 401", async () => {
    const page = await call("/create-land-plot?farmerId=FRM100001");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/portals?redirectTo=%2Fcreate-land-plot");
    expect((await call("/land-plots-list")).headers.get("location")).toBe("/portals?redirectTo=%2Fland-plots-list");
    const api = await call("/api/plots", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(api.status).toBe(401);
    expect((await call("/api/plots")).status).toBe(401);
  });

  it("a field agent registers plots too", async () => {
    const { token } = await sessionAs("field_agent");
    const res = await post(token, {
      farmerId: "FRM100001",
      geometry: { type: "Polygon", coordinates: [shift([A, B, C, D, A], 0, 0.02)] },
      crop: "Cocoa",
      plantingYear: 2020,
      submissionId: crypto.randomUUID(),
    });
    expect(res.status).toBe(201);
  });
});
