/**
 * Oversight reports (issue #5) in the built Worker with real D1 and R2: the figures of each kind
 * from rows seeded with known numbers, the background build with its progress, the PDF with its
 * ETag, the R2 cache (an unchanged report is never stored twice), and who may see what.
 */
import { env, exports } from "cloudflare:workers";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { DEMO_ACCOUNTS } from "#worker/services/demo/demo-accounts";
import { gatherReportData } from "#worker/services/reports/report-data";
import { signInAs } from "./auth-helpers";
import { call } from "./helpers";

const PERIOD = { from: "2026-01-01", to: "2026-03-31" };
const TOMORROW = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const EXPORTER_A = DEMO_ACCOUNTS.find((a) => a.role === "exporter")!; // Liberia Premium Exports Inc. (demo)
const EXPORTER_B = { id: "exp-atlantic", company: "Atlantic Cocoa Traders Ltd." };

type Report = {
  id: string;
  kind: string;
  status: string;
  progress: number;
  dataHash: string | null;
  error: string | null;
  pdfUrl: string | null;
  params: Record<string, string>;
};

const point = (lon: number, lat: number) => JSON.stringify({ type: "Point", coordinates: [lon, lat] });

/**
 * Known rows. In the period 1 Jan – 31 Mar 2026:
 * farmers F1, F2 (Nimba), F3 (Bong, on the last day); F4 (Lofa) before it; F5 after it.
 * plots P1–P5 (P4 at 23:59:59 on the last day); P6 before it.
 * batches B1–B3 and B4 (split into B5, B6) recorded in it; B7 recorded before but exported in it; B8 after.
 */
