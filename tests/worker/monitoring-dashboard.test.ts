/**
 * /monitoring-dashboard: the public view and the observers' view, their figures
 * checked against counts computed here from the same rows, small cells suppressed with their
 * complement, fixed periods and whole counties only, and the anonymised event feed.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { gatherReportData } from "#worker/services/reports/report-data";
import { d1, insertCertificate, insertFarmer, sessionAs } from "./factories";
import { call, count, plotInsert, rows } from "./helpers";
import { decodeHtml, pageText } from "./html";
import { signInObserver } from "./reports-fixtures";

const DAY = 86_400_000;
const recent = new Date(Date.now() - 2 * DAY).toISOString();
const old = "2024-05-01";

async function seed() {
  const db = env.DB;
  const s: D1PreparedStatement[] = [];
  // Nimba 15 (10 recent, 5 old), Bong 3 (recent), Lofa 7 (old): Bong is "<5"; Nimba, the only other
  // county with recent farmers, is its complement (else all − 30 days would give Bong away).
  const farmers: [string, string][] = [
    ...Array.from({ length: 10 }, () => ["Nimba County", recent.slice(0, 10)] as [string, string]),
    ...Array.from({ length: 5 }, () => ["Nimba County", old] as [string, string]),
    ...Array.from({ length: 3 }, () => ["Bong County", recent.slice(0, 10)] as [string, string]),
    ...Array.from({ length: 7 }, () => ["Lofa County", old] as [string, string]),
  ];
  farmers.forEach(([county, date], i) => {
    const fid = `FRM9${String(i).padStart(5, "0")}`;
    s.push(
      d1(
        insertFarmer({
          farmerId: fid,
          firstName: "Private",
          lastName: "Person",
          county,
          crops: '["Cocoa"]',
          registrationDate: date,
        }),
      ),
    );
  });
  const plots: [string, string | null][] = [
    ["valid", "low"],
    ["valid", "low"],
    ["valid", "high"],
    ["invalid", null],
  ];
  plots.forEach(([validation, risk], i) => {
    const lon = -8.7 - i * 0.01;
    s.push(
      plotInsert({
        id: `plot-m${i}`,
        code: `PLT-90000${i}-01`,
        farmerId: "FRM900000",
        geometry: { type: "Point", coordinates: [lon, 7.3] },
        ha: 1,
        crop: "Cocoa",
        county: "Nimba County",
        validation,
        risk,
        more: { created_at: recent },
      }),
    );
  });
  const certificate = (id: string, no: string, subjectType: string, subjectId: string, status: string) =>
    insertCertificate({
      id,
      certificateNumber: no,
      type: "eudr",
      subjectType,
      subjectId,
      status,
      issuedAt: recent,
      expiresAt: "2099-01-01T00:00:00.000Z",
    });
  for (const [i, status] of ["valid", "valid", "revoked"].entries())
    s.push(d1(certificate(`cert-m${i}`, `LACRA-EUDR-M${i}`, "farmer", "FRM900000", status)));
  // Two documents of the certificate testing page's fictional profiles: never a national figure.
  for (const i of [1, 2]) s.push(d1(certificate(`cert-t${i}`, `LACRA-EUDR-T${i}`, "test_farmer", String(i), "valid")));
  for (const [action, id] of [
    ["certificate.issue", "LACRA-EUDR-M0"],
    ["certificate.revoke", "LACRA-EUDR-M2"],
    ["batch.exported", "LR-NIM-2026-000001"],
    ["farmer.register", "FRM900000"],
  ])
    s.push(
      db
        .prepare(
          "INSERT INTO audit_log (actor_id, actor_role, action, entity_type, entity_id, after, created_at) VALUES ('u-secret-actor', 'exporter', ?, 'x', ?, '{\"name\":\"Private Person\"}', ?)",
        )
        .bind(action, id, recent),
    );
  s.push(
    db
      .prepare(
        "INSERT INTO assessment_jobs (id, scope, scope_value, status, total, done, finished_at) VALUES ('job-m', 'county', 'Nimba County', 'done', 4, 4, ?)",
      )
      .bind(recent),
  );
  await db.batch(s);
}

type Figures = {
  farmers: number | string;
  plots: number;
  validGeometryPlots: number;
  risk: Record<string, number>;
  certificates: { issued: number; valid: number; revoked: number; expired: number };
  withheld: boolean;
  counties: { county: string; farmers: number | string; plots: number | string }[];
};
const figures = async (q: string) => {
  const res = await call(`/api/monitoring/figures${q}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { figures: Figures }).figures;
};

beforeAll(seed);

describe("/monitoring-dashboard, public view (no session)", () => {
  it("shows real counts (not 0 registered farmers), says it is the anonymous view, and suppresses small counties with a complement", async () => {
    const res = await call("/monitoring-dashboard");
    expect(res.status).toBe(200);
    const html = decodeHtml(await res.text());
    // Independently counted from the same rows.
    const total = await count("SELECT COUNT(*) AS n FROM farmers");
    expect(total).toBe(25);
    expect(html).toContain('data-testid="farmers">25<');
    expect(html).toContain("This page shows only what an anonymous visitor may see");
    // Lofa 7 shown; Bong 3 is "<5"; Nimba hidden with it: 25 − 7 = 18 is their sum only, in every period.
    expect(html).toMatch(/Lofa County<\/td><td[^>]*>7</);
    // On a phone each county stacks into a card: every value carries its column's header.
    expect(html).toMatch(/<td data-label="High risk"[^>]*>/);
    expect(html).toMatch(/Bong County<\/td><td[^>]*><5</);
    expect(html).toMatch(/Nimba County<\/td><td[^>]*>\*</);
    expect(html).not.toMatch(/Bong County<\/td><td[^>]*>3</);
    // No personal data, no record ids, no reports, no forms that change anything.
    for (const secret of ["Private", "FRM9", "PLT-9", "LACRA-EUDR-M", "u-secret-actor", "LR-NIM"])
      expect(html).not.toContain(secret);
    expect(html).not.toContain('method="post"');
    expect(html).not.toContain("reports-section");
  });

  it("offers fixed periods and whole counties only; anything else falls back to all records", async () => {
    const html = await pageText("/monitoring-dashboard?period=custom&from=2026-01-01");
    expect(html).toContain('data-testid="farmers">25<');
    expect(html).not.toContain('name="from"');
    expect(html).toContain('<option value="30d">Last 30 days</option>');
    const bad = await call("/api/monitoring/figures?period=2026-01-01");
    expect(bad.status).toBe(400);
  });

  it("one county with fewer than 5 farmers is withheld as a whole", async () => {
    const f = await figures("?county=Bong%20County");
    expect(f).toMatchObject({ farmers: "<5", withheld: true, plots: 0 });
    const html = await pageText("/monitoring-dashboard?county=Bong+County");
    expect(html).toContain('data-testid="withheld"');
    expect(html).toContain('data-testid="farmers"><5<');
  });

  it("a county hidden as the complement in the national table is withheld alone too (else 25 − 7 − Nimba = Bong)", async () => {
    const f = await figures("?period=all&county=Nimba%20County");
    expect(f).toMatchObject({ farmers: "*", withheld: true, plots: 0 });
    // Lofa, shown nationally, is shown alone.
    expect((await figures("?period=all&county=Lofa%20County")).farmers).toBe(7);
  });

  it("the PDF reports hide the same cells: the national county table, and a county report of a hidden county", async () => {
    const db = database(env.DB);
    const to = new Date().toISOString().slice(0, 10);
    const national = (await gatherReportData("national", { from: "2020-01-01", to }, { db })).data;
    const mark = (c: string) => national.byCounty.find((r) => r.county === c)?.mark;
    expect([mark("Bong County"), mark("Nimba County"), mark("Lofa County")]).toEqual(["small", "hidden", null]);
    const nimba = (await gatherReportData("county", { from: "2020-01-01", to, county: "Nimba County" }, { db })).data;
    expect(nimba).toMatchObject({ withheld: "hidden", registry: null });
    const lofa = (await gatherReportData("county", { from: "2020-01-01", to, county: "Lofa County" }, { db })).data;
    expect(lofa.withheld).toBeNull();
  });

  it("API figures match counts computed independently from the same rows", async () => {
    const f = await figures("?period=all");
    const byCounty = new Map(
      (await rows<{ county: string; n: number }>("SELECT county, COUNT(*) AS n FROM farmers GROUP BY county")).map(
        (r) => [r.county, r.n],
      ),
    );
    for (const c of f.counties) {
      const n = byCounty.get(c.county) ?? 0;
      if (typeof c.farmers === "number") expect(c.farmers).toBe(n);
      else expect(n > 0).toBe(true);
      if (n > 0 && n < 5) expect(c.farmers).toBe("<5");
    }
    expect(f.farmers).toBe(await count("SELECT COUNT(*) AS n FROM farmers"));
    expect(f.plots).toBe(await count("SELECT COUNT(*) AS n FROM land_plots"));
    expect(f.validGeometryPlots).toBe(
      await count("SELECT COUNT(*) AS n FROM land_plots WHERE validation_state = 'valid'"),
    );
    expect(f.risk).toEqual({
      low: await count("SELECT COUNT(*) AS n FROM land_plots WHERE risk_level = 'low'"),
      high: await count("SELECT COUNT(*) AS n FROM land_plots WHERE risk_level = 'high'"),
      more_information_needed: 0,
      not_assessed: await count("SELECT COUNT(*) AS n FROM land_plots WHERE risk_level IS NULL"),
    });
    expect(f.certificates).toEqual({
      issued: await count("SELECT COUNT(*) AS n FROM certificates WHERE subject_type <> 'test_farmer'"),
      valid: await count(
        "SELECT COUNT(*) AS n FROM certificates WHERE status = 'valid' AND subject_type <> 'test_farmer'",
      ),
      revoked: 1,
      expired: 0,
    });
  });

  it("last 30 days hides the same counties as all records (Nimba the complement of Bong), so the periods cannot be subtracted", async () => {
    const f = await figures("?period=30d");
    expect(f.farmers).toBe(13);
    const get = (c: string) => f.counties.find((r) => r.county === c)!;
    expect(get("Bong County").farmers).toBe("<5");
    expect(get("Nimba County")).toMatchObject({ farmers: "*", plots: "*" });
    expect(get("Lofa County").farmers).toBe(0);
  });

  it("the event feed is anonymised: kinds, minutes and a county, never an id or who", async () => {
    const res = await call("/api/monitoring/events");
    expect(res.status).toBe(200);
    const text = await res.text();
    const { events } = JSON.parse(text) as { events: { kind: string; at: string; county: string | null }[] };
    expect(events.map((e) => e.kind).sort()).toEqual([
      "assessment.county",
      "batch.exported",
      "certificate.issue",
      "certificate.revoke",
    ]);
    expect(events.find((e) => e.kind === "assessment.county")?.county).toBe("Nimba County");
    expect(events[0]!.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\dZ$/);
    for (const secret of ["FRM9", "LACRA-EUDR-M", "u-secret-actor", "LR-NIM", "Private"])
      expect(text).not.toContain(secret);
    const html = await pageText("/monitoring-dashboard");
    expect(html).toContain("A certificate was revoked");
    expect(html).toContain("A county risk assessment finished — Nimba County");
    // JS off: a plain link reloads the page with the same choice.
    expect(html).toMatch(/<a href="\?period=all"[^>]*>Reload<\/a>/);
  });
});

describe("/monitoring-dashboard, signed in", () => {
  it("an observer sees the same suppressed figures and the reports section", async () => {
    const donor = await signInObserver("donor");
    const res = await call("/monitoring-dashboard", { headers: { Cookie: donor.cookie } });
    expect(res.status).toBe(200);
    const html = decodeHtml(await res.text());
    expect(html).toContain('data-testid="reports-section"');
    expect(html).toMatch(/Bong County<\/td><td[^>]*><5</);
    expect(html).not.toContain("public-notice");
  });

  it("the DG sees it read-only; a farmer is refused with 403", async () => {
    const dg = await sessionAs("dg");
    const html = await pageText("/monitoring-dashboard", dg.cookie);
    expect(html).toContain('data-testid="read-only"');
    const farmer = await sessionAs("farmer");
    expect((await call("/monitoring-dashboard", { headers: { Cookie: farmer.cookie } })).status).toBe(403);
  });
});
