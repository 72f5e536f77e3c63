/**
 * Stored plots re-checked when the rule set changes (ADR 029). Plots are written
 * straight into the database as the old rules accepted them (rule-set version 'legacy'): one
 * declared in the wrong county, one across the border, one nested MultiPolygon, and one that
 * still passes; a batch and a certificate rest on the three. The administrator's re-check moves
 * each failing plot to "needs review", holds the batch, flags the certificate at /verify and
 * notifies the farmer, the holder and the county's land inspector; a second run changes nothing.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { RULESET_VERSION } from "#worker/domain/ruleset";
import { d1, insertBatch, insertCertificate, insertFarmer, insertOrigin, sessionAs } from "./factories";
import { call, count, one, rows } from "./helpers";
import { decodeHtml } from "./html";
import { recheckPage, startRecheck } from "./recheck-fixtures";

const ring = (pts: [string, string][]) => `[[${pts.map(([x, y]) => `[${x},${y}]`).join(",")}]]`;
const polygon = (pts: [string, string][]) => `{"type":"Polygon","coordinates":${ring(pts)}}`;
const square = (lon: number, lat: number, d = 0.000903): [string, string][] => {
  const f = (n: number) => n.toFixed(6);
  return [
    [f(lon), f(lat)],
    [f(lon + d), f(lat)],
    [f(lon + d), f(lat + d)],
    [f(lon), f(lat + d)],
    [f(lon), f(lat)],
  ];
};
// Nimba (the demo plot's place), declared in Lofa.
const WRONG_COUNTY = polygon(square(-8.655123, 7.241237));
// From Liberia's Grand Gedeh side far into Côte d'Ivoire.
const ACROSS_BORDER = polygon([
  ["-8.300123", "6.500123"],
  ["-7.600123", "6.500123"],
  ["-7.600123", "6.510123"],
  ["-8.300123", "6.510123"],
  ["-8.300123", "6.500123"],
]);
// A MultiPolygon whose second part lies inside the first (GEOS: invalid).
const NESTED =
  '{"type":"MultiPolygon","coordinates":[[[[-9.491237,6.982143],[-9.489427,6.982143],[-9.489427,6.983953],[-9.491237,6.983953],[-9.491237,6.982143]]],[[[-9.490781,6.982597],[-9.489883,6.982597],[-9.489883,6.983497],[-9.490781,6.983497],[-9.490781,6.982597]]]]}';
const GOOD = polygon(square(-9.472311, 6.995412));
const FIXED = polygon(square(-9.491237, 6.982143));

const BATCH = "LR-COC-2026-000777";
const OTHER = "LR-COC-2026-000778";
const CERT = "LR-EUDR-2026-000777-AB12";

let admin: { cookie: string };
let port: { token: string };
let farmer: { token: string; cookie: string };

async function seedOldRecords() {
  const plot = (id: string, code: string, type: string, g: string, declared: string | null, county: string | null) =>
    env.DB.prepare(
      `INSERT INTO land_plots (id, plot_code, farmer_id, geometry, geometry_type, area_hectares, min_lon, min_lat, max_lon, max_lat, crop, county, declared_county, validation_state, risk_level)
       VALUES (?, ?, 'FRM000001', ?, ?, 1.0, -10, 6, -8, 8, 'Cocoa', ?, ?, 'valid', 'low')`,
    ).bind(id, code, g, type, county, declared);
  await env.DB.batch([
    d1(
      insertFarmer({
        id: "f-1",
        farmerId: "FRM000001",
        userId: "demo-farmer",
        firstName: "Musu",
        lastName: "Kollie",
        county: "Lofa County",
        community: "Fissebu",
        crops: '["Cocoa"]',
        registrationDate: "2025-01-10",
      }),
    ),
    plot("p-county", "PLT-000001-01", "Polygon", WRONG_COUNTY, "Lofa County", "Nimba County"),
    plot("p-border", "PLT-000001-02", "Polygon", ACROSS_BORDER, null, null),
    plot("p-nested", "PLT-000001-03", "MultiPolygon", NESTED, null, null),
    plot("p-good", "PLT-000001-04", "Polygon", GOOD, null, null),
    ...[
      { id: "b-1", batchCode: BATCH, weightG: 900_000, county: "Nimba County" },
      { id: "b-2", batchCode: OTHER, weightG: 100_000, county: "Bong County" },
    ].map((b) =>
      d1(insertBatch({ ...b, status: "warehouse_inspected", holderId: "demo-buyer", createdBy: "demo-buyer" })),
    ),
    ...[
      ["b-1", "p-county", 300_000],
      ["b-1", "p-border", 300_000],
      ["b-1", "p-nested", 300_000],
      ["b-2", "p-good", 100_000],
    ].map(([batchId, plotId, weightG]) =>
      d1(
        insertOrigin({
          batchId: batchId as string,
          plotId: plotId as string,
          farmerId: "FRM000001",
          weightG: weightG as number,
        }),
      ),
    ),
    d1(
      insertCertificate({
        id: "c-1",
        certificateNumber: CERT,
        type: "eudr",
        subjectType: "batch",
        subjectId: BATCH,
        dataHash: "hash",
        r2Key: "certificates/c-1.pdf",
        issuedAt: "2026-01-10T00:00:00.000Z",
        expiresAt: "2099-01-10T00:00:00.000Z",
      }),
    ),
  ]);
}

const page = () => recheckPage(admin.cookie);
const recheck = () => startRecheck(admin.cookie);
const batchApi = (path: string, token: string, body: unknown) =>
  call(`/api/batches${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
type PlotState = {
  plot_code: string;
  review_state: string | null;
  review_reasons: string | null;
  ruleset_version: string;
};
const plotStates = () =>
  rows<PlotState>("SELECT plot_code, review_state, review_reasons, ruleset_version FROM land_plots ORDER BY plot_code");
const snapshot = async () => ({
  plots: await plotStates(),
  audit: await count("SELECT COUNT(*) AS n FROM audit_log"),
  notices: await count("SELECT COUNT(*) AS n FROM notifications"),
  jobs: await count("SELECT COUNT(*) AS n FROM recheck_jobs"),
});

beforeAll(async () => {
  await seedOldRecords();
  admin = await sessionAs("system_administrator");
  port = await sessionAs("port_inspector");
  farmer = await sessionAs("farmer");
});

describe("re-checking stored plots under a new rule set", () => {
  it("stored rows read the legacy rule set; /recheck-jobs shows how many wait", async () => {
    expect((await plotStates()).every((p) => p.ruleset_version === "legacy")).toBe(true);
    const { html } = await page();
    expect(html).toContain(RULESET_VERSION);
    expect(html).toContain("4 stored plot(s) were last checked under an older rule set.");
    expect(html).toContain("No re-check has run yet.");
  });

  it("only administrators reach the page", async () => {
    const res = await call("/recheck-jobs", { headers: { Cookie: farmer.cookie } });
    expect([302, 303, 403]).toContain(res.status);
  });

  it("moves each failing plot to needs review with the new reasons; the passing one is unchanged", async () => {
    const res = await recheck();
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/recheck-jobs?started=1");
    const job = await one<Record<string, unknown>>("SELECT * FROM recheck_jobs");
    expect(job).toMatchObject({ status: "done", total: 4, done: 4, flagged: 3, cleared: 0, unchanged: 1 });
    const states = Object.fromEntries((await plotStates()).map((p) => [p.plot_code, p]));
    for (const p of Object.values(states)) expect(p.ruleset_version).toBe(RULESET_VERSION);
    expect(states["PLT-000001-04"]!.review_state).toBeNull();
    const reasons = (code: string) => JSON.parse(states[code]!.review_reasons ?? "[]") as string[];
    expect(states["PLT-000001-01"]!.review_state).toBe("needs_review");
    expect(reasons("PLT-000001-01")).toEqual(["The plot lies in Nimba County, not in Lofa County as declared"]);
    expect(states["PLT-000001-02"]!.review_state).toBe("needs_review");
    expect(reasons("PLT-000001-02").join(" ")).toContain("outside Liberia");
    expect(states["PLT-000001-03"]!.review_state).toBe("needs_review");
    expect(reasons("PLT-000001-03").join(" ")).toMatch(/inside|nested|overlap/i);
    const audit = await rows<{ action: string; entity_id: string }>(
      "SELECT action, entity_id FROM audit_log WHERE action LIKE 'plot.%review' ORDER BY entity_id",
    );
    expect(audit).toEqual([
      { action: "plot.needs_review", entity_id: "p-border" },
      { action: "plot.needs_review", entity_id: "p-county" },
      { action: "plot.needs_review", entity_id: "p-nested" },
    ]);
    const { html } = await page();
    expect(html).toContain("Every stored plot is checked under this rule set.");
    expect(html).toMatch(/Done[\s\S]*4 of 4/);
  });

  it("holds the batch drawn from them: it cannot move on or be certified; the other batch can", async () => {
    const moved = await batchApi(`/${BATCH}/transfer`, port.token, {
      toStatus: "port_inspected",
      weightOutKg: 900,
      location: "Freeport of Monrovia",
    });
    expect(moved.status, await moved.clone().text()).toBe(409);
    const body = (await moved.json()) as { error?: { message: string }; message?: string };
    expect(JSON.stringify(body)).toContain("This batch is held: a plot it was drawn from needs review");
    expect(JSON.stringify(body)).toContain("PLT-000001-0");
    const certified = await batchApi(`/${BATCH}/compliance`, port.token, { decision: "mark_compliant" });
    expect(certified.status).toBe(409);
    expect(JSON.stringify(await certified.json())).toContain("until the plot is cleared");
    const other = await batchApi(`/${OTHER}/transfer`, port.token, {
      toStatus: "port_inspected",
      weightOutKg: 100,
      location: "Freeport of Monrovia",
    });
    expect(other.status, await other.clone().text()).toBe(200);
  });

  it("/verify shows the certificate as under review with the date, not revoked", async () => {
    const res = await call(`/verify/${CERT}`);
    expect(res.status).toBe(200);
    const html = decodeHtml(await res.text());
    const today = new Date().toLocaleDateString("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(html).toContain(`Under review since ${today}`);
    expect(html).toContain("PLT-000001-01");
    expect(html).not.toContain("Revoked");
    expect((await one<{ status: string }>("SELECT status FROM certificates WHERE id = 'c-1'")).status).toBe("valid");
  });

  it("notifies the farmer, the batch holder and the county's land inspector", async () => {
    const notices = await rows<{ user_id: string; title: string; body: string }>(
      "SELECT user_id, title, body FROM notifications WHERE kind = 'plot_review' ORDER BY user_id, title",
    );
    const to = (user: string) => notices.filter((n) => n.user_id === user).map((n) => n.title);
    expect(to("demo-farmer")).toHaveLength(3);
    expect(to("demo-buyer")).toHaveLength(3);
    expect(to("demo-buyer")).toContain("Plot PLT-000001-01 needs review under a new rule");
    expect(notices.find((n) => n.user_id === "demo-buyer")!.body).toContain(`(${BATCH}) are held until it is cleared`);
    // Nimba's land inspector, for the plot that lies in Nimba.
    expect(to("demo-land-inspector")).toEqual(["Plot PLT-000001-01 needs review under a new rule"]);
  });

  it("is idempotent: a second run (page or nightly cron) changes nothing", async () => {
    const before = await snapshot();
    const again = await recheck();
    expect(again.status).toBe(409);
    expect(decodeHtml(await again.text())).toContain(
      `Every stored plot is already checked under rule set ${RULESET_VERSION}`,
    );
    await (
      (await import("cloudflare:workers")).exports.default as unknown as {
        scheduled(o: { scheduledTime: number; cron: string }): Promise<unknown>;
      }
    ).scheduled({ scheduledTime: Date.now(), cron: "0 2 * * *" });
    const after = await snapshot();
    expect(after.plots).toEqual(before.plots);
    expect(after.notices).toBe(before.notices);
    expect(after.jobs).toBe(before.jobs);
    expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE action LIKE 'plot.%review'")).toBe(3);
  });

  it("a plot that passes again is cleared with an audit row and notices; its batch stays held by the others", async () => {
    // The nested MultiPolygon is corrected outside the platform's edit (as an older database would be).
    await env.DB.prepare(
      "UPDATE land_plots SET geometry = ?, geometry_type = 'Polygon', ruleset_version = 'legacy' WHERE id = 'p-nested'",
    )
      .bind(FIXED)
      .run();
    expect((await recheck()).status).toBe(302);
    const p = await one<PlotState>("SELECT * FROM land_plots WHERE id = 'p-nested'");
    expect(p.review_state).toBeNull();
    expect(p.ruleset_version).toBe(RULESET_VERSION);
    expect(
      await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'plot.clear_review' AND entity_id = 'p-nested'"),
    ).toBe(1);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM notifications WHERE user_id = 'demo-buyer' AND title = 'Plot PLT-000001-03 is cleared under the new rules'",
      ),
    ).toBe(1);
    const still = await batchApi(`/${BATCH}/transfer`, port.token, {
      toStatus: "port_inspected",
      weightOutKg: 900,
      location: "Freeport of Monrovia",
    });
    expect(still.status).toBe(409);
  });
});
