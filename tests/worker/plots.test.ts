import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAs } from "./auth-helpers";
import { call, ORIGIN } from "./helpers";

type Pos = [number, number];
type Issue = { rule: string; message: string };

/** A ≈2 ha square in Nimba County (141 m × 141 m), 6 decimals, corners in order. */
const A: Pos = [-8.601234, 7.201234];
const B: Pos = [-8.599957, 7.201234];
const C: Pos = [-8.599957, 7.199955];
const D: Pos = [-8.601234, 7.199955];
const TWO_HA = { type: "Polygon", coordinates: [[A, B, C, D, A]] };
/** Another ≈2 ha square 1 km further east, for the second farmer. */
const shift = (ring: Pos[], dLon: number, dLat = 0) =>
  ring.map(([lon, lat]) => [+(lon + dLon).toFixed(6), +(lat + dLat).toFixed(6)] as Pos);

const decode = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");

async function insertFarmer(farmerId: string, county: string, firstName: string, lastName: string) {
  await env.DB.prepare(
    "INSERT INTO farmers (id, farmer_id, first_name, last_name, county, registration_date, name_key, last_name_key) VALUES (?, ?, ?, ?, ?, '2025-01-15', ?, ?)",
  )
    .bind(
      `f-${farmerId}`,
      farmerId,
      firstName,
      lastName,
      county,
      `${firstName} ${lastName}`.toLowerCase(),
      `${lastName} ${firstName}`.toLowerCase(),
    )
    .run();
}

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;
const plotCount = () => count("SELECT COUNT(*) AS n FROM land_plots");
const auditCount = () => count("SELECT COUNT(*) AS n FROM audit_log WHERE entity_type = 'land_plot'");

function post(token: string, body: unknown) {
  return call("/api/plots", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

function form(path: string, fields: Record<string, string>, cookie: string) {
  return call(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      Cookie: cookie,
      "CF-Connecting-IP": "10.40.0.9",
    },
    body: new URLSearchParams(fields).toString(),
  });
}

let inspector: Awaited<ReturnType<typeof signInAs>>;
let firstPlotId = "";

beforeAll(async () => {
  await insertFarmer("FRM100001", "Nimba County", "Comfort", "Gbah");
  await insertFarmer("FRM100002", "Nimba County", "Joseph", "Zuo");
  inspector = await signInAs("land_inspector", "10.40.0.1");
});

