/**
 * World market pricing: public reads without sign-in, staff entry and CSV import
 * (per-line errors, good lines stored, re-import idempotent), the farm-gate price with its
 * formula and inputs, the price feed from a recorded reply, and the pages with JavaScript off.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { can } from "#worker/auth/permissions";
import { ROLES } from "#worker/auth/roles";
import { seedSamplePrices } from "#worker/services/demo/demo-prices";
import { runPriceFeed } from "#worker/services/market/price-feed";
import recorded from "../fixtures/price-feed/reply.json";
import { sessionAs } from "./factories";
import { call, count, one, postForm } from "./helpers";
import { csrfOf, decodeHtml, pageText } from "./html";

const who: Record<string, { cookie: string; token: string }> = {};

beforeAll(async () => {
  for (const role of ["office_admin", "ddgots", "farmer", "exporter"]) {
    who[role] = await sessionAs(role);
  }
}, 60_000);

const api = (role: string | null, path: string, init: RequestInit = {}) =>
  call(path, {
    ...init,
    headers: { ...(role ? { Authorization: `Bearer ${who[role]!.token}` } : {}), ...(init.headers ?? {}) },
  });
const postJson = (role: string, path: string, body: unknown) =>
  api(role, path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const postCsv = (role: string, text: string) =>
  api(role, "/api/market/prices/import?fileName=prices.csv", {
    method: "POST",
    headers: { "Content-Type": "text/csv" },
    body: text,
  });

describe("entering prices, rates and formulas (API)", () => {
  it("regulator staff store a price once; the same price again stores nothing; a different one is refused", async () => {
    const price = {
      commodity: "cocoa",
      date: "2025-06-02",
      source: "ICCO daily price",
      unit: "tonne",
      amountMinor: 800_000,
      currency: "USD",
    };
    const first = await postJson("office_admin", "/api/market/prices", price);
    expect(first.status).toBe(201);
    const again = await postJson("ddgots", "/api/market/prices", price);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { created: boolean }).created).toBe(false);
    const other = await postJson("office_admin", "/api/market/prices", { ...price, amountMinor: 810_000 });
    expect(other.status).toBe(409);
    expect(((await other.json()) as { message: string }).message).toContain(
      "A different price is already stored for Cocoa on 2025-06-02 from ICCO daily price (US$ 8,000.00 per tonne)",
    );
    expect(
      await count("SELECT count(*) AS n FROM price_points WHERE commodity = 'cocoa' AND date = '2025-06-02'"),
    ).toBe(1);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE action = 'price_point.record'")).toBe(1);
  });

  it("refuses a bad body with field messages, and a price per gram", async () => {
    const res = await postJson("office_admin", "/api/market/prices", {
      commodity: "tea",
      date: "2025-13-01",
      unit: "g",
      amountMinor: 1.5,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { success: boolean; errors: Record<string, string[]> };
    expect(body.success).toBe(false);
    expect(Object.keys(body.errors).sort()).toEqual(["amountMinor", "commodity", "date", "source", "unit"]);
  });

  it("farmers and exporters cannot enter prices (403), signed out is 401", async () => {
    const price = { commodity: "cocoa", date: "2025-06-03", source: "X", unit: "tonne", amountMinor: 1 };
    expect((await postJson("farmer", "/api/market/prices", price)).status).toBe(403);
    expect((await postJson("exporter", "/api/market/prices", price)).status).toBe(403);
    expect((await postCsv("exporter", "commodity,date,source,unit,price\n")).status).toBe(403);
    const anon = await call("/api/market/prices", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(anon.status).toBe(401);
  });
});

describe("CSV import: per-line errors, good lines stored, re-import idempotent", () => {
  const file = [
    "commodity,date,source,unit,price,currency",
    "cocoa,2025-07-01,ICCO daily price,tonne,8100.00,USD", // 2 ok
    "cocoa,2025-07-02,ICCO daily price,tonne,eight thousand,USD", // 3 bad price
    "tea,2025-07-02,Mombasa,kg,2.10,USD", // 4 unknown commodity
    "Coffee (robusta),2025-07-01,ICE robusta settlement,per tonne,4510.00,USD", // 5 ok
    "cocoa,2025-07-01,ICCO daily price,tonne,8100.00,USD", // 6 repeats line 2
    "rubber,2999-01-01,SGX,tonne,1700,USD", // 7 future
    "palm_oil,2025-07-01,CIF Rotterdam,tonne,950,EUR", // 8 currency
    "cocoa,2025-06-02,ICCO daily price,tonne,8200.00,USD", // 9 differs from the stored price
  ].join("\n");

  it("stores the good lines and reports every bad one with its line and reason", async () => {
    const res = await postCsv("office_admin", file);
    expect(res.status).toBe(200);
    const report = (await res.json()) as {
      stored: number;
      alreadyStored: number;
      failed: number;
      errors: { line: number; reason: string }[];
    };
    expect(report.stored).toBe(2);
    expect(report.failed).toBe(6);
    expect(report.errors.map((e) => e.line)).toEqual([3, 4, 6, 7, 8, 9]);
    expect(report.errors[0]!.reason).toContain("Enter the price in US dollars");
    expect(report.errors[1]!.reason).toContain("Choose the commodity");
    expect(report.errors[2]!.reason).toBe("Repeats the commodity, date and source of line 2");
    expect(report.errors[3]!.reason).toBe("The date cannot be in the future");
    expect(report.errors[4]!.reason).toBe("World prices are recorded in US dollars (USD)");
    expect(report.errors[5]!.reason).toContain("A different price is already stored");
    const stored = await one<{ n: number }>("SELECT count(*) AS n FROM price_points WHERE date = '2025-07-01'");
    expect(stored.n).toBe(2);
    expect(await count("SELECT count(*) AS n FROM price_points WHERE date = '2025-07-02'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE action = 'price_point.import'")).toBe(2);
  });

  it("importing the same file again stores nothing twice", async () => {
    const before = await count("SELECT count(*) AS n FROM price_points");
    const report = (await (await postCsv("ddgots", file)).json()) as { stored: number; alreadyStored: number };
    expect(report).toMatchObject({ stored: 0, alreadyStored: 2 });
    expect(await count("SELECT count(*) AS n FROM price_points")).toBe(before);
  });

  it("a file without the needed columns is reported on line 1", async () => {
    const report = (await (await postCsv("office_admin", "commodity,date\ncocoa,2025-01-01\n")).json()) as {
      stored: number;
      errors: { line: number; reason: string }[];
    };
    expect(report.stored).toBe(0);
    expect(report.errors).toEqual([{ line: 1, reason: "The header lacks the columns source, unit, price" }]);
  });
});

describe("the farm-gate price (public)", () => {
  it("is not available before a formula and a rate are stated, and says why", async () => {
    const res = await call("/api/market/farm-gate?commodity=cocoa&date=2025-06-02");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { price: { farmGate: { ok: boolean; reason: string } } };
    expect(body.price.farmGate).toEqual({ ok: false, reason: "No farm-gate formula was in force on 2025-06-02" });
  });

  it("uses the formula version and the rate in force on the price date, and shows every input", async () => {
    const db = database(env.DB);
    const actor = { id: "demo-office-admin", role: "office_admin" as const };
    const { recordFarmGateFormula } = await import("#worker/services/market/record-farm-gate-formula");
    const { recordExchangeRate } = await import("#worker/services/market/record-exchange-rate");
    const f1 = {
      commodity: "cocoa" as const,
      effectiveFrom: "2025-01-01",
      fobShareBp: 7000,
      costsPerKgMinor: 45,
      basis: "Decision 1/2025",
    };
    expect((await recordFarmGateFormula(f1, { db, actor })).ok).toBe(true);
    expect(
      (
        await recordFarmGateFormula(
          { ...f1, effectiveFrom: "2025-07-01", fobShareBp: 7500, basis: "Decision 4/2025" },
          { db, actor },
        )
      ).ok,
    ).toBe(true);
    expect(
      (
        await recordExchangeRate(
          { date: "2025-05-01", rateE4: 1_935_000, source: "Central Bank of Liberia" },
          { db, actor },
        )
      ).ok,
    ).toBe(true);
    expect(
      (
        await recordExchangeRate(
          { date: "2025-07-01", rateE4: 2_000_000, source: "Central Bank of Liberia" },
          { db, actor },
        )
      ).ok,
    ).toBe(true);
    // A farmer may not state a formula, even by calling the service directly.
    const refused = await recordFarmGateFormula(f1, { db, actor: { id: "demo-farmer", role: "farmer" } });
    expect(refused.ok || refused.status).toBe(403);

    const june = (await (await call("/api/market/farm-gate?commodity=cocoa&date=2025-06-20")).json()) as {
      price: {
        date: string;
        farmGate: { lrdPerKgMinor: number; lines: string[]; formula: { version: number }; rate: { date: string } };
      };
    };
    // The latest price on or before 20 June is the one of 2 June: version 1 and the May rate.
    expect(june.price.date).toBe("2025-06-02");
    expect(june.price.farmGate.formula.version).toBe(1);
    expect(june.price.farmGate.rate.date).toBe("2025-05-01");
    expect(june.price.farmGate.lrdPerKgMinor).toBe(99_653);
    expect(june.price.farmGate.lines[3]).toBe("× 193.5000 LRD per USD = L$ 996.53 per kg");

    const july = (await (await call("/api/market/farm-gate?commodity=cocoa&date=2025-07-01")).json()) as {
      price: { farmGate: { lrdPerKgMinor: number; formula: { version: number } } };
    };
    // US$ 8,100/t → 810 c/kg × 75 % = 607.5 → 608 − 45 = 563 × 200 = L$ 1,126.00.
    expect(july.price.farmGate.formula.version).toBe(2);
    expect(july.price.farmGate.lrdPerKgMinor).toBe(112_600);
  });

  it("answers 404 for a date before any price and 400 for a bad query", async () => {
    const none = await call("/api/market/farm-gate?commodity=rubber&date=2001-01-01");
    expect(none.status).toBe(404);
    expect(((await none.json()) as { message: string }).message).toBe(
      "No rubber world price is stored for 2001-01-01 or before",
    );
    const bad = await call("/api/market/farm-gate?commodity=gold");
    expect(bad.status).toBe(400);
  });

  it("GET /api/market/prices is public and cacheable", async () => {
    const res = await call("/api/market/prices?commodity=cocoa&range=all");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const body = (await res.json()) as {
      success: boolean;
      points: { date: string; isSample: boolean }[];
      hasSample: boolean;
    };
    expect(body.success).toBe(true);
    expect(body.points.map((p) => p.date)).toEqual(["2025-06-02", "2025-07-01"]);
    expect(body.hasSample).toBe(false);
    expect((await call("/api/market/prices?range=5y")).status).toBe(400);
  });
});

describe("the price feed (recorded reply, never a live call)", () => {
  it("imports the feed's lines through the same rules and reports the refused ones", async () => {
    const feed = {
      name: "prices.example.invalid",
      fetchPrices: async () => ({ contentType: "application/json", body: JSON.stringify(recorded) }),
    };
    const result = await runPriceFeed(feed, { db: database(env.DB) });
    expect(result.ok && result.value).toMatchObject({ stored: 4, failed: 1 });
    expect(result.ok && result.value.errors[0]!.reason).toContain("Choose the commodity");
    const row = await one<{ created_by: string; amount_minor: number }>(
      "SELECT created_by, amount_minor FROM price_points WHERE source = 'SGX TSR20, settlement'",
    );
    expect(row).toEqual({ created_by: "system-price-feed", amount_minor: 170_225 });
    const again = await runPriceFeed(feed, { db: database(env.DB) });
    expect(again.ok && again.value).toMatchObject({ stored: 0, alreadyStored: 4 });
  });
});

describe("the pages, JavaScript off", () => {
  it("/world-market-pricing is public: chart, table, farm-gate with its formula; sample data says sample", async () => {
    await seedSamplePrices({ db: database(env.DB), now: new Date() });
    const res = await call("/world-market-pricing?commodity=coffee_robusta&range=1m");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const html = decodeHtml(await res.text());
    expect(html).toContain("<h1");
    expect(html).toContain("World market pricing");
    expect(html).toContain('data-testid="sample-banner"');
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).toContain("SAMPLE");
    expect(html).toContain("× share of FOB 65 %");
    expect(html).toContain("Sample formula for the demo (not a regulation)");
    // Every table row of sample data carries the "sample" tag.
    const table = html.slice(html.indexOf('data-testid="price-table"'));
    const rowsHtml = table.slice(table.indexOf("<tbody"), table.indexOf("</tbody>")).split("<tr").slice(1);
    expect(rowsHtml.length).toBeGreaterThan(2);
    for (const row of rowsHtml) expect(row).toContain(">sample</span>");
    // Ranges and commodities are plain links.
    expect(html).toContain('href="?commodity=coffee_robusta&range=1y"');
    expect(html).toContain('href="?commodity=cocoa&range=1m"');
  });

  it("the date check works as a plain GET form", async () => {
    const html = await pageText("/world-market-pricing?commodity=cocoa&range=1y&date=2025-06-02");
    expect(html).toContain('data-testid="farm-gate-check"');
    // (the sample rate of 1 June, seeded above, is now the one in force: the worked sum shows it)
    expect(html).toContain("World price US$ 8,000.00 per tonne = US$ 8.00 per kg");
    expect(html).toContain("Sample rate (not a real rate)");
    const bad = await pageText("/world-market-pricing?commodity=cocoa&date=yesterday");
    expect(bad).toContain("Enter the date as YYYY-MM-DD, like 2026-03-14");
  });

  it("/world-market-pricing/manage: signed out → sign in; a farmer → 403; staff enter a price with CSRF", async () => {
    const out = await call("/world-market-pricing/manage");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toContain("/portals?redirectTo=");
    expect((await call("/world-market-pricing/manage", { headers: { Cookie: who.farmer!.cookie } })).status).toBe(403);
    const page = await call("/world-market-pricing/manage", { headers: { Cookie: who.office_admin!.cookie } });
    expect(page.status).toBe(200);
    const csrf = csrfOf(await page.text());
    const post = (fields: Record<string, string>) =>
      postForm("/world-market-pricing/manage", who.office_admin!.cookie, fields);
    const fields = {
      intent: "price",
      commodity: "rubber",
      date: "2025-08-01",
      source: "SGX TSR20",
      unit: "tonne",
      price: "1,702.5",
    };
    expect((await post(fields)).status).toBe(403); // no CSRF token
    const bad = await post({ ...fields, csrf, price: "lots" });
    expect(bad.status).toBe(400);
    const badHtml = decodeHtml(await bad.text());
    expect(badHtml).toContain("There is a problem");
    expect(badHtml).toContain('value="SGX TSR20"');
    const good = await post({ ...fields, csrf });
    expect(good.status).toBe(302);
    expect(good.headers.get("location")).toBe("/world-market-pricing/manage?saved=price");
    expect(
      await one("SELECT amount_minor, created_by FROM price_points WHERE commodity = 'rubber' AND date = '2025-08-01'"),
    ).toEqual({
      amount_minor: 170_250,
      created_by: "demo-office-admin",
    });
    // A farmer's form post is refused on the server too.
    const farmerPost = await postForm("/world-market-pricing/manage", who.farmer!.cookie, {
      ...fields,
      csrf,
      date: "2025-08-02",
    });
    expect(farmerPost.status).toBe(403);
  });
});

describe("role × page matrix: /world-market-pricing/manage", () => {
  it("regulator staff open it; every other role gets the 403 page", async () => {
    for (const role of ROLES) {
      const { cookie } = await sessionAs(role);
      const res = await call("/world-market-pricing/manage", { headers: { Cookie: cookie } });
      expect(res.status, role).toBe(can(role, "managePrices") ? 200 : 403);
      // The public page answers everyone.
      expect((await call("/world-market-pricing", { headers: { Cookie: cookie } })).status, role).toBe(200);
    }
    expect(ROLES.filter((r) => can(r, "managePrices")).sort()).toEqual([
      "ddgaf",
      "ddgots",
      "dg",
      "office_admin",
      "system_administrator",
    ]);
  }, 60_000);
});