async function seed() {
  const db = env.DB;
  const s: D1PreparedStatement[] = [];
  s.push(
    db
      .prepare(
        "INSERT INTO users (id, login_id, login_id_normalized, role, first_name, last_name, company_name, password_hash) VALUES (?, 'EXP-20260201-002', 'exp-20260201-002', 'exporter', 'Musa', 'Kamara', ?, 'x')",
      )
      .bind(EXPORTER_B.id, EXPORTER_B.company),
  );
  const farmers: [string, string, string, string[]][] = [
    ["FRM000001", "Nimba County", "2026-01-10", ["Cocoa"]],
    ["FRM000002", "Nimba County", "2026-02-05", ["Cocoa", "Coffee"]],
    ["FRM000003", "Bong County", "2026-03-31", ["Coffee"]],
    ["FRM000004", "Lofa County", "2025-12-31", ["Cocoa"]],
    ["FRM000005", "Bong County", "2026-04-01", ["Coffee"]],
  ];
  for (const [fid, county, date, crops] of farmers) {
    s.push(
      db
        .prepare(
          "INSERT INTO farmers (id, farmer_id, first_name, last_name, county, crops, registration_date, name_key, last_name_key) VALUES (?, ?, 'Test', 'Farmer', ?, ?, ?, 'test farmer', 'farmer test')",
        )
        .bind(`f-${fid}`, fid, county, JSON.stringify(crops), date),
    );
    for (const crop of crops)
      s.push(db.prepare("INSERT INTO farmer_crops (farmer_id, crop) VALUES (?, ?)").bind(fid, crop));
  }
  const plots: [string, string, string, string, string | null, number, string][] = [
    ["P1", "Nimba County", "Cocoa", "valid", "low", 2.5, "2026-01-12T10:00:00.000Z"],
    ["P2", "Nimba County", "Cocoa", "valid", "high", 1.25, "2026-02-10T10:00:00.000Z"],
    ["P3", "Nimba County", "Coffee", "valid", null, 3, "2026-02-11T10:00:00.000Z"],
    ["P4", "Bong County", "Coffee", "invalid", null, 0.5, "2026-03-31T23:59:59.000Z"],
    ["P5", "Bong County", "Cocoa", "valid", "more_information_needed", 4, "2026-03-01T10:00:00.000Z"],
    ["P6", "Lofa County", "Cocoa", "valid", "low", 9, "2025-12-15T10:00:00.000Z"],
  ];
  plots.forEach(([code, county, crop, validation, risk, ha, created], i) => {
    const lon = -8.701234 - i * 0.01;
    s.push(
      db
        .prepare(
          `INSERT INTO land_plots (id, plot_code, farmer_id, geometry, geometry_type, area_hectares, min_lon, min_lat, max_lon, max_lat, crop, county, validation_state, risk_level, created_at)
           VALUES (?, ?, 'FRM000001', ?, 'Point', ?, ?, 7.301234, ?, 7.301234, ?, ?, ?, ?, ?)`,
        )
        .bind(
          `plot-${code}`,
          `PLT-00000${i + 1}-01`,
          point(lon, 7.301234),
          ha,
          lon,
          lon,
          crop,
          county,
          validation,
          risk,
          created,
        ),
    );
  });
  const batches: [string, string, string, number, string, string, string | null, string][] = [
    ["B1", "Cocoa", "Nimba County", 1000, "exported", "compliant", null, "2026-01-20T08:00:00.000Z"],
    ["B2", "Cocoa", "Nimba County", 500, "warehouse_received", "held_for_review", null, "2026-02-15T08:00:00.000Z"],
    ["B3", "Coffee", "Bong County", 300, "purchased", "pending", null, "2026-03-05T08:00:00.000Z"],
    ["B4", "Cocoa", "Nimba County", 800, "split", "pending", null, "2026-02-01T08:00:00.000Z"],
    ["B5", "Cocoa", "Nimba County", 450, "exported", "compliant", "split", "2026-02-20T08:00:00.000Z"],
    ["B6", "Cocoa", "Nimba County", 300, "warehouse_received", "pending", "split", "2026-02-20T08:00:00.000Z"],
    ["B7", "Cocoa", "Lofa County", 700, "exported", "compliant", null, "2025-11-01T08:00:00.000Z"],
    ["B8", "Cocoa", "Nimba County", 999, "exported", "compliant", null, "2026-04-01T08:00:00.000Z"],
  ];
  batches.forEach(([code, commodity, county, kg, status, compliance, derived, created]) => {
    s.push(
      db
        .prepare(
          "INSERT INTO batches (id, batch_code, commodity, hs_code, weight_kg, status, compliance_status, county, derived_by, created_at) VALUES (?, ?, ?, '1801', ?, ?, ?, ?, ?, ?)",
        )
        .bind(
          `batch-${code}`,
          `LR-TST-2026-00000${code.slice(1)}`,
          commodity,
          kg,
          status,
          compliance,
          county,
          derived,
          created,
        ),
    );
  });
  const exportsRows: [string, string, string, number | null][] = [
    ["B1", EXPORTER_A.id, "2026-02-14T09:00:00.000Z", 990],
    ["B5", EXPORTER_B.id, "2026-03-10T09:00:00.000Z", null],
    ["B7", EXPORTER_B.id, "2026-01-05T09:00:00.000Z", 700],
    ["B8", EXPORTER_A.id, "2026-04-02T09:00:00.000Z", 999],
  ];
  for (const [code, actor, at, out] of exportsRows) {
    s.push(
      db
        .prepare(
          "INSERT INTO custody_events (id, batch_id, from_status, to_status, actor_id, actor_role, occurred_at, weight_out_kg) VALUES (?, ?, 'port_inspected', 'exported', ?, 'exporter', ?, ?)",
        )
        .bind(`ev-${code}`, `batch-${code}`, actor, at, out),
    );
  }
  await db.batch(s);
}

