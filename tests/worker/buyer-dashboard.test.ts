/**
 * The buyer dashboard: a purchase with its price (exact minor units and total), moisture
 * and payment; idempotent by submissionId; what a plot can still yield falls after a purchase; a
 * retired plot cannot supply; the receipt PDF for its buyer and farmer only; buyer B sees nothing of
 * buyer A; the no-JS purchase form (plain POST, CSRF, typed values kept with messages by field);
 * the batch page's dispatch form and inspection section.
 */
import { env } from "cloudflare:test";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { api, json, one, purchase, rows, seedAndSignIn, who } from "./batches-fixtures";
import { userWithSession } from "./factories";
import { bearer, call, plotInsert, postForm } from "./helpers";
import { csrfOf, decodeHtml as decode, pageText } from "./html";

// biome-ignore lint/suspicious/noExplicitAny: reply bodies are read field by field
const read = async (res: Response): Promise<any> => res.json();
let buyerB: { token: string; cookie: string };

beforeAll(async () => {
  await seedAndSignIn();
  buyerB = await userWithSession({
    id: "buyer-b",
    loginId: "BUYER-B-01",
    role: "buyer",
    firstName: "Second",
    lastName: "Buyer",
  });
  await env.DB.prepare("UPDATE farmers SET phone = '+231 77 555 0101' WHERE farmer_id = 'FRM000001'").run();
});

const asB = (path: string) => bearer(buyerB.token, path);
const priced = (over: Record<string, unknown> = {}) =>
  purchase({
    pricePerKg: "2.35",
    currency: "USD",
    paymentMethod: "mobile_money",
    paymentReference: "MM-88123",
    ...over,
  });

