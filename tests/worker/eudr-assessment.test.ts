import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_LAYERS } from "#worker/services/demo/sample-layers";
import {
  admin,
  assess,
  count,
  type Evidence,
  EXTRA_NIMBA,
  inspector,
  json,
  PLOTS,
  type Result,
  seedPlotsAndSignIn,
  square,
  verdictOf,
} from "./eudr-fixtures";
import { sessionAs } from "./factories";
import { bearer, call, postForm } from "./helpers";
import { csrfOf, decodeHtml as decode, pageText } from "./html";

beforeAll(seedPlotsAndSignIn);

describe("large requests", () => {
  it("assesses up to the synchronous limit of plots in one call (more ids than D1's 100 bound parameters)", async () => {
    const ids = Array.from({ length: 150 }, (_, i) => `nimba-${String(i).padStart(3, "0")}`);
    const { status, body } = await assess({ plotIds: ids });
    expect(status).toBe(200);
    expect(body.assessed).toBe(150);
    expect(new Set(body.results.map((r) => r.plotId))).toEqual(new Set(ids));
  });
});

describe("roles", () => {
  it("the API needs a session and the right permission", async () => {
    expect((await call("/api/eudr/layers")).status).toBe(401);
    const farmer = await sessionAs("farmer");
    const res = await bearer(farmer.token, "/api/eudr/layers");
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, message: "You do not have permission to do this" });
    const buyer = await sessionAs("buyer");
    expect((await call("/api/eudr/assess", json(buyer.token, { plotIds: ["cocoa"] }))).status).toBe(403);
    expect((await bearer(buyer.token, "/api/eudr/export?farmerId=FRM000321")).status).toBe(403);
    // Inspectors assess, only administrators manage layers.
    expect((await call("/api/eudr/layers", json(inspector.token, {}))).status).toBe(403);
    expect((await call("/api/eudr/layers/sample", json(inspector.token, {}))).status).toBe(403);
  });

  it("the page is for assessors; the upload form only for administrators", async () => {
    const buyer = await sessionAs("buyer");
    const denied = await call("/eudr-assessment", { headers: { Cookie: buyer.cookie } });
    expect(denied.status).toBe(403);
    expect(decode(await denied.text())).toContain("You cannot open EUDR assessment");
    const page = await pageText("/eudr-assessment", inspector.cookie);
    expect(page).toContain("Assess a plot, a farmer's plots or a batch");
    expect(page).not.toContain("Upload a reference layer");
    expect(page).not.toContain("Load the sample layers for Liberia");
    const csrf = csrfOf(page);
    const upload = await postForm("/eudr-assessment", inspector.cookie, {
      csrf,
      intent: "upload-layer",
      kind: "forest_2020",
      name: "x",
      source: "y",
      sourceDate: "2020-12-31",
    });
    expect(upload.status).toBe(403);
    expect(decode(await upload.text())).toContain("Only administrators can upload reference layers.");
  });
});

describe("without any layer", () => {
  it("a plot gets 'more information needed', never 'low', and the verdict says why", async () => {
    const { status, body } = await assess({ plotIds: ["PLT-COCOA"] });
    expect(status).toBe(200);
    expect(body.assessed).toBe(1);
    expect(body.results[0]).toMatchObject({
      plotId: "cocoa",
      plotCode: "PLT-COCOA",
      verdict: "more_information_needed",
      evidence: [],
      reasons: [
        "No forest-cover-2020 layer has data for this location: the plot cannot be shown to be deforestation-free.",
      ],
    });
  });
});