describe("POST /api/plots", () => {
  it("stores a valid polygon with the area computed on the server, and its audit row", async () => {
    const res = await post(inspector.token, {
      farmerId: "FRM100001",
      geometry: TWO_HA,
      crop: "Cocoa",
      plantingYear: 2012,
      tenureReference: "Customary land certificate NIM-0042",
      submissionId: "11111111-aaaa-4bbb-8ccc-000000000001",
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      success: boolean;
      plot: Record<string, unknown> & { id: string; areaHectares: number };
    };
    expect(body.success).toBe(true);
    expect(body.plot).toMatchObject({
      plotCode: "PLT-100001-01",
      farmerId: "FRM100001",
      geometryType: "Polygon",
      geometry: TWO_HA,
      crop: "Cocoa",
      plantingYear: 2012,
      tenureReference: "Customary land certificate NIM-0042",
      county: "Nimba County",
      validationState: "valid",
      minLon: -8.601234,
      maxLat: 7.201234,
    });
    expect(body.plot.areaHectares).toBeGreaterThan(1.95);
    expect(body.plot.areaHectares).toBeLessThan(2.05);
    firstPlotId = body.plot.id;

    const row = await env.DB.prepare(
      "SELECT geometry, area_hectares, created_by, import_key FROM land_plots WHERE id = ?",
    )
      .bind(firstPlotId)
      .first<Record<string, unknown>>();
    expect(JSON.parse(row!.geometry as string)).toEqual(TWO_HA);
    expect(row!.created_by).toBe(inspector.account.id);
    expect(row!.import_key).toBe("11111111-aaaa-4bbb-8ccc-000000000001");
    const audit = await env.DB.prepare(
      "SELECT action, actor_id, actor_role, after FROM audit_log WHERE entity_type = 'land_plot' AND entity_id = ?",
    )
      .bind(firstPlotId)
      .all<Record<string, string>>();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]).toMatchObject({
      action: "plot.register",
      actor_id: inspector.account.id,
      actor_role: "land_inspector",
    });
    expect(JSON.parse(audit.results[0]!.after!)).toMatchObject({
      plotCode: "PLT-100001-01",
      areaHectares: body.plot.areaHectares,
    });
  });

  it("returns the stored plot when the same submission is sent again — never a duplicate", async () => {
    const before = await plotCount();
    const res = await post(inspector.token, {
      farmerId: "FRM100001",
      geometry: TWO_HA,
      crop: "Cocoa",
      plantingYear: 2012,
      submissionId: "11111111-aaaa-4bbb-8ccc-000000000001",
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { created: boolean; plot: { id: string; plotCode: string } };
    expect(body).toMatchObject({ created: false, plot: { id: firstPlotId, plotCode: "PLT-100001-01" } });
    expect(await plotCount()).toBe(before);
    expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ?", firstPlotId)).toBe(1);
  });

  const invalid: [string, unknown, string, number?][] = [
    ["a self-intersecting bow-tie", { type: "Polygon", coordinates: [[A, C, B, D, A]] }, "self-intersection"],
    [
      "a polygon with a hole",
      {
        type: "Polygon",
        coordinates: [
          [A, B, C, D, A],
          [
            [-8.600712, 7.200712],
            [-8.600512, 7.200712],
            [-8.600512, 7.200512],
            [-8.600712, 7.200512],
            [-8.600712, 7.200712],
          ],
        ],
      },
      "no-holes",
    ],
    ["a LineString", { type: "LineString", coordinates: [A, B, C] }, "no-linestring"],
    [
      "coordinates with 5 decimals",
      {
        type: "Polygon",
        coordinates: [
          [
            [-8.60123, 7.20123],
            [-8.59996, 7.20123],
            [-8.59996, 7.19996],
            [-8.60123, 7.20123],
          ],
        ],
      },
      "precision",
    ],
    ["a point declared at 5 ha", { type: "Point", coordinates: [-8.597123, 7.203456] }, "point-over-4ha", 5],
    ["an open ring", { type: "Polygon", coordinates: [[A, B, C, D]] }, "ring-closed"],
  ];
  for (const [name, geometry, rule, declared] of invalid) {
    it(`rejects ${name} naming the rule "${rule}", storing nothing`, async () => {
      const [plots, audits] = [await plotCount(), await auditCount()];
      const res = await post(inspector.token, {
        farmerId: "FRM100001",
        geometry,
        crop: "Cocoa",
        plantingYear: 2018,
        declaredAreaHectares: declared,
        submissionId: crypto.randomUUID(),
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { success: boolean; message: string; errors: Issue[] };
      expect(body.success).toBe(false);
      expect(body.message).toBe("The plot geometry is not valid");
      expect(body.errors.map((e) => e.rule)).toContain(rule);
      expect(body.errors.every((e) => e.message.length > 10)).toBe(true);
      expect(await plotCount()).toBe(plots);
      expect(await auditCount()).toBe(audits);
    });
  }

  it("rejects another farmer's plot overlapping a stored one (double claim)", async () => {
    const plots = await plotCount();
    const overlapping = { type: "Polygon", coordinates: [shift([A, B, C, D, A], 0.0006)] };
    const res = await post(inspector.token, {
      farmerId: "FRM100002",
      geometry: overlapping,
      crop: "Cocoa",
      plantingYear: 2019,
      submissionId: crypto.randomUUID(),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Issue[] };
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]!.rule).toBe("overlap");
    expect(body.errors[0]!.message).toMatch(
      /^Overlaps plot PLT-100001-01 of another farmer by \d+ m² \(double claim\)$/,
    );
    expect(await plotCount()).toBe(plots);
  });

  it("stores the same farmer's overlapping plot with a warning kept on the plot", async () => {
    const overlapping = {
      type: "Feature",
      properties: {},
      geometry: { type: "Polygon", coordinates: [shift([A, B, C, D, A], 0.0006)] },
    };
    const res = await post(inspector.token, {
      farmerId: "FRM100001",
      feature: overlapping,
      crop: "Cocoa",
      plantingYear: 2019,
      submissionId: crypto.randomUUID(),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { plot: { plotCode: string; validationIssues: { warnings: Issue[] } } };
    expect(body.plot.plotCode).toBe("PLT-100001-02");
    expect(body.plot.validationIssues.warnings.map((w) => w.rule)).toEqual(["overlap-own-plot"]);
  });

  it("names an unknown farmer and wrong fields", async () => {
    const unknown = await post(inspector.token, {
      farmerId: "FRM999999",
      geometry: TWO_HA,
      crop: "Cocoa",
      plantingYear: 2019,
      submissionId: crypto.randomUUID(),
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      success: false,
      message: "No farmer with ID FRM999999 is registered",
      errors: { farmerId: ["No farmer with ID FRM999999 is registered"] },
    });
    const wrong = await post(inspector.token, {
      farmerId: "12",
      geometry: TWO_HA,
      crop: "Tea",
      plantingYear: 1900,
      submissionId: crypto.randomUUID(),
    });
    expect(wrong.status).toBe(400);
    const body = (await wrong.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(["crop", "farmerId", "plantingYear"]);
  });
});

describe("/create-land-plot without JavaScript", () => {
  const typed = (ring: Pos[]) => ring.map(([lon, lat]) => `${lat.toFixed(6)}, ${lon.toFixed(6)}`).join("\n");
  let csrf = "";
  let submissionId = "";

  it("prefills the farmer ID and carries a submission id and the form token", async () => {
    const res = await call("/create-land-plot?farmerId=FRM100002", { headers: { Cookie: inspector.cookie } });
    expect(res.status).toBe(200);
    const html = decode(await res.text());
    expect(html).toMatch(/name="farmerId"[^>]*value="FRM100002"|value="FRM100002"[^>]*name="farmerId"/);
    expect(html).toContain("The server turns them into GeoJSON [longitude, latitude]");
    csrf = html.match(/name="csrf" value="([^"]+)"/)![1]!;
    submissionId = html.match(/name="submissionId" value="([0-9a-f-]{36})"/)![1]!;
    // The map is a separate chunk: leaflet is not in the page's first load.
    expect(html).not.toMatch(/leaflet/i);
  });

  it("re-renders a broken plot with one message per rule and every typed value kept", async () => {
    const bowTie = typed([A, C, B, D]);
    const fields = {
      csrf,
      submissionId,
      farmerId: "FRM100002",
      crop: "Coffee",
      plantingYear: "2016",
      tenureReference: "Deed 77/2016",
      captureMode: "polygon",
      declaredAreaHectares: "",
      coordinates: bowTie,
    };
    const plots = await plotCount();
    const res = await form("/create-land-plot", fields, inspector.cookie);
    expect(res.status).toBe(400);
    const html = decode(await res.text());
    expect(html).toContain("There is a problem");
    expect(html).toContain("The plot geometry is not valid");
    expect(html).toContain("(rule: self-intersection)");
    expect(html).toContain(bowTie);
    expect(html).toContain('value="Deed 77/2016"');
    expect(html).toContain(`name="submissionId" value="${submissionId}"`);
    expect(html).toMatch(/<option value="Coffee" selected=""/);
    expect(await plotCount()).toBe(plots);
  });

  it("stores the corrected plot and opens its details page; posting it again stores nothing new", async () => {
    const ring = shift([A, B, C, D], 0.009);
    const fields = {
      csrf,
      submissionId,
      farmerId: "frm100002",
      crop: "Coffee",
      plantingYear: "2016",
      tenureReference: "Deed 77/2016",
      captureMode: "polygon",
      declaredAreaHectares: "",
      coordinates: typed(ring),
    };
    const res = await form("/create-land-plot", fields, inspector.cookie);
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^/land-plot-details/[0-9a-f-]{36}\\?created=${submissionId}$`));
    const id = location.split("/")[2]!.split("?")[0]!;
    const row = await env.DB.prepare(
      "SELECT plot_code, farmer_id, geometry, crop, tenure_reference FROM land_plots WHERE id = ?",
    )
      .bind(id)
      .first<Record<string, string>>();
    expect(row).toMatchObject({
      plot_code: "PLT-100002-01",
      farmer_id: "FRM100002",
      crop: "Coffee",
      tenure_reference: "Deed 77/2016",
    });
    // Typed as latitude, longitude; stored as GeoJSON [longitude, latitude], ring closed.
    expect(JSON.parse(row!.geometry!)).toEqual({ type: "Polygon", coordinates: [[...ring, ring[0]]] });

    const again = await form("/create-land-plot", fields, inspector.cookie);
    expect(again.headers.get("location")).toBe(location);
    expect(await count("SELECT COUNT(*) AS n FROM land_plots WHERE farmer_id = 'FRM100002'")).toBe(1);
  });

  it("stores a point typed as one line", async () => {
    const res = await form(
      "/create-land-plot",
      {
        csrf,
        submissionId: crypto.randomUUID(),
        farmerId: "FRM100002",
        crop: "Rubber",
        plantingYear: "2001",
        captureMode: "point",
        declaredAreaHectares: "1.5",
        coordinates: "7.215678, -8.589123",
      },
      inspector.cookie,
    );
    expect(res.status).toBe(302);
    const id = res.headers.get("location")!.split("/")[2]!.split("?")[0]!;
    const row = await env.DB.prepare("SELECT geometry, geometry_type, area_hectares FROM land_plots WHERE id = ?")
      .bind(id)
      .first<Record<string, unknown>>();
    expect(row).toEqual({
      geometry: JSON.stringify({ type: "Point", coordinates: [-8.589123, 7.215678] }),
      geometry_type: "Point",
      area_hectares: 1.5,
    });
  });

  it("answers field errors for a wrong form, and refuses a forged form token", async () => {
    const res = await form(
      "/create-land-plot",
      { csrf, submissionId, farmerId: "FRM1", crop: "", plantingYear: "", captureMode: "polygon", coordinates: "" },
      inspector.cookie,
    );
    expect(res.status).toBe(400);
    const html = decode(await res.text());
    expect(html).toContain("Enter the farmer ID as FRM followed by 6 digits, like FRM100001");
    expect(html).toContain("Choose the crop grown on the plot");
    expect(html).toContain("Enter the planting year");
    const forged = await form(
      "/create-land-plot",
      { csrf: "forged", submissionId, farmerId: "FRM100002" },
      inspector.cookie,
    );
    expect(forged.status).toBe(403);
  });
});

describe("list and details", () => {
  beforeAll(async () => {
    // 30 more plots straight into D1 (spread over counties, crops and verdicts) for filters and pages.
    const statements = Array.from({ length: 30 }, (_, i) => {
      const lon = -8.5 + i * 0.01;
      const g = { type: "Point", coordinates: [+lon.toFixed(6), 7.123457] };
      return env.DB.prepare(
        "INSERT INTO land_plots (id, plot_code, farmer_id, geometry, geometry_type, area_hectares, min_lon, min_lat, max_lon, max_lat, crop, county, validation_state, risk_level, created_at) VALUES (?, ?, 'FRM100001', ?, 'Point', 1, ?, 7.123457, ?, 7.123457, ?, ?, 'valid', ?, ?)",
      ).bind(
        `bulk-${i}`,
        `PLT-100001-${50 + i}`,
        JSON.stringify(g),
        lon,
        lon,
        i % 3 === 0 ? "Rubber" : "Cocoa",
        i % 2 === 0 ? "Bong County" : "Nimba County",
        i % 5 === 0 ? "high" : null,
        `2024-01-${String((i % 28) + 1).padStart(2, "0")}T10:00:00.000Z`,
      );
    });
    await env.DB.batch(statements);
  });

  it("GET /api/plots filters by county, crop, risk and validation, and pages on the server", async () => {
    const get = async (q: string) =>
      (await (await call(`/api/plots${q}`, { headers: { Authorization: `Bearer ${inspector.token}` } })).json()) as {
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
    const paged = decode(
      await (await call("/land-plots-list?page=2", { headers: { Cookie: inspector.cookie } })).text(),
    );
    expect(paged).toContain("page 2 of 2");
    expect(paged).toMatch(/<a [^>]*href="\/land-plots-list"[^>]*>← Previous<\/a>/);
  });

  it("/land-plot-details shows area, vertices, checks, assessments, batches and audit", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO plot_assessments (id, plot_id, verdict, evidence, reasons, assessed_at) VALUES ('as-1', ?, 'more_information_needed', ?, ?, '2026-02-01T09:00:00.000Z')",
      ).bind(
        firstPlotId,
        JSON.stringify([
          {
            layerName: "Forest cover 2020 (sample)",
            kind: "forest_2020",
            version: "v1",
            overlapHectares: 0.7,
            overlapPercent: 35,
            present: true,
          },
        ]),
        JSON.stringify(["Tree cover in 2020 on 35% of the plot, no disturbance data"]),
      ),
      env.DB.prepare(
        "INSERT INTO plot_assessments (id, plot_id, verdict, evidence, reasons, assessed_at) VALUES ('as-2', ?, 'low', '[]', ?, '2026-03-01T09:00:00.000Z')",
      ).bind(firstPlotId, JSON.stringify(["Cocoa already present in 2020"])),
      env.DB.prepare(
        "INSERT INTO batches (id, batch_code, commodity, hs_code, weight_kg, status) VALUES ('b-1', 'BCH-NIM-0001', 'Cocoa', '1801', 640, 'purchased')",
      ),
      env.DB.prepare(
        "INSERT INTO batch_origins (batch_id, plot_id, farmer_id, weight_kg) VALUES ('b-1', ?, 'FRM100001', 640)",
      ).bind(firstPlotId),
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
    expect(html).toMatch(/<td class="p-1">plot.register<\/td>/);
  });

  it("a plot with warnings shows them in its quality checks", async () => {
    const id = (await env.DB.prepare("SELECT id FROM land_plots WHERE plot_code = 'PLT-100001-02'").first<{
      id: string;
    }>())!.id;
    const html = decode(
      await (await call(`/land-plot-details/${id}`, { headers: { Cookie: inspector.cookie } })).text(),
    );
    expect(html).toContain("No overlap with the same farmer's other plots — warning");
    expect(html).toMatch(/Overlaps the same farmer's plot PLT-100001-01 by \d+ m²/);
  });

  it("GET /api/plots/:id answers the plot; unknown ids are a clear 404 (API and page)", async () => {
    const res = await call(`/api/plots/${firstPlotId}`, { headers: { Authorization: `Bearer ${inspector.token}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      plot: { plotCode: string; geometry: unknown; farmerName: string };
      assessments: { verdict: string }[];
      batches: { batchCode: string }[];
    };
    expect(body.plot).toMatchObject({ plotCode: "PLT-100001-01", geometry: TWO_HA, farmerName: "Comfort Gbah" });
    expect(body.assessments.map((a) => a.verdict)).toEqual(["low", "more_information_needed"]);
    expect(body.batches.map((b) => b.batchCode)).toEqual(["BCH-NIM-0001"]);

    const missing = await call("/api/plots/no-such-plot", { headers: { Authorization: `Bearer ${inspector.token}` } });
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
  it("buyers, exporters and farmers get 403 on every plot page and endpoint", async () => {
    for (const [i, role] of ["buyer", "exporter", "farmer"].entries()) {
      const { cookie, token } = await signInAs(role, `10.41.${i}.1`);
      for (const path of ["/create-land-plot", "/land-plots-list", `/land-plot-details/${firstPlotId}`]) {
        const res = await call(path, { headers: { Cookie: cookie } });
        expect(res.status, `${role} ${path}`).toBe(403);
        expect(await res.text()).toContain("403 — Access denied");
      }
      expect(
        (
          await post(token, {
            farmerId: "FRM100001",
            geometry: TWO_HA,
            crop: "Cocoa",
            plantingYear: 2012,
            submissionId: crypto.randomUUID(),
          })
        ).status,
      ).toBe(403);
      expect((await call("/api/plots", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(403);
      expect((await call(`/api/plots/${firstPlotId}`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(
        403,
      );
    }
  });

  it("a port inspector may read the registry but not register plots", async () => {
    const { cookie, token } = await signInAs("port_inspector", "10.41.9.1");
    expect((await call("/land-plots-list", { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await call("/create-land-plot", { headers: { Cookie: cookie } })).status).toBe(403);
    expect(
      (
        await post(token, {
          farmerId: "FRM100001",
          geometry: TWO_HA,
          crop: "Cocoa",
          plantingYear: 2012,
          submissionId: crypto.randomUUID(),
        })
      ).status,
    ).toBe(403);
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
    const { token } = await signInAs("field_agent", "10.41.10.1");
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