describe("a purchase with its price", () => {
  it("stores the price and the server's total in exact minor units, with moisture and payment, and notifies the farmer", async () => {
    const res = await api("", "buyer", priced({ weightKg: 1234.567, moisturePct: 7.4, plotCodes: ["PLT-000001-01"] }));
    const body = await read(res);
    expect(res.status, JSON.stringify(body)).toBe(201);
    const stored = await one<Record<string, unknown>>(
      "SELECT price_per_kg_minor, currency, total_minor, moisture_tenth_pct, payment_method, payment_reference, buyer_id FROM purchases WHERE batch_id = ?",
      body.batch.id,
    );
    // 2.35 USD/kg × 1,234.567 kg = 2,901.23245 USD → 290,123 cents (rounded on the server).
    expect(stored).toEqual({
      price_per_kg_minor: 235,
      currency: "USD",
      total_minor: 290123,
      moisture_tenth_pct: 74,
      payment_method: "mobile_money",
      payment_reference: "MM-88123",
      buyer_id: who.buyer.account.id,
    });
    expect(body.purchase.totalMinor).toBe(290123);
    const notice = await one<{ kind: string; body: string }>(
      "SELECT kind, body FROM notifications WHERE user_id = 'demo-farmer' AND subject_id = ?",
      body.batch.batchCode,
    );
    expect(notice.kind).toBe("purchase_recorded");
    expect(notice.body).toContain("US$ 2,901.23");
    const audit = await one<{ after: string }>(
      "SELECT after FROM audit_log WHERE action = 'batch.purchase' AND entity_id = ?",
      body.batch.batchCode,
    );
    expect(JSON.parse(audit.after).purchase.totalMinor).toBe(290123);
  });

  it("refuses a price without currency and a mobile-money payment without reference, by field", async () => {
    const res = await api("", "buyer", priced({ currency: undefined, paymentReference: undefined }));
    const body = await read(res);
    expect(res.status).toBe(400);
    expect(body.errors.currency).toEqual(["Choose the currency: USD or LRD"]);
    expect(body.errors.paymentReference).toEqual(["Enter the payment reference (transaction or transfer number)"]);
  });

  it("is idempotent: a resend of the same submission answers the same batch and stores nothing new", async () => {
    const submissionId = crypto.randomUUID();
    const first = await read(await api("", "buyer", priced({ submissionId, weightKg: 10 })));
    const again = await api("", "buyer", priced({ submissionId, weightKg: 10 }));
    const second = await read(again);
    expect(again.status).toBe(200);
    expect(second.repeated).toBe(true);
    expect(second.batch.batchCode).toBe(first.batch.batchCode);
    expect((await rows("SELECT batch_id FROM purchases WHERE submission_id = ?", submissionId)).length).toBe(1);
    // Another buyer cannot replay it to read the batch.
    const stolen = await bearer(buyerB.token, "/api/batches", "POST", priced({ submissionId, weightKg: 10 }));
    expect(stolen.status).toBe(409);
  });

  it("lowers what the plot can still yield this season, and a flagged purchase notifies the buyer", async () => {
    const before = await read(await api("/purchase-lookup?farmerId=FRM000001", "buyer"));
    const plot = (b: typeof before) => b.farmer.plots.find((p: { plotCode: string }) => p.plotCode === "PLT-000001-02");
    const left = plot(before).canStillSupplyG as number;
    expect(left).toBeGreaterThan(100_000);
    await api("", "buyer", priced({ plotCodes: ["PLT-000001-02"], weightKg: 100 }));
    const after = await read(await api("/purchase-lookup?farmerId=FRM000001", "buyer"));
    expect(plot(after).canStillSupplyG).toBe(left - 100_000);
    const big = await read(await api("", "buyer", priced({ plotCodes: ["PLT-000001-02"], weightKg: 90_000 })));
    expect(big.volume.flagged).toBe(true);
    const flagged = await one<{ kind: string }>(
      "SELECT kind FROM notifications WHERE user_id = ? AND subject_id = ?",
      who.buyer.account.id,
      big.batch.batchCode,
    );
    expect(flagged.kind).toBe("purchase_flagged");
  });

  it("finds the farmer by scanned card and by phone; a retired plot is excluded with the reason and cannot supply", async () => {
    await plotInsert({
      id: "p-ret",
      code: "PLT-000001-09",
      farmerId: "FRM000001",
      geometry: { type: "Point", coordinates: [-9.4, 6.9] },
      ha: 1,
      crop: "Cocoa",
      county: "Bong County",
      validation: "valid",
      risk: "low",
      more: { status: "retired", retired_reason: "Land sold" },
    }).run();
    const card = await read(await api(`/purchase-lookup?card=${encodeURIComponent("LR-FARMER:FRM000001")}`, "buyer"));
    const retired = card.farmer.plots.find((p: { plotCode: string }) => p.plotCode === "PLT-000001-09");
    expect(retired).toMatchObject({ eligible: false, canStillSupplyG: null });
    expect(retired.reason).toBe("Retired: this plot supplies no new purchase");
    const phone = await read(await api("/purchase-lookup?phone=0775550101", "buyer"));
    expect(phone.farmer.farmerId).toBe("FRM000001");
    const refused = await api("", "buyer", priced({ plotCodes: ["PLT-000001-09"] }));
    expect(refused.status).toBe(400);
    expect((await json(refused)).errors).toEqual({
      plotCodes: ["Plot PLT-000001-09 is retired: it cannot supply a new purchase"],
    });
  });
});

describe("the receipt", () => {
  it("is a PDF with the batch code, weight, price and total with currency — for its buyer and its farmer only", async () => {
    const b = await read(
      await api(
        "",
        "buyer",
        priced({
          weightKg: 500,
          pricePerKg: "180",
          currency: "LRD",
          paymentMethod: "cash",
          paymentReference: undefined,
        }),
      ),
    );
    const code = b.batch.batchCode as string;
    const res = await api(`/${code}/receipt`, "buyer");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getTitle()).toBe(`Purchase receipt ${code}`);
    expect(doc.getKeywords()).toContain(code);
    expect(doc.getKeywords()).toContain("500 kg");
    expect(doc.getKeywords()).toContain("L$ 180.00 per kg");
    expect(doc.getKeywords()).toContain("total L$ 90,000.00 LRD");
    // The farmer whose plots it came from may open it; buyer B, an inspector and the exporter may not.
    expect((await api(`/${code}/receipt`, "farmer")).status).toBe(200);
    for (const res of [
      await asB(`/api/batches/${code}/receipt`),
      await api(`/${code}/receipt`, "warehouse"),
      await api(`/${code}/receipt`, "exporter"),
    ]) {
      expect(res.status).toBe(404);
      expect((await read(res)).message).toBe(`No purchase receipt for batch ${code}`);
    }
  });
});