describe("POST /api/eudr/layers", () => {
  const reserve = (name = "Test reserve") => ({
    type: "FeatureCollection",
    features: [
      {
        type: "Feature",
        properties: { name },
        geometry: { type: "Polygon", coordinates: [square(-9.901234, 7.901234, 0.05)] },
      },
    ],
  });
  const upload = (body: unknown) => call("/api/eudr/layers", json(admin.token, body));
  const fields = {
    kind: "protected_area",
    name: "Test reserve (Lofa)",
    source: "Test fixture, not real",
    sourceDate: "2024-01-31",
  };

  it("refuses bad GeoJSON with one message per faulty feature, and stores nothing", async () => {
    const mixed = reserve();
    mixed.features.push(
      {
        type: "Feature",
        properties: { name: "Road" },
        geometry: {
          type: "LineString",
          coordinates: [
            [-9.9, 7.9],
            [-9.8, 7.95],
          ],
        } as never,
      },
      {
        type: "Feature",
        properties: {} as { name: string },
        geometry: { type: "Polygon", coordinates: [square(-9.7, 7.9).slice(0, 4)] },
      },
    );
    const res = await upload({ ...fields, geojson: mixed });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: "The layer was not stored: 2 of 3 feature(s) are not valid",
      errors: [
        {
          feature: 2,
          message:
            "Feature 2 (Road): LineString geometries are not accepted — a reference layer holds Polygon or MultiPolygon features only",
        },
        { feature: 3, message: "Feature 3: the ring is not closed — the last position must repeat the first" },
      ],
    });
    const notJson = await upload({ ...fields, geojson: "{ not json" });
    expect(((await notJson.json()) as { message: string }).message).toBe("The layer file is not valid JSON");
    const feature = await upload({ ...fields, geojson: reserve().features[0] });
    expect(((await feature.json()) as { message: string }).message).toBe(
      "A reference layer must be a GeoJSON FeatureCollection (found Feature)",
    );
    const noKind = await upload({ ...fields, kind: "rivers", geojson: reserve() });
    expect(noKind.status).toBe(400);
    expect(((await noKind.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      kind: ["Choose the kind of layer"],
    });
    expect(await count("SELECT COUNT(*) AS n FROM reference_layers")).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM layer_features")).toBe(0);
  });

  it("stores the file in R2 and indexes its features; a re-upload is a new version and retires the old one", async () => {
    const text = JSON.stringify(reserve(), null, 2);
    const first = await upload({ ...fields, geojson: text });
    expect(first.status).toBe(201);
    const v1 = (await first.json()) as {
      layer: { id: string; version: string; featureCount: number; sample: boolean; status: string };
    };
    expect(v1.layer).toMatchObject({
      version: "v1",
      featureCount: 1,
      sample: false,
      status: "active",
      kindLabel: "Protected areas",
    });
    expect(await (await env.CERTS.get(`layers/${v1.layer.id}.geojson`))!.text()).toBe(text);
    const row = await env.DB.prepare("SELECT min_lon, max_lat, name FROM layer_features WHERE layer_id = ?")
      .bind(v1.layer.id)
      .first();
    expect(row).toEqual({ min_lon: -9.901234, max_lat: 7.951234, name: "Test reserve" });

    const second = await upload({ ...fields, geojson: reserve("Test reserve, redrawn") });
    expect(second.status).toBe(201);
    const v2 = (await second.json()) as { layer: { id: string; version: string }; retiredVersions: string[] };
    expect(v2.layer.version).toBe("v2");
    expect(v2.retiredVersions).toEqual(["v1"]);
    const active = (await (await bearer(inspector.token, "/api/eudr/layers")).json()) as { layers: { id: string }[] };
    expect(active.layers.map((l) => l.id)).toEqual([v2.layer.id]);
    const all = (await (await bearer(inspector.token, "/api/eudr/layers?all=1")).json()) as {
      layers: { id: string; status: string }[];
    };
    expect(all.layers.find((l) => l.id === v1.layer.id)?.status).toBe("retired");
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM audit_log WHERE entity_type = 'reference_layer' AND action = 'reference_layer.upload'",
      ),
    ).toBe(2);
  });
});

describe("sample layers for Liberia", () => {
  it("install once, through the upload path, clearly labelled as sample data", async () => {
    const res = await bearer(admin.token, "/api/eudr/layers/sample", "POST");
    expect(res.status).toBe(201);
    const body = (await res.json()) as { installed: { kind: string; version: string }[] };
    expect(body.installed.map((l) => l.kind).sort()).toEqual([
      "commodity_2020",
      "disturbance_after_2020",
      "disturbance_before_2020",
      "forest_2020",
      "forest_concession",
      "protected_area",
    ]);
    const again = await bearer(admin.token, "/api/eudr/layers/sample", "POST");
    expect(again.status).toBe(200);
    expect(((await again.json()) as { installed: unknown[] }).installed).toEqual([]);
    const { layers } = (await (await bearer(inspector.token, "/api/eudr/layers")).json()) as {
      layers: { name: string; source: string; sample: boolean }[];
    };
    const samples = layers.filter((l) => l.sample);
    expect(samples).toHaveLength(SAMPLE_LAYERS.length);
    for (const l of samples) {
      expect(l.name).toContain("SAMPLE — not authoritative");
      expect(l.source).toContain("SAMPLE — not authoritative");
    }
  });
});

