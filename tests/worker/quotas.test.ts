// Per-account quotas on costly work (docs/decisions/034-quotas-and-upload-limits.md): the call past
// the window's allowance answers 429 with Retry-After and builds or stores nothing; another
// account keeps its own allowance; the pages show the same message (JavaScript off).
import { beforeAll, describe, expect, it } from "vitest";
import { COUNTIES } from "#worker/content/counties";
import { QUOTAS } from "#worker/services/platform/quotas";
import { sessionAs } from "./factories";
import { bearer, call, count, postForm } from "./helpers";
import { csrfOf, decodeHtml } from "./html";

type Account = Awaited<ReturnType<typeof sessionAs>>;
let observer: Account;
let dg: Account;
let office: Account;
let agent: Account;
let exporter: Account;
beforeAll(async () => {
  observer = await sessionAs("monitoring_observer");
  dg = await sessionAs("dg");
  office = await sessionAs("office_admin");
  agent = await sessionAs("field_agent");
  exporter = await sessionAs("exporter");
});

/**
 * The `n`th of twenty different reports, each stored: observers choose fixed periods only, so a
 * county report of this year for each of twenty county × period pairs.
 */
const report = (token: string, n: number) =>
  bearer(token, "/api/reports", "POST", {
    kind: "county",
    county: COUNTIES[n % COUNTIES.length],
    period: n <= COUNTIES.length ? "year" : "30d",
  });

/** Asserts the JSON 429 of a quota: its message, a positive Retry-After. */
async function expectLimited(res: Response, what: RegExp) {
  expect(res.status).toBe(429);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await res.json()).toEqual({ success: false, message: expect.stringMatching(what) });
}

describe("reports: twenty in a row from one observer", () => {
  it("the first ten are built; the eleventh is 429 with Retry-After and no report is stored", async () => {
    const { calls } = QUOTAS.report;
    for (let day = 1; day <= calls; day++) expect((await report(observer.token, day)).status).toBe(202);
    const stored = await count("SELECT COUNT(*) AS n FROM reports");
    for (let day = calls + 1; day <= 20; day++) {
      await expectLimited(
        await report(observer.token, day),
        /^Too many reports: at most 10 every 10 minutes\. Try again in \d+ minutes?\.$/,
      );
    }
    expect(await count("SELECT COUNT(*) AS n FROM reports")).toBe(stored);
  });

  it("another account is unaffected", async () => {
    expect((await report(dg.token, 21)).status).toBe(202);
  });

  it("the page refuses the same observer with the message and a 429 (JavaScript off)", async () => {
    const page = await call("/generate-reports", { headers: { Cookie: observer.cookie } });
    const csrf = csrfOf(decodeHtml(await page.text()));
    const stored = await count("SELECT COUNT(*) AS n FROM reports");
    const res = await postForm("/generate-reports", observer.cookie, {
      csrf,
      kind: "national",
      period: "12m",
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(decodeHtml(await res.text())).toContain("Too many reports: at most 10 every 10 minutes.");
    expect(await count("SELECT COUNT(*) AS n FROM reports")).toBe(stored);
  });
});

describe("imports", () => {
  const csv = (n: number) => `farmer_ref,first_name,last_name,county\nQ-${n},Musu,Kollie,Nimba\n`;
  const upload = (token: string, n: number) =>
    call(`/api/imports?fileName=q${n}.csv`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv" },
      body: csv(n),
    });

  it("the eleventh import in the window is 429 and starts no run; the page says the same", async () => {
    for (let n = 1; n <= QUOTAS.import.calls; n++) expect((await upload(office.token, n)).status).toBe(202);
    const runs = await count("SELECT COUNT(*) AS n FROM import_runs");
    await expectLimited(await upload(office.token, 99), /^Too many imports: at most 10 every 10 minutes\./);
    const page = await call("/bulk-import", { headers: { Cookie: office.cookie } });
    const form = new FormData();
    form.set("csrf", csrfOf(decodeHtml(await page.text())));
    form.set("file", new File([csv(100)], "q100.csv", { type: "text/csv" }));
    const res = await postForm("/bulk-import", office.cookie, form);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(decodeHtml(await res.text())).toContain("Too many imports: at most 10 every 10 minutes.");
    expect(await count("SELECT COUNT(*) AS n FROM import_runs")).toBe(runs);
  });
});

describe("plot checks (POST /api/plots/validate)", () => {
  const point = { type: "Point", coordinates: [-9.404871, 6.428055] };
  it("the 121st check in a minute is 429; another account still checks", async () => {
    for (let i = 0; i < QUOTAS.validation.calls; i++) {
      expect((await bearer(agent.token, "/api/plots/validate", "POST", point)).status).toBe(200);
    }
    await expectLimited(
      await bearer(agent.token, "/api/plots/validate", "POST", point),
      /^Too many plot checks: at most 120 every minute\. Try again in \d+ (seconds?|minutes?)\.$/,
    );
    expect((await bearer(office.token, "/api/plots/validate", "POST", point)).status).toBe(200);
  });
});

describe("statements", () => {
  it("the 31st payment statement PDF in the window is 429, not drawn", async () => {
    const path = "/api/exporter/statement.pdf?from=2025-01-01&to=2025-12-31";
    for (let i = 0; i < QUOTAS.statement.calls; i++) {
      const res = await bearer(exporter.token, path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      await res.arrayBuffer();
    }
    await expectLimited(await bearer(exporter.token, path), /^Too many statements and certificates: at most 30/);
  });
});

describe("the OpenAPI document", () => {
  it("names the 429 of each route under a quota", async () => {
    const doc = (await (await call("/api/docs")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const [path, method] of [
      ["/api/reports", "post"],
      ["/api/imports", "post"],
      ["/api/plots/validate", "post"],
      ["/api/shipments/{code}/package", "get"],
      ["/api/batches/{code}/receipt", "get"],
      ["/api/fees/invoices/{id}/receipt", "get"],
      ["/api/exporter/statement.pdf", "get"],
      ["/api/records/batches/{code}/auditor-export", "get"],
      ["/api/batches/purchase-lookup", "get"],
    ] as const) {
      expect(doc.paths[path]?.[method]?.responses, `${method} ${path}`).toHaveProperty("429");
    }
  });
});