describe("the dashboard page", () => {
  const form = (fields: [string, string][], cookie: string, path = "/agricultural-buyer-dashboard?farmer=FRM000001") =>
    postForm(path, cookie, fields);

  it("records a purchase with JavaScript off: CSRF checked, typed values and messages kept, then the receipt link", async () => {
    const page = await call("/agricultural-buyer-dashboard?farmer=LR-FARMER%3AFRM000001", {
      headers: { Cookie: who.buyer.cookie },
    });
    expect(page.status).toBe(200);
    const html = decode(await page.text());
    expect(html).toContain("Record the purchase");
    expect(html).toContain("Retired: this plot supplies no new purchase");
    expect(html).toMatch(/can still yield this season: [\d,.]+ kg/);
    const csrf = csrfOf(html);
    const submissionId = /name="submissionId" value="([^"]+)"/.exec(html)![1]!;
    const fields: [string, string][] = [
      ["csrf", csrf],
      ["farmerId", "FRM000001"],
      ["submissionId", submissionId],
      ["plotCodes", "PLT-000001-01"],
      ["commodity", "Cocoa"],
      ["weightKg", "42.5"],
      ["pricePerKg", "2.10"],
      ["currency", "USD"],
      ["moisturePct", ""],
      ["paymentMethod", "cash"],
      ["paymentReference", ""],
      ["grade", "B"],
      ["harvestDate", "2026-11-01"],
      ["location", "Gbarnga market"],
    ];
    const badCsrf = await form(
      fields.map(([k, v]) => [k, k === "csrf" ? "forged" : v]),
      who.buyer.cookie,
    );
    expect(badCsrf.status).toBe(403);
    const invalid = await form(
      fields.map(([k, v]) => [k, k === "pricePerKg" ? "2.105" : v]),
      who.buyer.cookie,
    );
    expect(invalid.status).toBe(400);
    const again = decode(await invalid.text());
    expect(again).toContain("There is a problem");
    expect(again).toMatch(/id="pricePerKg-error"[^>]*>[^<]*Enter the price per kg, like 2.50/);
    expect(again).toContain('value="42.5"');
    expect(again).toContain('value="2.105"');
    expect(again).toContain(`value="${submissionId}"`);

    const ok = await form(fields, who.buyer.cookie);
    expect(ok.status).toBe(302);
    const location = ok.headers.get("location")!;
    expect(location).toMatch(/^\/agricultural-buyer-dashboard\?recorded=LR-COC-\d{4}-\d{6}#recorded$/);
    const code = /recorded=([A-Z0-9-]+)/.exec(location)![1]!;
    const stored = await one<{ total_minor: number }>(
      "SELECT p.total_minor FROM purchases p JOIN batches b ON b.id = p.batch_id WHERE b.batch_code = ?",
      code,
    );
    expect(stored.total_minor).toBe(8925);
    // Sent twice (a double tap): the same batch.
    const twice = await form(fields, who.buyer.cookie);
    expect(twice.headers.get("location")).toContain(`recorded=${code}&repeated=1`);
    const done = await pageText(location, who.buyer.cookie);
    expect(done).toContain(`/api/batches/${code}/receipt`);
    expect(done).toContain("Share the receipt");
    expect(done).toContain("US$ 2.10/kg · total US$ 89.25");
  });

  // The offline outbox (ADR 027) resends the purchase to the PAGE action (posted to the
  // page's path, without the lookup); it answers the receipt (the batch code) or the refusal by field.
  it("answers the outbox: a resend returns the same receipt and stores nothing new; a refusal names the field", async () => {
    const html = decode(
      await (
        await call("/agricultural-buyer-dashboard?farmer=FRM000001", { headers: { Cookie: who.buyer.cookie } })
      ).text(),
    );
    const csrf = csrfOf(html);
    const fields: [string, string][] = [
      ["csrf", csrf],
      ["farmerId", "FRM000001"],
      ["submissionId", crypto.randomUUID()],
      ["plotCodes", "PLT-000001-01"],
      ["commodity", "Cocoa"],
      ["weightKg", "12"],
      ["pricePerKg", "2.00"],
      ["currency", "USD"],
      ["paymentMethod", "cash"],
      ["grade", "B"],
      ["harvestDate", "2026-11-01"],
      ["location", "Outbox market"],
    ];
    const send = (list: [string, string][]) => {
      const body = new FormData();
      for (const [k, v] of list) body.append(k, v);
      return call("/agricultural-buyer-dashboard", {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: who.buyer.cookie, Origin: "https://eip.example.gov.lr", "X-Outbox": "1" },
        body,
      });
    };
    const refused = await send(fields.map(([k, v]) => [k, k === "pricePerKg" ? "2.105" : v]));
    expect(refused.status).toBe(400);
    expect(refused.headers.get("X-Outbox-Receipt")).toBeNull();
    const detail = JSON.parse(decodeURIComponent(refused.headers.get("X-Outbox-Error")!));
    expect(detail.fieldErrors.pricePerKg).toEqual(["Enter the price per kg, like 2.50 (at most 2 decimals)"]);

    const counts = async () => ({
      purchases: (await rows("SELECT batch_id FROM purchases WHERE buyer_id = ?", who.buyer.account.id)).length,
      audit: (await rows("SELECT id FROM audit_log WHERE action = 'batch.purchase'")).length,
    });
    const before = await counts();
    const first = await send(fields);
    expect(first.status).toBe(201);
    const receipt = first.headers.get("X-Outbox-Receipt");
    expect(receipt).toMatch(/^LR-COC-\d{4}-\d{6}$/);
    const stored = await one<{ buyer_id: string; total_minor: number }>(
      "SELECT p.buyer_id, p.total_minor FROM purchases p JOIN batches b ON b.id = p.batch_id WHERE b.batch_code = ?",
      receipt,
    );
    expect(stored).toEqual({ buyer_id: who.buyer.account.id, total_minor: 2400 });
    const after = await counts();
    expect(after.purchases).toBe(before.purchases + 1);
    const again = await send(fields);
    expect(again.status).toBe(200);
    expect(again.headers.get("X-Outbox-Receipt")).toBe(receipt);
    expect(await counts()).toEqual(after);
  });

  it("shows buyer B nothing of buyer A's purchases, and never adds two currencies together", async () => {
    const a = await pageText("/agricultural-buyer-dashboard", who.buyer.cookie);
    const codes = (
      await rows<{ batch_code: string }>("SELECT batch_code FROM batches WHERE created_by = ?", who.buyer.account.id)
    ).map((r) => r.batch_code);
    expect(codes.length).toBeGreaterThan(3);
    expect(a).toContain(codes[0]);
    expect(a).toMatch(/US\$ [\d,]+\.\d\d/);
    expect(a).toMatch(/L\$ 90,000\.00/);
    expect(a).toContain("Flagged purchases (");
    expect(a).toContain("Bong County");
    const b = await pageText("/agricultural-buyer-dashboard", buyerB.cookie);
    for (const code of codes) expect(b).not.toContain(code);
    expect(b).toContain("My purchases (0)");
    expect(b).toContain("No supplier yet.");
  });

  it("the batch page offers the holder the dispatch form, and shows a rejection at inspection with why", async () => {
    const b = await read(await api("", "buyer", priced({ weightKg: 300 })));
    const code = b.batch.batchCode as string;
    const page = await pageText(`/batches/${code}`, who.buyer.cookie);
    expect(page).toContain("Send to a warehouse for inspection");
    const csrf = csrfOf(page);
    const other = await pageText(`/batches/${code}`, buyerB.cookie);
    expect(other).not.toContain("Send to a warehouse for inspection");
    const sent = await form(
      [
        ["csrf", csrf],
        ["intent", "dispatch"],
        ["warehouseInspectorId", who.warehouse.account.id],
        ["warehouse", "Gbarnga warehouse"],
      ],
      who.buyer.cookie,
      `/batches/${code}`,
    );
    expect(sent.status).toBe(302);
    await bearer(who.warehouse.token, `/api/inspections/warehouse/${code}/receive`, "POST", {
      weightKg: 300,
      location: "Gbarnga",
    });
    const rejected = await bearer(who.warehouse.token, `/api/inspections/warehouse/${code}`, "POST", {
      moisturePercent: 9.5,
      beanCountPer100g: 98,
      mouldyPercent: 1,
      slatyPercent: 1,
      defectivePercent: 1,
      foreignMatterPercent: 0,
      smokyBeans: "no",
      disposition: "returned_to_buyer",
    });
    expect(rejected.status, await rejected.clone().text()).toBeLessThan(300);
    const after = await pageText(`/batches/${code}`, who.buyer.cookie);
    expect(after).toContain("Sent to the warehouse Gbarnga warehouse");
    expect(after).toContain("Rejected at inspection");
    expect(after).toMatch(/Reason<\/dt><dd>[^<]*Moisture/);
    expect(after).toContain("Returned to the buyer");
    expect(after).toMatch(/Moisture: 9\.5 %/);
    expect(after).not.toContain("Send to a warehouse for inspection");
  });
});
