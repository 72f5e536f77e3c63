import { env, exports } from "cloudflare:workers";
import turfArea from "@turf/area";
import { beforeAll, describe, expect, it } from "vitest";
import { checkEudrGeoJson } from "#worker/domain/eudr-geojson";
import { SAMPLE_LAYERS } from "#worker/services/demo/sample-layers";
import { signInAs } from "./auth-helpers";
import { call, ORIGIN } from "./helpers";

type Pos = [number, number];
type Evidence = {
  layerName: string;
  kind: string;
  version: string;
  sourceDate: string;
  sample: boolean;
  overlapHectares: number;
  overlapPercent: number;
  present: boolean;
};
type Result = {
  plotId: string;
  plotCode: string;
  verdict: string;
  reasons: string[];
  evidence: Evidence[];
  assessedAt: string;
};
type Job = { id: string; status: string; total: number; done: number; percent: number; counts: Record<string, number> };

const decode = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");
const r6 = (n: number) => Math.round(n * 1e6) / 1e6;
/** A square plot of ≈ 2.75 ha (0.0015° a side) with its south-west corner at lon, lat. */
const square = (lon: number, lat: number, d = 0.0015): Pos[] => [
  [lon, lat],
  [r6(lon + d), lat],
  [r6(lon + d), r6(lat + d)],
  [lon, r6(lat + d)],
  [lon, lat],
];

async function insertFarmer(
  farmerId: string,
  county: string,
  firstName: string,
  lastName: string,
  district: string,
  community: string,
) {
  await env.DB.prepare(
    "INSERT INTO farmers (id, farmer_id, first_name, last_name, county, district, community, registration_date, name_key, last_name_key) VALUES (?, ?, ?, ?, ?, ?, ?, '2025-02-01', ?, ?)",
  )
    .bind(
      `f-${farmerId}`,
      farmerId,
      firstName,
      lastName,
      county,
      district,
      community,
      `${firstName} ${lastName}`.toLowerCase(),
      `${lastName} ${firstName}`.toLowerCase(),
    )
    .run();
}

function plotStatement(
  id: string,
  farmerId: string,
  county: string,
  geometry: { type: "Polygon"; coordinates: Pos[][] } | { type: "Point"; coordinates: Pos },
  opts: { valid?: boolean; area?: number } = {},
) {
  const positions = geometry.type === "Point" ? [geometry.coordinates] : geometry.coordinates[0]!;
  const area = opts.area ?? Math.round((turfArea(geometry) / 10_000) * 1e6) / 1e6;
  const lons = positions.map((p) => p[0]);
  const lats = positions.map((p) => p[1]);
  const issues =
    opts.valid === false
      ? {
          errors: [
            {
              rule: "self-intersection",
              message: "The boundary crosses itself (1 crossing point(s)); redraw it without crossing lines",
            },
          ],
        }
      : { warnings: [] };
  return env.DB.prepare(
    `INSERT INTO land_plots (id, plot_code, farmer_id, geometry, geometry_type, area_hectares, min_lon, min_lat, max_lon, max_lat, crop, county, validation_state, validation_issues)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Cocoa', ?, ?, ?)`,
  ).bind(
    id,
    `PLT-${id.toUpperCase()}`,
    farmerId,
    JSON.stringify(geometry),
    geometry.type,
    area,
    Math.min(...lons),
    Math.min(...lats),
    Math.max(...lons),
    Math.max(...lats),
    county,
    opts.valid === false ? "invalid" : "valid",
    JSON.stringify(issues),
  );
}