async function signInObserver(entityType: "donor" | "ngo" | "auditor", ip: string) {
  const account = DEMO_ACCOUNTS.find((a) => a.role === "monitoring_observer" && a.entityType === entityType)!;
  const res = await call("/api/auth/monitoring-login", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify({ username: account.loginId, password: account.password, entityType }),
  });
  if (res.status !== 200) throw new Error(`observer sign-in failed: ${res.status}`);
  const { token } = (await res.json()) as { token: string };
  return { token, cookie: res.headers.get("set-cookie")!.split(";")[0]!, account };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const postReport = (token: string, body: unknown) =>
  call("/api/reports", {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const getJson = async <T>(path: string, token: string) =>
  (await (await call(path, { headers: bearer(token) })).json()) as T;

/** Polls the report until it is no longer queued or building; returns it and every progress value seen. */
async function waitForReport(id: string, token: string): Promise<{ report: Report; seen: number[] }> {
  const seen: number[] = [];
  for (let i = 0; i < 200; i++) {
    const { report } = await getJson<{ report: Report }>(`/api/reports/${id}`, token);
    if (seen.at(-1) !== report.progress) seen.push(report.progress);
    if (report.status !== "queued" && report.status !== "building") return { report, seen };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`report ${id} did not finish`);
}

async function reportObjects() {
  return (await env.CERTS.list({ prefix: "reports/", include: ["customMetadata"] })).objects;
}

let staff: { token: string; cookie: string };
beforeAll(async () => {
  await seed();
  staff = await signInAs("office_admin", "10.61.0.1");
});

describe("report figures (GROUP BY aggregates)", () => {
  const db = () => database(env.DB);

  it("national: farmers, plots by verdict and geometry, batches by compliance, purchases, exports, monthly series, county and commodity breakdowns", async () => {
    const { data, dataHash } = await gatherReportData("national", PERIOD, { db: db() });
    expect(dataHash).toMatch(/^[0-9a-f]{64}$/);
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
    expect(data.purchases).toEqual({ count: 4, weightKg: 2600 });
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
      { month: "2026-01", purchasedKg: 1000, exportedKg: 700 },
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
      purchasedKg: 2300,
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
    const nimba = (
      await gatherReportData("county", { ...PERIOD, county: "Nimba County", commodity: "Coffee" }, { db: db() })
    ).data;
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

    const coffee = (await gatherReportData("commodity", { ...PERIOD, commodity: "Coffee" }, { db: db() })).data;
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
    const all = (await gatherReportData("exporter", PERIOD, { db: db() })).data;
    expect(all.scope).toBe("All licensed exporters");
    expect(all.registry).toBeNull();
    expect(all.batches).toBeNull();
    expect(all.byExporter).toEqual([
      { name: "Atlantic Cocoa Traders Ltd.", exports: 2, exportedKg: 1150, compliantKg: 1150, commodities: 1 },
      { name: "Liberia Premium Exports Inc. (demo)", exports: 1, exportedKg: 990, compliantKg: 990, commodities: 1 },
    ]);
    expect(all.monthly.map((m) => m.purchasedKg)).toEqual([null, null, null]);
    const one = (await gatherReportData("exporter", { ...PERIOD, exporterId: EXPORTER_B.id }, { db: db() })).data;
    expect(one.scope).toBe("Atlantic Cocoa Traders Ltd.");
    expect(one.exports).toMatchObject({ count: 2, weightKg: 1150, exporters: 1 });
    expect(one.monthly).toEqual([
      { month: "2026-01", purchasedKg: null, exportedKg: 700 },
      { month: "2026-02", purchasedKg: null, exportedKg: 0 },
      { month: "2026-03", purchasedKg: null, exportedKg: 450 },
    ]);
  });
});

describe("POST /api/reports → progress → PDF, cached in R2", () => {
  let first: Report;

  it("answers 202 at once, builds in the background with progress, and serves the PDF with its data hash as ETag", async () => {
    const res = await postReport(staff.token, { kind: "national", ...PERIOD, county: "Bong County" });
    expect(res.status).toBe(202);
    const body = (await res.json()) as { success: boolean; report: Report };
    expect(body.success).toBe(true);
    expect(body.report).toMatchObject({
      kind: "national",
      status: "queued",
      progress: 0,
      params: PERIOD,
      pdfUrl: null,
    });
    const { report, seen } = await waitForReport(body.report.id, staff.token);
    expect(report).toMatchObject({
      status: "ready",
      progress: 100,
      error: null,
      pdfUrl: `/api/reports/${report.id}/pdf`,
    });
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b)); // progress never goes back
    const expected = await gatherReportData("national", PERIOD, { db: database(env.DB) });
    expect(report.dataHash).toBe(expected.dataHash);
    first = report;

    const pdf = await call(report.pdfUrl!, { headers: bearer(staff.token) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(
      'inline; filename="lacra-national-report-2026-01-01-to-2026-03-31.pdf"',
    );
    expect(pdf.headers.get("etag")).toBe(`"${report.dataHash}"`);
    expect(pdf.headers.get("cache-control")).toBe("private, no-cache");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(doc.getTitle()).toBe("National compliance summary — Liberia · 1 Jan 2026 – 31 Mar 2026");
    expect(doc.getKeywords()).toContain(`sha256:${report.dataHash}`);

    const again = await call(report.pdfUrl!, {
      headers: { ...bearer(staff.token), "If-None-Match": `"${report.dataHash}"` },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    const objects = await reportObjects();
    expect(objects.map((o) => [o.key, o.customMetadata?.reportId])).toEqual([
      [`reports/${report.dataHash}.pdf`, report.id],
    ]);
    const audit = await env.DB.prepare(
      "SELECT actor_role, after FROM audit_log WHERE action = 'report.request' AND entity_id = ?",
    )
      .bind(report.id)
      .first<{ actor_role: string; after: string }>();
    expect(audit?.actor_role).toBe("office_admin");
    expect(JSON.parse(audit!.after)).toEqual({ kind: "national", params: PERIOD });
  });

  it("a second identical request reuses the stored PDF: no new R2 object, the original upload untouched", async () => {
    const before = (await env.CERTS.head(`reports/${first.dataHash}.pdf`))!;
    const res = await postReport(staff.token, { kind: "national", ...PERIOD });
    expect(res.status).toBe(202);
    const { report } = await waitForReport(((await res.json()) as { report: Report }).report.id, staff.token);
    expect(report.id).not.toBe(first.id);
    expect(report).toMatchObject({ status: "ready", progress: 100, dataHash: first.dataHash });
    const objects = await reportObjects();
    expect(objects).toHaveLength(1);
    const after = (await env.CERTS.head(`reports/${first.dataHash}.pdf`))!;
    // A put would have replaced the object: a new upload time, etag and the new report's id.
    expect(after.uploaded.getTime()).toBe(before.uploaded.getTime());
    expect(after.etag).toBe(before.etag);
    expect(after.customMetadata?.reportId).toBe(first.id);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM reports WHERE r2_key = ? AND status = 'ready'")
      .bind(`reports/${first.dataHash}.pdf`)
      .first<{ n: number }>();
    expect(rows?.n).toBe(2);
    expect((await call(report.pdfUrl!, { headers: bearer(staff.token) })).headers.get("etag")).toBe(
      `"${first.dataHash}"`,
    );
  });

  it("a change in the data gives a new data hash and a new PDF", async () => {
    await env.DB.prepare(
      "INSERT INTO farmers (id, farmer_id, first_name, last_name, county, registration_date, name_key, last_name_key) VALUES ('f-new', 'FRM000006', 'New', 'Farmer', 'Sinoe County', '2026-03-15', 'new farmer', 'farmer new')",
    ).run();
    const res = await postReport(staff.token, { kind: "national", ...PERIOD });
    const { report } = await waitForReport(((await res.json()) as { report: Report }).report.id, staff.token);
    expect(report.status).toBe("ready");
    expect(report.dataHash).not.toBe(first.dataHash);
    const keys = (await reportObjects()).map((o) => o.key).sort();
    expect(keys).toEqual([`reports/${first.dataHash}.pdf`, `reports/${report.dataHash}.pdf`].sort());
    await env.DB.prepare("DELETE FROM farmers WHERE id = 'f-new'").run();
  });

  it("the cron handler builds a report whose background build never ran, and gives up on hour-old ones", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO reports (id, kind, params, status, progress, created_by, created_at, updated_at) VALUES ('stuck', 'county', ?, 'building', 5, ?, strftime('%Y-%m-%dT%H:%M:%fZ','now','-5 minutes'), strftime('%Y-%m-%dT%H:%M:%fZ','now','-5 minutes'))",
      ).bind(JSON.stringify({ county: "Nimba County", from: PERIOD.from, to: PERIOD.to }), DEMO_ACCOUNTS[0]!.id),
      env.DB.prepare(
        "INSERT INTO reports (id, kind, params, status, progress, created_at, updated_at) VALUES ('ancient', 'national', ?, 'queued', 0, strftime('%Y-%m-%dT%H:%M:%fZ','now','-2 hours'), strftime('%Y-%m-%dT%H:%M:%fZ','now','-2 hours'))",
      ).bind(JSON.stringify(PERIOD)),
    ]);
    await (
      exports.default as unknown as { scheduled(o: { scheduledTime: number; cron: string }): Promise<unknown> }
    ).scheduled({ scheduledTime: Date.now(), cron: "0 2 * * *" });
    const rows = await env.DB.prepare(
      "SELECT id, status, progress, error FROM reports WHERE id IN ('stuck', 'ancient') ORDER BY id",
    ).all();
    expect(rows.results).toEqual([
      {
        id: "ancient",
        status: "failed",
        progress: 0,
        error: "The report could not be built in time. Please request it again.",
      },
      { id: "stuck", status: "ready", progress: 100, error: null },
    ]);
    const run = await env.DB.prepare("SELECT summary FROM cron_runs ORDER BY id DESC LIMIT 1").first<{
      summary: string;
    }>();
    expect(JSON.parse(run!.summary).reports.reports).toEqual([
      { id: "ancient", status: "failed" },
      { id: "stuck", status: "ready", cached: false },
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

describe("who may see what (checked on the server)", () => {
  let exporterReport: Report;
  let nationalReport: Report;
  beforeAll(async () => {
    const a = await postReport(staff.token, { kind: "exporter", ...PERIOD, exporterId: EXPORTER_B.id });
    exporterReport = (await waitForReport(((await a.json()) as { report: Report }).report.id, staff.token)).report;
    const b = await postReport(staff.token, { kind: "national", from: "2026-01-01", to: "2026-01-31" });
    nationalReport = (await waitForReport(((await b.json()) as { report: Report }).report.id, staff.token)).report;
  });

  it("signed out: 401 on every route", async () => {
    for (const [method, path] of [
      ["GET", "/api/reports"],
      ["POST", "/api/reports"],
      ["GET", `/api/reports/${nationalReport.id}`],
      ["GET", `/api/reports/${nationalReport.id}/pdf`],
    ]) {
      const res = await call(path!, {
        method,
        headers: { "Content-Type": "application/json" },
        body: method === "POST" ? "{}" : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("a buyer (or an exporter, or an inspector): 403 on every route", async () => {
    for (const role of ["buyer", "exporter", "land_inspector"]) {
      const { token } = await signInAs(role, `10.62.0.${role.length}`);
      for (const [method, path] of [
        ["GET", "/api/reports"],
        ["POST", "/api/reports"],
        ["GET", `/api/reports/${nationalReport.id}/pdf`],
      ]) {
        const res = await call(path!, {
          method,
          headers: { ...bearer(token), "Content-Type": "application/json" },
          body: method === "POST" ? JSON.stringify({ kind: "national", ...PERIOD }) : undefined,
        });
        expect(res.status, `${role} ${method} ${path}`).toBe(403);
      }
    }
  });

  it("a donor downloads national reports but is refused the by-exporter report; the list hides it", async () => {
    const donor = await signInObserver("donor", "10.63.0.1");
    const pdf = await call(`/api/reports/${nationalReport.id}/pdf`, { headers: bearer(donor.token) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const refused = {
      success: false,
      message:
        "By-exporter reports name licensed exporting companies: they are open to regulator staff and auditors only",
    };
    for (const path of [`/api/reports/${exporterReport.id}`, `/api/reports/${exporterReport.id}/pdf`]) {
      const res = await call(path, { headers: bearer(donor.token) });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(refused);
    }
    // Even with the right ETag, no 304 without access.
    expect(
      (
        await call(`/api/reports/${exporterReport.id}/pdf`, {
          headers: { ...bearer(donor.token), "If-None-Match": `"${exporterReport.dataHash}"` },
        })
      ).status,
    ).toBe(403);
    const { reports } = await getJson<{ reports: Report[] }>("/api/reports", donor.token);
    expect(reports.map((r) => r.id)).toContain(nationalReport.id);
    expect(reports.some((r) => r.kind === "exporter")).toBe(false);
    expect(reports.every((r) => r.status === "ready")).toBe(true);
    const post = await postReport(donor.token, { kind: "exporter", ...PERIOD });
    expect(post.status).toBe(403);
    expect(await post.json()).toEqual(refused);
    // An aggregate-only kind a donor may request.
    const own = await postReport(donor.token, { kind: "county", ...PERIOD, county: "Nimba County" });
    expect(own.status).toBe(202);
    await waitForReport(((await own.json()) as { report: Report }).report.id, donor.token);
  });

  it("an NGO is refused the by-exporter report too; an auditor may see and request it", async () => {
    const ngo = await signInObserver("ngo", "10.63.0.2");
    expect((await call(`/api/reports/${exporterReport.id}/pdf`, { headers: bearer(ngo.token) })).status).toBe(403);
    expect((await call(`/api/reports/${nationalReport.id}/pdf`, { headers: bearer(ngo.token) })).status).toBe(200);
    const auditor = await signInObserver("auditor", "10.63.0.3");
    const pdf = await call(`/api/reports/${exporterReport.id}/pdf`, { headers: bearer(auditor.token) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toBe(
      'inline; filename="lacra-exporter-report-2026-01-01-to-2026-03-31.pdf"',
    );
    const { reports } = await getJson<{ reports: Report[] }>("/api/reports", auditor.token);
    expect(reports.map((r) => r.id)).toContain(exporterReport.id);
    const own = await postReport(auditor.token, { kind: "exporter", ...PERIOD });
    expect(own.status).toBe(202);
    expect(
      (await waitForReport(((await own.json()) as { report: Report }).report.id, auditor.token)).report.status,
    ).toBe("ready");
  });

  it("an unknown report: 404", async () => {
    const res = await call("/api/reports/no-such-report", { headers: bearer(staff.token) });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: "No report with this ID" });
  });

  it("the oversight dashboard lists the donor's downloadable reports only, with links that open the PDF", async () => {
    const donor = await signInObserver("donor", "10.63.0.4");
    const html = await (await call("/monitoring-dashboard", { headers: { Cookie: donor.cookie } })).text();
    expect(html).toContain('data-testid="reports-section"');
    expect(html).toContain(`href="/api/reports/${nationalReport.id}/pdf"`);
    expect(html).toContain('target="_blank"');
    expect(html).not.toContain(exporterReport.id);
    expect(html).not.toContain("Atlantic Cocoa Traders");
    expect(html).toContain('href="/generate-reports"');
    const auditor = await signInObserver("auditor", "10.63.0.5");
    const auditorHtml = await (await call("/monitoring-dashboard", { headers: { Cookie: auditor.cookie } })).text();
    expect(auditorHtml).toContain(`href="/api/reports/${exporterReport.id}/pdf"`);
  });
});

describe("/generate-reports page (works without JavaScript)", () => {
  const decode = (html: string) =>
    html
      .replace(/<!-- -->/g, "")
      .replaceAll("&#x27;", "'")
      .replaceAll("&amp;", "&");
  const form = (fields: Record<string, string>, cookie: string) =>
    call("/generate-reports", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://eip.example.gov.lr",
        Cookie: cookie,
      },
      body: new URLSearchParams(fields).toString(),
    });

  it("a form post redirects to the report's progress, which ends with a download link", async () => {
    const page = decode(await (await call("/generate-reports", { headers: { Cookie: staff.cookie } })).text());
    expect(page).toContain("Generate reports");
    expect(page).toContain('value="exporter"');
    const csrf = page.match(/name="csrf" value="([^"]+)"/)![1]!;
    const res = await form(
      { csrf, kind: "county", from: PERIOD.from, to: PERIOD.to, county: "Bong County", commodity: "", exporterId: "" },
      staff.cookie,
    );
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/generate-reports\?report=[0-9a-f-]{36}$/);
    const id = location.split("=")[1]!;
    await waitForReport(id, staff.token);
    const done = decode(await (await call(location, { headers: { Cookie: staff.cookie } })).text());
    expect(done).toContain("County report — Bong County, 1 Jan 2026 – 31 Mar 2026");
    expect(done).toContain("The report is ready.");
    expect(done).toMatch(new RegExp(`<a href="/api/reports/${id}/pdf" target="_blank"`));
    expect(done).not.toContain('http-equiv="refresh"');
  });

  it("two builds at once — one started by the API, one by the page form — both finish (PDF rendering uses no timers)", async () => {
    const page = decode(await (await call("/generate-reports", { headers: { Cookie: staff.cookie } })).text());
    const csrf = page.match(/name="csrf" value="([^"]+)"/)![1]!;
    const api = await postReport(staff.token, { kind: "commodity", ...PERIOD, commodity: "Cocoa" });
    const res = await form(
      { csrf, kind: "commodity", from: PERIOD.from, to: PERIOD.to, commodity: "Coffee" },
      staff.cookie,
    );
    expect(res.status).toBe(302);
    const [a, b] = await Promise.all([
      waitForReport(((await api.json()) as { report: Report }).report.id, staff.token),
      waitForReport(res.headers.get("location")!.split("=")[1]!, staff.token),
    ]);
    expect([a.report.status, b.report.status]).toEqual(["ready", "ready"]);
    expect(a.report.dataHash).not.toBe(b.report.dataHash);
  });

  it("while a report builds: a progress bar at its percentage and, for browsers without JavaScript, a 2-second refresh", async () => {
    await env.DB.prepare(
      "INSERT INTO reports (id, kind, params, status, progress, created_by) VALUES ('in-progress', 'national', ?, 'building', 60, ?)",
    )
      .bind(JSON.stringify(PERIOD), DEMO_ACCOUNTS.find((a) => a.role === "office_admin")!.id)
      .run();
    const html = decode(
      await (await call("/generate-reports?report=in-progress", { headers: { Cookie: staff.cookie } })).text(),
    );
    expect(html).toMatch(/<progress max="100" value="60"[^>]*aria-label="Report progress"/);
    expect(html).toContain("Building the report… 60 %");
    expect(html).toMatch(/<noscript><meta http-equiv="refresh" content="2"\/?><\/noscript>/);
    await env.DB.prepare("DELETE FROM reports WHERE id = 'in-progress'").run();
  });

  it("shows each error next to its field and in the summary, keeping what was typed; a donor cannot choose the exporter report", async () => {
    const page = decode(await (await call("/generate-reports", { headers: { Cookie: staff.cookie } })).text());
    const csrf = page.match(/name="csrf" value="([^"]+)"/)![1]!;
    const res = await form(
      { csrf, kind: "commodity", from: "2026-03-01", to: "2026-02-01", commodity: "" },
      staff.cookie,
    );
    expect(res.status).toBe(400);
    const html = decode(await res.text());
    expect(html).toContain("There is a problem");
    expect(html).toContain("The start date must be on or before the end date");
    expect(html).toContain("Choose the commodity for a commodity report");
    expect(html).toContain('value="2026-03-01"');

    const donor = await signInObserver("donor", "10.63.0.6");
    const donorPage = decode(await (await call("/generate-reports", { headers: { Cookie: donor.cookie } })).text());
    expect(donorPage).toContain('value="national"');
    expect(donorPage).not.toContain('value="exporter"');
    const donorCsrf = donorPage.match(/name="csrf" value="([^"]+)"/)![1]!;
    const forged = await form({ csrf: donorCsrf, kind: "exporter", from: PERIOD.from, to: PERIOD.to }, donor.cookie);
    expect(forged.status).toBe(403);
    expect(decode(await forged.text())).toContain(
      "By-exporter reports name licensed exporting companies: they are open to regulator staff and auditors only",
    );
    // Another role: the page's 403.
    const buyer = await signInAs("buyer", "10.63.0.7");
    expect((await call("/generate-reports", { headers: { Cookie: buyer.cookie } })).status).toBe(403);
  });
});
