/**
 * The re-check (ADR 029) also re-assesses stored risk verdicts. Verdicts are written
 * straight into the database as an older risk method (or no version at all) produced them: one
 * plot now assesses high against today's layers, one needs more information where it was low,
 * one stays low; a fourth already carries today's version. The re-check stores a NEW verdict for
 * each stale one with today's version (the old one kept), puts the two that turned worse under
 * review (batch held, certificate "under review" at /verify, farmer, holder and land inspector
 * told), and a second run writes nothing. A new layer version that makes the high plot low again
 * clears it.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { insertAssessmentIfLatestStatement } from "#db/queries/plot-assessments";
import { RULESET_VERSION, verdictRulesetVersion } from "#worker/domain/ruleset";
import { SAMPLE_LAYERS } from "#worker/services/demo/sample-layers";
import { plotReviewRefusal } from "#worker/services/inspections/holds";
import { d1, insertBatch, insertCertificate, insertFarmer, insertOrigin, sessionAs } from "./factories";
import { call, count, one, plotInsert, rows } from "./helpers";
import { decodeHtml } from "./html";
import { recheckPage, startRecheck } from "./recheck-fixtures";

type Pos = [number, number];
const r6 = (n: number) => Math.round(n * 1e6) / 1e6;
const square = (lon: number, lat: number, d = 0.0015): Pos[] => [
  [lon, lat],
  [r6(lon + d), lat],
  [r6(lon + d), r6(lat + d)],
  [lon, r6(lat + d)],
  [lon, lat],
];
// Where each plot lies against the sample layers (worker/services/demo/sample-layers.ts).
const PLOTS = {
  "p-high": { code: "PLT-000321-01", sw: [-8.441234, 7.361234] as Pos }, // forest 2020 + disturbance after → high
  "p-mni": { code: "PLT-000321-02", sw: [-8.851234, 7.001234] as Pos }, // forest 2020, nothing else → more info
  "p-low": { code: "PLT-000321-03", sw: [-8.601234, 7.201234] as Pos }, // cocoa in 2020 → low
  "p-current": { code: "PLT-000321-04", sw: [-8.601234, 6.601234] as Pos }, // no forest → low
};
const OLD_METHOD = "geometry-2026.11+risk-2025.01;forest_2020@v1";
const BATCH = "LR-COC-2026-000321";
const CERT = "LR-EUDR-2026-000321-CD34";

let admin: { cookie: string; token: string };
let currentVersion: string;

async function activeVerdictVersion() {
  const layers = await rows<{ kind: string; name: string; version: string }>(
    "SELECT kind, name, version FROM reference_layers WHERE status = 'active'",
  );
  return verdictRulesetVersion(layers);
}

async function seed() {
  const sample = await call("/api/eudr/layers/sample", {
    method: "POST",
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(sample.status).toBe(201);
  currentVersion = await activeVerdictVersion();
  const plot = (id: keyof typeof PLOTS, version: string) => {
    return plotInsert({
      id,
      code: PLOTS[id].code,
      farmerId: "FRM000321",
      geometry: { type: "Polygon", coordinates: [square(...PLOTS[id].sw)] },
      ha: 2.75,
      crop: "Cocoa",
      county: "Nimba County",
      validation: "valid",
      risk: "low",
      more: { assessed_at: "2026-01-05T00:00:00.000Z", ruleset_version: version },
    });
  };
  const verdict = (id: string, plotId: string, version: string) =>
    env.DB.prepare(
      `INSERT INTO plot_assessments (id, plot_id, verdict, evidence, reasons, assessed_at, ruleset_version)
       VALUES (?, ?, 'low', '[]', '["No tree cover at the end of 2020 on the plot (an older map)."]', '2026-01-05T00:00:00.000Z', ?)`,
    ).bind(id, plotId, version);
  await env.DB.batch([
    d1(
      insertFarmer({
        id: "f-321",
        farmerId: "FRM000321",
        userId: "demo-farmer",
        firstName: "Yah",
        lastName: "Gono",
        county: "Nimba County",
        community: "Karnplay",
        crops: '["Cocoa"]',
        registrationDate: "2025-02-01",
      }),
    ),
    // Geometry already checked under today's rules: only the verdict is old.
    plot("p-high", RULESET_VERSION),
    // Neither the geometry nor the verdict carries a version (stored before ADR 029).
    plot("p-mni", "legacy"),
    plot("p-low", RULESET_VERSION),
    plot("p-current", RULESET_VERSION),
    verdict("a-high", "p-high", OLD_METHOD),
    verdict("a-mni", "p-mni", "legacy"),
    verdict("a-low", "p-low", "legacy"),
    verdict("a-current", "p-current", currentVersion),
    d1(
      insertBatch({
        id: "b-321",
        batchCode: BATCH,
        weightG: 500_000,
        status: "warehouse_inspected",
        county: "Nimba County",
        holderId: "demo-buyer",
        createdBy: "demo-buyer",
      }),
    ),
    d1(insertOrigin({ batchId: "b-321", plotId: "p-high", farmerId: "FRM000321", weightG: 500_000 })),
    d1(
      insertCertificate({
        id: "c-321",
        certificateNumber: CERT,
        type: "eudr",
        subjectType: "batch",
        subjectId: BATCH,
        dataHash: "hash",
        r2Key: "certificates/c-321.pdf",
        issuedAt: "2026-01-10T00:00:00.000Z",
        expiresAt: "2099-01-10T00:00:00.000Z",
      }),
    ),
  ]);
}

const page = () => recheckPage(admin.cookie);
const recheck = () => startRecheck(admin.cookie);
type Verdict = { id: string; verdict: string; ruleset_version: string; assessed_by: string | null; evidence: string };
const verdicts = (plotId: string) =>
  rows<Verdict>(
    "SELECT id, verdict, ruleset_version, assessed_by, evidence FROM plot_assessments WHERE plot_id = ? ORDER BY assessed_at, rowid",
    plotId,
  );
type PlotState = { review_state: string | null; review_reasons: string | null; risk_level: string };
const plotState = (id: string) =>
  one<PlotState>("SELECT review_state, review_reasons, risk_level FROM land_plots WHERE id = ?", id);
const snapshot = async () => ({
  plots: await rows("SELECT * FROM land_plots ORDER BY id"),
  verdicts: await count("SELECT COUNT(*) AS n FROM plot_assessments"),
  audit: await count("SELECT COUNT(*) AS n FROM audit_log"),
  notices: await count("SELECT COUNT(*) AS n FROM notifications"),
  jobs: await count("SELECT COUNT(*) AS n FROM recheck_jobs"),
});
const latestJob = () =>
  one<Record<string, unknown>>("SELECT * FROM recheck_jobs ORDER BY created_at DESC, rowid DESC LIMIT 1");

beforeAll(async () => {
  admin = await sessionAs("system_administrator");
  await seed();
}, 60_000);

describe("re-assessing risk verdicts of an older risk method or layer versions", () => {
  it("/recheck-jobs counts the plots whose verdict is stale and shows the risk method with its layers", async () => {
    const { html } = await page();
    expect(html).toContain("3 stored plot(s) were last checked under an older rule set.");
    expect(html).toContain(currentVersion.slice(currentVersion.indexOf("+") + 1));
    // Readable too: the risk method, then one line per layer with its version and name.
    const text = decodeHtml(html.replace(/<[^>]+>/g, ""));
    expect(text).toContain("Risk method: risk-");
    expect(text).toMatch(/protected_area v1: SAMPLE[^\n]*Sapo National Park/);
  });

  it("stores a new verdict under today's method and layers, keeping the old one", async () => {
    const res = await recheck();
    expect(res.status).toBe(302);
    expect(await latestJob()).toMatchObject({
      last_error: null,
      status: "done",
      total: 3,
      done: 3,
      reassessed: 3,
      flagged: 2,
      cleared: 0,
      unchanged: 1,
    });
    for (const [plotId, oldId, now] of [
      ["p-high", "a-high", "high"],
      ["p-mni", "a-mni", "more_information_needed"],
      ["p-low", "a-low", "low"],
    ] as const) {
      const list = await verdicts(plotId);
      expect(list, plotId).toHaveLength(2);
      expect(list[0]).toMatchObject({ id: oldId, verdict: "low" });
      expect(list[1]).toMatchObject({ verdict: now, ruleset_version: currentVersion, assessed_by: "system:recheck" });
      expect(JSON.parse(list[1]!.evidence).length, plotId).toBeGreaterThan(0);
      expect((await plotState(plotId)).risk_level).toBe(now);
    }
    expect(await verdicts("p-current")).toHaveLength(1);
    // Each new verdict has its plot.assess audit row, by the re-check.
    expect(
      await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'plot.assess' AND actor_id = 'system:recheck'"),
    ).toBe(3);
    const { html } = await page();
    expect(html).toContain("Every stored plot is checked under this rule set.");
    expect(html).toMatch(/Verdicts re-assessed/);
  });

  it("a verdict turned high, or needing more information where it was low, puts the plot under review; low stays clear", async () => {
    const high = await plotState("p-high");
    expect(high.review_state).toBe("needs_review");
    const highReasons = JSON.parse(high.review_reasons!) as string[];
    expect(highReasons).toHaveLength(1);
    expect(highReasons[0]).toMatch(/^The deforestation risk check now finds the plot high risk: .*disturbance after/);
    const mni = await plotState("p-mni");
    expect(mni.review_state).toBe("needs_review");
    expect(mni.review_reasons).toContain("The deforestation risk check now needs more information");
    expect((await plotState("p-low")).review_state).toBeNull();
    expect((await plotState("p-current")).review_state).toBeNull();
    const audit = await rows<{ action: string; entity_id: string }>(
      "SELECT action, entity_id FROM audit_log WHERE action LIKE 'plot.%review' ORDER BY entity_id",
    );
    expect(audit).toEqual([
      { action: "plot.needs_review", entity_id: "p-high" },
      { action: "plot.needs_review", entity_id: "p-mni" },
    ]);
  });

  it("holds the batch, flags the certificate at /verify and tells the farmer, the holder and the land inspector", async () => {
    const held = await plotReviewRefusal(database(env.DB), { id: "b-321" });
    expect(held?.status).toBe(409);
    expect(held?.message).toContain("PLT-000321-01");
    const res = await call(`/verify/${CERT}`);
    const html = decodeHtml(await res.text());
    expect(html).toContain("Under review since");
    expect(html).toContain("PLT-000321-01");
    expect((await one<{ status: string }>("SELECT status FROM certificates WHERE id = 'c-321'")).status).toBe("valid");
    const notices = await rows<{ user_id: string; title: string }>(
      "SELECT user_id, title FROM notifications WHERE kind = 'plot_review' ORDER BY user_id, title",
    );
    const to = (user: string) => notices.filter((n) => n.user_id === user).map((n) => n.title);
    expect(to("demo-farmer")).toEqual([
      "Plot PLT-000321-01 needs review under a new rule",
      "Plot PLT-000321-02 needs review under a new rule",
    ]);
    expect(to("demo-buyer")).toEqual(["Plot PLT-000321-01 needs review under a new rule"]);
    expect(to("demo-land-inspector")).toHaveLength(2);
  });

  it("is idempotent: a second run (page or nightly cron) writes nothing", async () => {
    const before = await snapshot();
    const again = await recheck();
    expect(again.status).toBe(409);
    await (
      (await import("cloudflare:workers")).exports.default as unknown as {
        scheduled(o: { scheduledTime: number; cron: string }): Promise<unknown>;
      }
    ).scheduled({ scheduledTime: Date.now(), cron: "0 2 * * *" });
    expect(await snapshot()).toEqual(before);
  });

  it("a second runner that read the same slice stores no second verdict (the insert is guarded on the latest)", async () => {
    const db = database(env.DB);
    const before = await count("SELECT COUNT(*) AS n FROM plot_assessments");
    const row = { plotId: "p-high", verdict: "high", evidence: "[]", reasons: "[]", rulesetVersion: currentVersion };
    await db.batch([
      insertAssessmentIfLatestStatement(db, { ...row, id: "racer", assessedAt: new Date().toISOString() }, "a-high"),
    ]);
    expect(await count("SELECT COUNT(*) AS n FROM plot_assessments")).toBe(before);
  });

  it("a new layer version under which the high plot is low again clears it, with an audit row and notices", async () => {
    const commodity = SAMPLE_LAYERS.find((l) => l.kind === "commodity_2020")!;
    const geojson = structuredClone(commodity.geojson) as { features: unknown[] };
    geojson.features.push({
      type: "Feature",
      properties: { name: "Cocoa farm mapped in 2020 near the clearing" },
      geometry: { type: "Polygon", coordinates: [square(-8.45, 7.35, 0.03)] },
    });
    const uploaded = await call("/api/eudr/layers", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({
        kind: commodity.kind,
        name: commodity.name,
        source: commodity.source,
        sourceDate: commodity.sourceDate,
        geojson,
      }),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const next = await activeVerdictVersion();
    expect(next).not.toBe(currentVersion);
    expect((await recheck()).status).toBe(302);
    expect(await latestJob()).toMatchObject({ status: "done", total: 4, reassessed: 4, cleared: 1, flagged: 0 });
    const list = await verdicts("p-high");
    expect(list.map((v) => v.verdict)).toEqual(["low", "high", "low"]);
    expect(list[2]!.ruleset_version).toBe(next);
    expect((await plotState("p-high")).review_state).toBeNull();
    // Still more information needed: it stays under review, unchanged.
    expect((await plotState("p-mni")).review_state).toBe("needs_review");
    expect(
      await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'plot.clear_review' AND entity_id = 'p-high'"),
    ).toBe(1);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM notifications WHERE user_id = 'demo-buyer' AND title = 'Plot PLT-000321-01 is cleared under the new rules'",
      ),
    ).toBe(1);
    expect(await plotReviewRefusal(database(env.DB), { id: "b-321" })).toBeNull();
    expect((await recheck()).status).toBe(409);
  });

  it("a second protected area under another name, also its layer's v1, makes the stored verdicts stale", async () => {
    const before = await activeVerdictVersion();
    const uploaded = await call("/api/eudr/layers", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({
        kind: "protected_area",
        name: "East Nimba Nature Reserve (test outline)",
        source: "Test outline drawn around one stored plot",
        sourceDate: "2026-06-01",
        geojson: {
          type: "FeatureCollection",
          features: [
            {
              type: "Feature",
              properties: { name: "East Nimba Nature Reserve (test outline)" },
              geometry: { type: "Polygon", coordinates: [square(-8.605, 6.595, 0.02)] },
            },
          ],
        },
      }),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    expect(((await uploaded.json()) as { layer: { version: string } }).layer.version).toBe("v1");
    const next = await activeVerdictVersion();
    expect(next).not.toBe(before);
    expect((await page()).html).toContain("4 stored plot(s) were last checked under an older rule set.");
    expect((await recheck()).status).toBe(302);
    expect(await latestJob()).toMatchObject({ status: "done", total: 4, reassessed: 4, flagged: 1 });
    const list = await verdicts("p-current");
    expect(list.at(-1)).toMatchObject({ verdict: "high", ruleset_version: next });
    expect((await plotState("p-current")).review_state).toBe("needs_review");
  });
});