const poly = (lon: number, lat: number) => ({ type: "Polygon" as const, coordinates: [square(lon, lat)] });
/** Where each plot lies against the sample layers (worker/services/demo/sample-layers.ts). */
const PLOTS = {
  cocoa: { farmer: "FRM000321", county: "Nimba County", geometry: poly(-8.601234, 7.201234) }, // cocoa in 2020 → low
  noForest: { farmer: "FRM000321", county: "Nimba County", geometry: poly(-8.601234, 6.601234) }, // inside the forest map, no forest → low
  cleared: { farmer: "FRM000321", county: "Nimba County", geometry: poly(-8.441234, 7.361234) }, // forest 2020 + disturbance after → high
  forestOnly: { farmer: "FRM000321", county: "Nimba County", geometry: poly(-8.851234, 7.001234) }, // forest 2020, nothing else → more info
  point: {
    farmer: "FRM000321",
    county: "Nimba County",
    geometry: { type: "Point" as const, coordinates: [-8.651234, 7.151234] as Pos },
    area: 1.2,
  }, // cocoa → low
  sapo: { farmer: "FRM000654", county: "Sinoe County", geometry: poly(-8.501234, 5.401234) }, // protected area → high
  monrovia: { farmer: "FRM000654", county: "Montserrado County", geometry: poly(-10.601234, 6.451234) }, // no forest data → more info
  broken: { farmer: "FRM000987", county: "Nimba County", geometry: poly(-8.601234, 6.611234), valid: false }, // would be low, but invalid
} as const;
type PlotName = keyof typeof PLOTS;
/** Enough for a job of several chunks, and more than the 200 plots assessed within one request. */
const EXTRA_NIMBA = 200;

const json = (token: string, body: unknown) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
  body: JSON.stringify(body),
});
/** The real scheduled() export, as the nightly cron trigger calls it. */
const runCron = () =>
  (exports.default as unknown as { scheduled(o: { scheduledTime: number; cron: string }): Promise<unknown> }).scheduled(
    { scheduledTime: Date.now(), cron: "0 2 * * *" },
  );
const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

let admin: Awaited<ReturnType<typeof signInAs>>;
let inspector: Awaited<ReturnType<typeof signInAs>>;

beforeAll(async () => {
  await insertFarmer("FRM000321", "Nimba County", "Yah", "Gono", "Sanniquellie-Mahn", "Karnplay");
  await insertFarmer("FRM000654", "Sinoe County", "Jallah", "Weah", "Greenville", "Sanquin");
  await insertFarmer("FRM000987", "Nimba County", "Korto", "Dahn", "Tappita", "Graie");
  const statements = Object.entries(PLOTS).map(([name, p]) =>
    plotStatement(name, p.farmer, p.county, p.geometry, {
      valid: "valid" in p ? p.valid : true,
      area: "area" in p ? p.area : undefined,
    }),
  );
  // More Nimba cocoa plots, so the county job runs over several chunks.
  for (let i = 0; i < EXTRA_NIMBA; i++) {
    // A 20 × 10 grid inside the sample cocoa-2020 area (lon −8.70..−8.50, lat 7.10..7.30).
    statements.push(
      plotStatement(
        `nimba-${String(i).padStart(3, "0")}`,
        "FRM000321",
        "Nimba County",
        poly(r6(-8.695 + (i % 20) * 0.0095), r6(7.105 + Math.floor(i / 20) * 0.018)),
      ),
    );
  }
  await env.DB.batch(statements);
  admin = await signInAs("system_administrator", "10.61.0.1");
  inspector = await signInAs("land_inspector", "10.61.0.2");
});