describe("assessing plots against the sample layers", () => {
  let results: Result[] = [];
  beforeAll(async () => {
    const { status, body } = await assess({ plotIds: Object.keys(PLOTS) });
    expect(status).toBe(200);
    results = body.results;
  });

  it("low where the commodity was there in 2020 or there was no forest, with the layer, version and overlap", () => {
    const cocoa = verdictOf(results, "cocoa");
    expect(cocoa.verdict).toBe("low");
    const commodity = cocoa.evidence.find((e) => e.kind === "commodity_2020")!;
    expect(commodity).toMatchObject({
      layerName: "SAMPLE — not authoritative: Cocoa present in 2020 (Nimba)",
      version: "v1",
      sourceDate: "2020-12-31",
      sample: true,
      present: true,
      overlapPercent: 100,
    });
    expect(commodity.overlapHectares).toBeCloseTo(2.75, 1);
    expect(cocoa.reasons[0]).toBe(
      "The commodity was already grown here in 2020: SAMPLE — not authoritative: Cocoa present in 2020 (Nimba) (100%).",
    );
    expect(cocoa.reasons).toContain(
      "Some evidence comes from SAMPLE layers (not authoritative): use this verdict for demonstration only.",
    );
    expect(verdictOf(results, "point").verdict).toBe("low");
    const noForest = verdictOf(results, "noForest");
    expect(noForest.verdict).toBe("low");
    expect(noForest.evidence.find((e) => e.kind === "forest_2020")).toMatchObject({
      overlapPercent: 0,
      overlapHectares: 0,
      present: false,
    });
  });

  it("high after a post-2020 disturbance and inside a protected area", () => {
    const cleared = verdictOf(results, "cleared");
    expect(cleared.verdict).toBe("high");
    expect(cleared.evidence.find((e) => e.kind === "disturbance_after_2020")).toMatchObject({
      version: "v1",
      sourceDate: "2024-12-31",
      overlapPercent: 100,
      present: true,
    });
    const sapo = verdictOf(results, "sapo");
    expect(sapo.verdict).toBe("high");
    expect(sapo.reasons).toContain(
      "The plot lies in a protected area: SAMPLE — not authoritative: Sapo National Park (approximate outline) (100%).",
    );
  });

  it("more information needed with forest and nothing else, or with no forest data at all", () => {
    expect(verdictOf(results, "forestOnly").verdict).toBe("more_information_needed");
    const monrovia = verdictOf(results, "monrovia");
    expect(monrovia.verdict).toBe("more_information_needed");
    expect(monrovia.evidence).toEqual([]);
  });

  it("an invalid plot is recorded as such and never low", () => {
    const broken = verdictOf(results, "broken");
    expect(broken.verdict).toBe("more_information_needed");
    expect(broken.reasons[0]).toBe(
      "The plot's geometry is not valid: The boundary crosses itself (1 crossing point(s)); redraw it without crossing lines — it cannot be cleared as low risk until it is corrected.",
    );
  });

  it("stores each verdict with its evidence, updates the plot and writes an audit row", async () => {
    const row = await env.DB.prepare("SELECT risk_level, assessed_at FROM land_plots WHERE id = 'sapo'").first<{
      risk_level: string;
      assessed_at: string;
    }>();
    expect(row!.risk_level).toBe("high");
    const stored = await env.DB.prepare(
      "SELECT verdict, evidence, assessed_by FROM plot_assessments WHERE plot_id = 'sapo'",
    ).first<{ verdict: string; evidence: string; assessed_by: string }>();
    expect(stored!.verdict).toBe("high");
    expect(stored!.assessed_by).toBe(inspector.account.id);
    expect((JSON.parse(stored!.evidence) as Evidence[]).map((e) => e.kind).sort()).toEqual([
      "forest_2020",
      "protected_area",
    ]);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM audit_log WHERE entity_type = 'land_plot' AND action = 'plot.assess' AND entity_id = 'sapo'",
      ),
    ).toBe(1);
  });

  it("re-assessment keeps the history, newest first", async () => {
    const res = await bearer(inspector.token, "/api/eudr/plots/PLT-COCOA/assessments");
    expect(res.status).toBe(200);
    const { plot, assessments } = (await res.json()) as {
      plot: { riskLevel: string };
      assessments: { verdict: string; evidence: Evidence[] }[];
    };
    expect(plot.riskLevel).toBe("low");
    expect(assessments.map((a) => a.verdict)).toEqual(["low", "more_information_needed"]);
    expect(assessments[1]!.evidence).toEqual([]);
  });

  it("a farmer's plots at once; too many or unknown plots get a clear answer", async () => {
    const { body } = await assess({ farmerId: "frm000654" });
    expect(body.results.map((r) => [r.plotId, r.verdict]).sort()).toEqual([
      ["monrovia", "more_information_needed"],
      ["sapo", "high"],
    ]);
    const unknown = await assess({ plotIds: ["PLT-NOPE"] });
    expect(unknown).toMatchObject({ status: 404, body: { message: "No plot with code or id PLT-NOPE" } });
    const many = await assess({ farmerId: "FRM000321" });
    expect(many.status).toBe(413);
    expect(many.body.message).toBe(
      `farmer FRM000321 (Yah Gono) has ${5 + EXTRA_NIMBA} plots, more than 200 can be assessed in one request: start a background job (POST /api/eudr/jobs)`,
    );
  });
});
