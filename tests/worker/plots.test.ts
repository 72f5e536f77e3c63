import { env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call } from "./helpers";
import { csrfOf, decodeHtml as decode } from "./html";
import {
  A,
  auditCount,
  B,
  C,
  count,
  D,
  FIRST_PLOT,
  form,
  type Issue,
  inspector,
  type Pos,
  plotCount,
  post,
  seedFarmersAndSignIn,
  shift,
  TWO_HA,
} from "./plots-fixtures";

beforeAll(seedFarmersAndSignIn);

describe("POST /api/plots", () => {
  it("stores a valid polygon with the area computed on the server, and its audit row", async () => {
    const res = await post(inspector.token, FIRST_PLOT);
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
    const firstPlotId = body.plot.id;

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
    // The first plot's submission, stored (by this test, or already by the one above).
    const stored = await post(inspector.token, FIRST_PLOT);
    expect([200, 201]).toContain(stored.status);
    const firstPlotId = ((await stored.json()) as { plot: { id: string } }).plot.id;
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
      const body = (await res.json()) as { success: boolean; message: string; errors: Issue[]; warnings: Issue[] };
      // The error shape, with the rule warnings after the errors.
      expect(Object.keys(body)).toEqual(["success", "message", "errors", "warnings"]);
      expect(Array.isArray(body.warnings)).toBe(true);
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
  /** The inspector's form token, and a fresh submission id per test (as each page load gives one). */
  let csrf = "";
  let submissionId = "";
  beforeEach(() => {
    csrf = inspector.csrf;
    submissionId = crypto.randomUUID();
  });

  it("prefills the farmer ID and carries a submission id and the form token", async () => {
    const res = await call("/create-land-plot?farmerId=FRM100002", { headers: { Cookie: inspector.cookie } });
    expect(res.status).toBe(200);
    const html = decode(await res.text());
    expect(html).toMatch(/name="farmerId"[^>]*value="FRM100002"|value="FRM100002"[^>]*name="farmerId"/);
    expect(html).toContain("The server turns them into GeoJSON [longitude, latitude]");
    expect(csrfOf(html)).toBe(csrf);
    expect(html).toMatch(/name="submissionId" value="[0-9a-f-]{36}"/);
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