async function assess(body: unknown, token = inspector.token) {
  const res = await call("/api/eudr/assess", json(token, body));
  return { status: res.status, body: (await res.json()) as { assessed: number; results: Result[]; message?: string } };
}
const verdictOf = (results: Result[], name: PlotName) => results.find((r) => r.plotId === name)!;

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
    const farmer = await signInAs("farmer", "10.61.0.3");
    const res = await call("/api/eudr/layers", { headers: { Authorization: `Bearer ${farmer.token}` } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, message: "You do not have permission to do this" });
    const buyer = await signInAs("buyer", "10.61.0.4");
    expect((await call("/api/eudr/assess", json(buyer.token, { plotIds: ["cocoa"] }))).status).toBe(403);
    expect(
      (await call("/api/eudr/export?farmerId=FRM000321", { headers: { Authorization: `Bearer ${buyer.token}` } }))
        .status,
    ).toBe(403);
    // Inspectors assess, only administrators manage layers.
    expect((await call("/api/eudr/layers", json(inspector.token, {}))).status).toBe(403);
    expect((await call("/api/eudr/layers/sample", json(inspector.token, {}))).status).toBe(403);
  });

  it("the page is for assessors; the upload form only for administrators", async () => {
    const buyer = await signInAs("buyer", "10.61.0.5");
    const denied = await call("/eudr-assessment", { headers: { Cookie: buyer.cookie } });
    expect(denied.status).toBe(403);
    expect(decode(await denied.text())).toContain("You cannot open EUDR assessment");
    const page = decode(await (await call("/eudr-assessment", { headers: { Cookie: inspector.cookie } })).text());
    expect(page).toContain("Assess a plot, a farmer's plots or a batch");
    expect(page).not.toContain("Upload a reference layer");
    expect(page).not.toContain("Load the sample layers for Liberia");
    const csrf = page.match(/name="csrf" value="([^"]+)"/)![1]!;
    const upload = await call("/eudr-assessment", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: inspector.cookie },
      body: new URLSearchParams({
        csrf,
        intent: "upload-layer",
        kind: "forest_2020",
        name: "x",
        source: "y",
        sourceDate: "2020-12-31",
      }).toString(),
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
    const active = (await (
      await call("/api/eudr/layers", { headers: { Authorization: `Bearer ${inspector.token}` } })
    ).json()) as { layers: { id: string }[] };
    expect(active.layers.map((l) => l.id)).toEqual([v2.layer.id]);
    const all = (await (
      await call("/api/eudr/layers?all=1", { headers: { Authorization: `Bearer ${inspector.token}` } })
    ).json()) as {
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
    const res = await call("/api/eudr/layers/sample", {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.token}` },
    });
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
    const again = await call("/api/eudr/layers/sample", {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { installed: unknown[] }).installed).toEqual([]);
    const { layers } = (await (
      await call("/api/eudr/layers", { headers: { Authorization: `Bearer ${inspector.token}` } })
    ).json()) as {
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
    const res = await call("/api/eudr/plots/PLT-COCOA/assessments", {
      headers: { Authorization: `Bearer ${inspector.token}` },
    });
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

describe("background jobs", () => {
  it("assesses every plot of a county with progress, to the end", async () => {
    const wrong = await call("/api/eudr/jobs", json(inspector.token, { scope: "county", value: "Atlantis" }));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toBe(
      'Unknown county "Atlantis": use one of the 15 counties, e.g. Nimba',
    );

    const res = await call("/api/eudr/jobs", json(inspector.token, { scope: "county", value: "Nimba" }));
    expect(res.status).toBe(202);
    const { job } = (await res.json()) as { job: Job };
    expect(job).toMatchObject({ status: "queued", total: 6 + EXTRA_NIMBA, done: 0, percent: 0 });

    let view = job;
    for (let i = 0; i < 50 && view.status !== "done"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      view = (
        (await (
          await call(`/api/eudr/jobs/${job.id}`, { headers: { Authorization: `Bearer ${inspector.token}` } })
        ).json()) as { job: Job }
      ).job;
    }
    if (view.status !== "done") await runCron();
    view = (
      (await (
        await call(`/api/eudr/jobs/${job.id}`, { headers: { Authorization: `Bearer ${inspector.token}` } })
      ).json()) as { job: Job }
    ).job;
    expect(view).toMatchObject({ status: "done", done: 6 + EXTRA_NIMBA, total: 6 + EXTRA_NIMBA, percent: 100 });
    expect(view.counts).toEqual({ low: EXTRA_NIMBA + 3, high: 1, more_information_needed: 2 });
    expect(await count("SELECT COUNT(*) AS n FROM plot_assessments WHERE job_id = ?", job.id)).toBe(6 + EXTRA_NIMBA);
    expect(
      await count("SELECT COUNT(*) AS n FROM land_plots WHERE county = 'Nimba County' AND risk_level IS NULL"),
    ).toBe(0);
  });

  it("the cron handler finishes a job whose runner stopped", async () => {
    await env.DB.prepare(
      `INSERT INTO assessment_jobs (id, scope, scope_value, status, total, done, summary, created_by, updated_at)
       VALUES ('stuck-job', 'county', 'Sinoe County', 'running', 1, 0, '{"label":"Sinoe County","actorRole":"land_inspector","counts":{}}', ?, '2026-01-01T00:00:00.000Z')`,
    )
      .bind(inspector.account.id)
      .run();
    await runCron();
    const job = await env.DB.prepare("SELECT status, done, summary FROM assessment_jobs WHERE id = 'stuck-job'").first<{
      status: string;
      done: number;
      summary: string;
    }>();
    expect(job).toMatchObject({ status: "done", done: 1 });
    expect(JSON.parse(job!.summary).counts).toEqual({ low: 0, high: 1, more_information_needed: 0 });
    const run = await env.DB.prepare("SELECT status, summary FROM cron_runs ORDER BY id DESC LIMIT 1").first<{
      status: string;
      summary: string;
    }>();
    expect(run!.status).toBe("ok");
    expect(JSON.parse(run!.summary).assessmentJobs.jobs).toContainEqual({
      id: "stuck-job",
      status: "done",
      done: 1,
      total: 1,
    });
  });
});

describe("GET /api/eudr/export", () => {
  const get = (query: string) =>
    call(`/api/eudr/export?${query}`, { headers: { Authorization: `Bearer ${inspector.token}` } });

  it("a farmer's plots as one EUDR GeoJSON package that passes every rule", async () => {
    const res = await get("farmerId=FRM000654");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/geo+json; charset=utf-8");
    expect(res.headers.get("x-package-count")).toBe("1");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="eudr-farmer-frm000654-jallah-weah-cocoa-part-1-of-1.geojson"',
    );
    const text = await res.text();
    expect(checkEudrGeoJson(text)).toEqual({ ok: true, errors: [] });
    const fc = JSON.parse(text) as {
      features: { properties: Record<string, unknown>; geometry: { coordinates: Pos[][] } }[];
    };
    expect(fc.features).toHaveLength(2);
    expect(fc.features[0]!.properties).toEqual({
      ProducerName: "Jallah Weah",
      ProducerCountry: "LR",
      // The farmer lives in Sinoe: the Montserrado plot names only its own county.
      ProductionPlace: "Montserrado County",
      Area: expect.any(Number),
    });
    expect(fc.features[0]!.geometry.coordinates[0]![0]).toEqual([-10.601234, 6.451234]);
    expect(fc.features[1]!.properties.ProductionPlace).toBe("Sanquin, Greenville, Sinoe County");
  });

  it("the big farmer (points and polygons) passes too; the manifest lists the packages", async () => {
    const res = await get("farmerId=FRM000321");
    const text = await res.text();
    expect(checkEudrGeoJson(text)).toEqual({ ok: true, errors: [] });
    expect((JSON.parse(text) as { features: unknown[] }).features).toHaveLength(5 + EXTRA_NIMBA);
    expect(text).toContain('"geometry":{"type":"Point","coordinates":[-8.651234,7.151234]}');
    const manifest = (await (await get("farmerId=FRM000321&manifest=1")).json()) as {
      packageCount: number;
      plotCount: number;
      packages: { part: number; url: string; producers: number }[];
    };
    expect(manifest).toMatchObject({
      packageCount: 1,
      plotCount: 5 + EXTRA_NIMBA,
      packages: [{ part: 1, producers: 1, url: "/api/eudr/export?farmerId=FRM000321&part=1" }],
    });
    const missing = await get("farmerId=FRM000321&part=2");
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe(
      "Package 2 does not exist: this export has 1 package(s), numbered from 1",
    );
  });

  it("a shipment (batch) includes the origins inherited through splits and merges", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO batches (id, batch_code, commodity, hs_code, weight_kg, status) VALUES ('b-parent', 'LR-COC-TEST-1', 'Cocoa', '1801', 800, 'at_warehouse')",
      ),
      env.DB.prepare(
        "INSERT INTO batches (id, batch_code, commodity, hs_code, weight_kg, status, derived_by) VALUES ('b-child', 'LR-COC-TEST-2', 'Cocoa', '1801', 300, 'at_port', 'split')",
      ),
      env.DB.prepare(
        "INSERT INTO batch_origins (batch_id, plot_id, farmer_id, weight_kg) VALUES ('b-parent', 'sapo', 'FRM000654', 500), ('b-parent', 'cocoa', 'FRM000321', 300)",
      ),
      env.DB.prepare(
        "INSERT INTO batch_lineage (parent_batch_id, child_batch_id, kind, weight_kg) VALUES ('b-parent', 'b-child', 'split', 300)",
      ),
    ]);
    const res = await get("shipment=LR-COC-TEST-2");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-package-commodity")).toBe("Cocoa");
    const text = await res.text();
    expect(checkEudrGeoJson(text)).toEqual({ ok: true, errors: [] });
    const names = (JSON.parse(text) as { features: { properties: { ProducerName: string } }[] }).features.map(
      (f) => f.properties.ProducerName,
    );
    expect(names).toEqual(["Yah Gono", "Jallah Weah"]);
    const { body } = await assess({ batchCode: "LR-COC-TEST-2" });
    expect(body.results.map((r) => [r.plotId, r.verdict]).sort()).toEqual([
      ["cocoa", "low"],
      ["sapo", "high"],
    ]);
  });

  it("refuses plots whose geometry is not valid, naming them", async () => {
    const res = await get("farmerId=FRM000987");
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      success: false,
      message:
        "Cannot export farmer FRM000987 (Korto Dahn): 1 plot(s) cannot go into an EUDR file — PLT-BROKEN. Correct them and export again.",
      errors: [{ plotCode: "PLT-BROKEN", message: "PLT-BROKEN: the geometry is not valid (invalid)" }],
    });
    expect((await get("")).status).toBe(400);
  });
});

describe("/eudr-assessment page (works without JavaScript)", () => {
  let csrf = "";

  it("lists the active layers with version, count and a SAMPLE badge; offers the sample button in demo mode", async () => {
    const res = await call("/eudr-assessment", { headers: { Cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = decode(await res.text());
    csrf = html.match(/name="csrf" value="([^"]+)"/)![1]!;
    expect(html).toContain("Reference layers in use");
    expect(html).toContain("SAMPLE — not authoritative: Sapo National Park (approximate outline)");
    expect(html.match(/>SAMPLE</g)?.length).toBeGreaterThanOrEqual(SAMPLE_LAYERS.length);
    expect(html).toContain("Upload a reference layer");
    expect(html).toContain("Load the sample layers for Liberia");
    expect(html).toContain("Recent verdicts");
    expect(html).not.toContain('http-equiv="refresh"');
  });

  it("uploads a layer as a multipart form", async () => {
    const body = new FormData();
    for (const [k, v] of Object.entries({
      csrf,
      intent: "upload-layer",
      kind: "forest_concession",
      name: "Test concession",
      source: "Test fixture",
      sourceDate: "2023-05-01",
    }))
      body.set(k, v);
    body.set(
      "file",
      new File(
        [
          JSON.stringify({
            type: "FeatureCollection",
            features: [
              {
                type: "Feature",
                properties: {},
                geometry: {
                  type: "LineString",
                  coordinates: [
                    [-9.9, 6.1],
                    [-9.8, 6.2],
                  ],
                },
              },
            ],
          }),
        ],
        "bad.geojson",
      ),
    );
    const bad = await call("/eudr-assessment", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: admin.cookie },
      body,
    });
    expect(bad.status).toBe(400);
    const badHtml = decode(await bad.text());
    expect(badHtml).toContain(
      "Feature 1: LineString geometries are not accepted — a reference layer holds Polygon or MultiPolygon features only",
    );
    expect(badHtml).toContain('value="Test concession"');

    body.set(
      "file",
      new File(
        [
          JSON.stringify({
            type: "FeatureCollection",
            features: [
              {
                type: "Feature",
                properties: {},
                geometry: { type: "Polygon", coordinates: [square(-9.801234, 6.101234, 0.02)] },
              },
            ],
          }),
        ],
        "ok.geojson",
      ),
    );
    const ok = await call("/eudr-assessment", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: admin.cookie },
      body,
    });
    expect(ok.status).toBe(302);
    const location = ok.headers.get("location")!;
    expect(location).toMatch(/^\/eudr-assessment\?uploaded=[0-9a-f-]{36}$/);
    const after = decode(await (await call(location, { headers: { Cookie: admin.cookie } })).text());
    expect(after).toContain("Stored “Test concession” version v1 with 1 feature(s).");
  });

  it("assesses a plot from the form and shows the verdict with its evidence", async () => {
    const res = await call("/eudr-assessment", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: admin.cookie },
      body: new URLSearchParams({ csrf, intent: "assess", target: "plot", value: "PLT-CLEARED" }).toString(),
    });
    expect(res.status).toBe(200);
    const html = decode(await res.text());
    expect(html).toContain("1 verdict(s) for 1 plot(s)");
    expect(html).toContain(
      "Tree cover in 2020 and disturbance after 2020-12-31: SAMPLE — not authoritative: Tree-cover disturbance 2021–2024 (Nimba patch) (100%).",
    );
    expect(html).toMatch(
      /Tree-cover loss or disturbance after 2020: SAMPLE — not authoritative: Tree-cover disturbance 2021–2024 \(Nimba patch\) v1 \(2024-12-31\) — [\d.]+ ha, 100%/,
    );
    const unknown = await call("/eudr-assessment", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: admin.cookie },
      body: new URLSearchParams({ csrf, intent: "assess", target: "batch", value: "LR-NOPE" }).toString(),
    });
    expect(unknown.status).toBe(404);
    expect(decode(await unknown.text())).toContain("No batch with code LR-NOPE");
  });

  it("starts a county job and refreshes itself while it runs", async () => {
    // A queued job: the page reloads every 3 s and resumes it in the background.
    await env.DB.prepare(
      `INSERT INTO assessment_jobs (id, scope, scope_value, status, total, summary, created_by) VALUES ('page-job', 'county', 'Montserrado County', 'queued', 1, '{"label":"Montserrado County","actorRole":"system_administrator"}', ?)`,
    )
      .bind(admin.account.id)
      .run();
    const running = decode(await (await call("/eudr-assessment", { headers: { Cookie: admin.cookie } })).text());
    expect(running).toContain('<meta http-equiv="refresh" content="3"/>');
    expect(running).toContain("Montserrado County");
    for (let i = 0; i < 50; i++) {
      if (
        (await env.DB.prepare("SELECT status FROM assessment_jobs WHERE id = 'page-job'").first<{ status: string }>())!
          .status === "done"
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }

    const res = await call("/eudr-assessment", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: admin.cookie },
      body: new URLSearchParams({ csrf, intent: "county-job", county: "Grand Bassa County" }).toString(),
    });
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/eudr-assessment\?job=[0-9a-f-]{36}$/);
    const html = decode(await (await call(location, { headers: { Cookie: admin.cookie } })).text());
    expect(html).toMatch(/Grand Bassa County<\/span> — <span data-testid="job-status">Done<\/span>: 0 of 0 plot\(s\)/);
    expect(html).not.toContain('http-equiv="refresh"');
  });
});
