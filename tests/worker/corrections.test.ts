/**
 * Corrections and voids with reasons (ADR 031): a corrected purchase weight changes the
 * batch volume and the plausibility check, supersedes the affected certificate and shows both
 * versions on the batch page; a void that a later step depends on is refused. DDS numbers and
 * warehouse inspections corrected as versions: corrections-versions.test.ts.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { api, buy, buyAndExport, seedAndSignIn, step, who } from "./batches-fixtures";
import {
  batchRow,
  correctAfterShortReason,
  issueBatchCertificate,
  records,
  send,
  versionsTable,
} from "./corrections-fixtures";
import { count, one, postForm, rows } from "./helpers";
import { csrfOf, pageText } from "./html";

beforeAll(seedAndSignIn, 60_000);

describe("correcting a purchase", () => {
  let code: string;
  let firstCertificate: string;

  beforeAll(async () => {
    code = (await buy({ plotCodes: ["PLT-000001-02"], weightKg: 40, harvestDate: "2026-03-01" })).batchCode;
    firstCertificate = await issueBatchCertificate("origin", code, who.dg.token);
  }, 60_000);

  it("refuses a reason shorter than 10 characters, and anyone but the buyer who recorded it", async () => {
    const short = await send(records(`/${code}/purchase/corrections`, "buyer", { weightKg: 400, reason: "typo" }));
    expect(short.status).toBe(400);
    expect((short.body.errors as Record<string, string[]>).reason).toEqual([
      "Give the reason for the correction (at least 10 characters)",
    ]);
    const other = await send(
      records(`/${code}/purchase/corrections`, "warehouse", { weightKg: 400, reason: "The scale was wrong" }),
    );
    expect(other.status).toBe(403);
    expect(other.body.message).toBe("You can only correct records you recorded yourself");
    expect((await batchRow(code)).weight_g).toBe(40_000);
  });

  it("writes a new version: the batch volume, origins and plausibility flag follow; the old certificate is superseded", async () => {
    expect((await batchRow(code)).volume_flag).toBe(0);
    const res = await send(
      records(`/${code}/purchase/corrections`, "buyer", {
        weightKg: 40_000,
        reason: "Two zeros were left off at the market scale",
        baseVersion: 1,
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, version: 2, weightG: 40_000_000, volumeFlag: true });
    const batch = await batchRow(code);
    expect(batch.weight_g).toBe(40_000_000);
    expect(batch.volume_flag).toBe(1);
    expect(await count("SELECT coalesce(sum(weight_g), 0) AS n FROM batch_origins WHERE batch_id = ?", batch.id)).toBe(
      40_000_000,
    );
    const versions = await rows<{
      version: number;
      kind: string;
      corrects_id: string | null;
      reason: string | null;
      data: string;
      id: string;
    }>(
      "SELECT id, version, kind, corrects_id, reason, data FROM record_versions WHERE record_type = 'purchase' AND record_id = ? ORDER BY version",
      batch.id,
    );
    expect(versions.map((v) => [v.version, v.kind, JSON.parse(v.data).weightG])).toEqual([
      [1, "original", 40_000],
      [2, "correction", 40_000_000],
    ]);
    expect(versions[1]!.corrects_id).toBe(versions[0]!.id);
    expect(versions[1]!.reason).toBe("Two zeros were left off at the market scale");
    const audit = await one<{ actor_id: string; before: string; after: string }>(
      "SELECT actor_id, before, after FROM audit_log WHERE action = 'purchase.correct' AND entity_id = ?",
      code,
    );
    expect(audit.actor_id).toBe(who.buyer.account.id);
    expect(JSON.parse(audit.before).weightG).toBe(40_000);
    expect(JSON.parse(audit.after)).toMatchObject({
      weightG: 40_000_000,
      reason: "Two zeros were left off at the market scale",
    });
    // The certificate printed the old weight: a new version supersedes it.
    const certificates = res.body.certificates as { from: string; to: string }[];
    expect(certificates).toEqual([{ from: firstCertificate, to: expect.any(String) }]);
    const old = await one<{ status: string }>(
      "SELECT status FROM certificates WHERE certificate_number = ?",
      firstCertificate,
    );
    expect(old.status).toBe("superseded");
    const fresh = await one<{ status: string }>(
      "SELECT status FROM certificates WHERE certificate_number = ?",
      certificates[0]!.to,
    );
    expect(fresh.status).toBe("valid");
    // A correction based on the first version is now stale.
    const stale = await send(
      records(`/${code}/purchase/corrections`, "buyer", {
        weightKg: 50,
        reason: "Based on what I saw first",
        baseVersion: 1,
      }),
    );
    expect(stale.status).toBe(409);
  });

  it("the batch page shows both versions, who made them, when and why", async () => {
    const html = await pageText(`/batches/${code}`, who.buyer.cookie);
    expect(html).toContain("Corrections and versions");
    const table = versionsTable(html);
    expect(table).toContain("1 · As recorded");
    expect(table).toContain("weight 40 kg");
    expect(table).toContain("2 · Correction");
    expect(table).toContain("weight 40,000 kg");
    expect(table).toContain("Reason: Two zeros were left off at the market scale");
    // The correction form is on the page for the buyer who recorded it (JavaScript off).
    expect(html).toContain('name="intent" value="correct_purchase"');
  });

  it("works as a plain form on the batch page, keeping what was typed on error", async () => {
    const page = await pageText(`/batches/${code}`, who.buyer.cookie);
    const csrf = csrfOf(page);
    const post = (fields: [string, string][]) =>
      postForm(`/batches/${code}`, who.buyer.cookie, [
        ["csrf", csrf],
        ["intent", "correct_purchase"],
        ["baseVersion", "2"],
        ...fields,
      ]);
    const done = await correctAfterShortReason(post, ["weightKg", "45"], "Weighed again at the warehouse door");
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/batches/${code}?recorded=correct_purchase`);
    expect((await batchRow(code)).weight_g).toBe(45_000);
    expect((await batchRow(code)).volume_flag).toBe(0);
  });

  it("nobody corrects an exported batch", async () => {
    const exported = await buyAndExport();
    const res = await send(
      records(`/${exported.batchCode}/purchase/corrections`, "buyer", {
        weightKg: 999,
        reason: "Too late for this one",
      }),
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("The batch has been exported or shipped: its records can no longer be corrected");
  });
});

describe("voiding a custody step", () => {
  let code: string;

  beforeAll(async () => {
    code = (await buy({ plotCodes: ["PLT-000001-02"], weightKg: 30, harvestDate: "2026-04-01" })).batchCode;
    const transfer = async (as: keyof typeof who, body: unknown) =>
      expect((await api(`/${code}/transfer`, as, body)).status).toBe(200);
    await transfer("warehouse", step("warehouse_received", 29));
    await transfer("warehouse", step("warehouse_inspected", 28, { weightInKg: 29, grade: "A+" }));
  }, 60_000);

  it("is refused where a later step depends on it, and for the purchase itself", async () => {
    const res = await send(
      records(`/${code}/custody/void`, "warehouse", {
        toStatus: "warehouse_received",
        reason: "Received at the wrong store",
      }),
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      "A later step depends on this one (warehouse inspection): void the latest step first",
    );
    const purchase = await send(
      records(`/${code}/custody/void`, "buyer", { toStatus: "purchased", reason: "Bought from the wrong farmer" }),
    );
    expect(purchase.status).toBe(409);
    expect((await batchRow(code)).status).toBe("warehouse_inspected");
  });

  it("refuses someone who did not record the step", async () => {
    const res = await send(
      records(`/${code}/custody/void`, "buyer", { toStatus: "warehouse_inspected", reason: "Not inspected really" }),
    );
    expect(res.status).toBe(403);
  });

  it("reverses the latest step's effect on status, weight and holder; the step stays, marked voided", async () => {
    const voided = await send(
      records(`/${code}/custody/void`, "warehouse", {
        toStatus: "warehouse_inspected",
        reason: "Inspection entered for the wrong batch",
      }),
    );
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    let batch = await batchRow(code);
    expect(batch).toMatchObject({
      status: "warehouse_received",
      weight_g: 29_000,
      holder_id: who.warehouse.account.id,
    });
    // Now the earlier step is the latest: it can be voided too, back to the buyer's purchase.
    const second = await send(
      records(`/${code}/custody/void`, "warehouse", {
        toStatus: "warehouse_received",
        reason: "Received at the wrong store",
      }),
    );
    expect(second.status).toBe(200);
    batch = await batchRow(code);
    expect(batch).toMatchObject({ status: "purchased", weight_g: 30_000, holder_id: who.buyer.account.id });
    const events = await rows<{ id: string; to_status: string; voided_at: string | null; void_reason: string | null }>(
      "SELECT id, to_status, voided_at, void_reason FROM custody_events WHERE batch_id = ? ORDER BY rowid",
      batch.id,
    );
    expect(events.map((e) => [e.to_status, !!e.voided_at])).toEqual([
      ["purchased", false],
      ["warehouse_received", true],
      ["warehouse_inspected", true],
    ]);
    expect(
      await count("SELECT count(*) AS n FROM audit_log WHERE action = 'custody_event.void' AND entity_id = ?", code),
    ).toBe(2);
    // The step can be recorded again (the voided one moved aside).
    expect((await api(`/${code}/transfer`, "warehouse", step("warehouse_received", 30))).status).toBe(200);
    const html = await pageText(`/batches/${code}`, who.buyer.cookie);
    expect(html).toContain("Voided");
    expect(html).toContain("Inspection entered for the wrong batch");
    expect(html).toContain("2 · Voided");
  });
});

describe("correcting a purchase price (integer minor units with its currency)", () => {
  let code: string;
  let batchId: string;
  const priceRow = () =>
    one<{ price: number | null; currency: string | null; total: number | null }>(
      "SELECT price_per_kg_minor AS price, currency, total_minor AS total FROM purchases WHERE batch_id = ?",
      batchId,
    );
  const fix = (as: keyof typeof who, body: unknown) => send(records(`/${code}/purchase/corrections`, as, body));

  beforeAll(async () => {
    const b = await buy({
      plotCodes: ["PLT-000001-02"],
      weightKg: 40,
      harvestDate: "2026-05-01",
      pricePerKg: "2.50",
      currency: "USD",
      paymentMethod: "cash",
    });
    code = b.batchCode;
    batchId = b.id;
    expect(await priceRow()).toEqual({ price: 250, currency: "USD", total: 10_000 });
  }, 60_000);

  it("refuses a short reason, a role that corrects nothing, and someone who did not buy it", async () => {
    const short = await fix("buyer", { pricePerKg: "2.75", reason: "typo" });
    expect(short.status).toBe(400);
    expect((short.body.errors as Record<string, string[]>).reason).toEqual([
      "Give the reason for the correction (at least 10 characters)",
    ]);
    expect((await fix("exporter", { pricePerKg: "2.75", reason: "The agreed price was 2.75" })).status).toBe(403);
    const other = await fix("warehouse", { pricePerKg: "2.75", reason: "The agreed price was 2.75" });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe("You can only correct records you recorded yourself");
    const bad = await fix("buyer", { pricePerKg: "2.755", reason: "The agreed price was 2.75" });
    expect(bad.status).toBe(400);
    expect((bad.body.errors as Record<string, string[]>).pricePerKg).toEqual([
      "Enter the price per kg, like 2.50 (at most 2 decimals)",
    ]);
    expect(await priceRow()).toEqual({ price: 250, currency: "USD", total: 10_000 });
  });

  it("writes a new version: the price, currency and total follow; the audit row and the page show both", async () => {
    const res = await fix("buyer", { pricePerKg: "2.75", reason: "The agreed price was 2.75 a kilo", baseVersion: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ version: 2, pricePerKgMinor: 275, currency: "USD", totalMinor: 11_000 });
    expect(await priceRow()).toEqual({ price: 275, currency: "USD", total: 11_000 });
    const versions = await rows<{ version: number; kind: string; data: string; reason: string | null }>(
      "SELECT version, kind, data, reason FROM record_versions WHERE record_type = 'purchase' AND record_id = ? ORDER BY version",
      batchId,
    );
    expect(versions.map((v) => [v.version, v.kind, v.reason])).toEqual([
      [1, "original", null],
      [2, "correction", "The agreed price was 2.75 a kilo"],
    ]);
    expect(JSON.parse(versions[0]!.data)).toMatchObject({ pricePerKgMinor: 250, currency: "USD", totalMinor: 10_000 });
    expect(JSON.parse(versions[1]!.data)).toMatchObject({ pricePerKgMinor: 275, currency: "USD", totalMinor: 11_000 });
    const audit = await one<{ before: string; after: string }>(
      "SELECT before, after FROM audit_log WHERE action = 'purchase.correct' AND entity_id = ?",
      code,
    );
    expect(JSON.parse(audit.before)).toMatchObject({ pricePerKgMinor: 250, totalMinor: 10_000 });
    expect(JSON.parse(audit.after)).toMatchObject({ pricePerKgMinor: 275, totalMinor: 11_000, version: 2 });
    // The currency alone, keeping the price: the total is in the new currency.
    const lrd = await fix("buyer", { currency: "LRD", pricePerKg: 500, reason: "Paid in Liberian dollars" });
    expect(lrd.status, JSON.stringify(lrd.body)).toBe(200);
    expect(await priceRow()).toEqual({ price: 50_000, currency: "LRD", total: 2_000_000 });
    const html = await pageText(`/batches/${code}`, who.buyer.cookie);
    const table = versionsTable(html);
    expect(table).toContain("1 · As recorded · weight 40 kg · price US$ 2.50/kg · total US$ 100.00");
    expect(table).toContain("2 · Correction · weight 40 kg · price US$ 2.75/kg · total US$ 110.00");
    expect(table).toContain("price L$ 500.00/kg · total L$ 20,000.00");
    expect(table).toContain("Reason: The agreed price was 2.75 a kilo");
    expect(html).toContain('name="pricePerKg"');
  });

  it("works as a plain form on the batch page", async () => {
    const page = await pageText(`/batches/${code}`, who.buyer.cookie);
    const csrf = csrfOf(page);
    const done = await postForm(`/batches/${code}`, who.buyer.cookie, [
      ["csrf", csrf],
      ["intent", "correct_purchase"],
      ["baseVersion", "3"],
      ["pricePerKg", "2.60"],
      ["currency", "USD"],
      ["reason", "Back to US dollars as agreed"],
    ]);
    expect(done.status).toBe(302);
    expect(await priceRow()).toEqual({ price: 260, currency: "USD", total: 10_400 });
  });

  it("a purchase recorded without a price needs the price with the currency", async () => {
    const b = await buy({ plotCodes: ["PLT-000001-02"], weightKg: 10, harvestDate: "2026-05-02" });
    const res = await send(
      records(`/${b.batchCode}/purchase/corrections`, "buyer", {
        currency: "USD",
        reason: "The currency was left out",
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("No price was recorded for this purchase: give the price per kg with its currency");
    const priced = await send(
      records(`/${b.batchCode}/purchase/corrections`, "buyer", {
        pricePerKg: "3",
        currency: "USD",
        reason: "The price was left out at the market",
      }),
    );
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body).toMatchObject({ pricePerKgMinor: 300, totalMinor: 3_000 });
  });

  it("after 48 hours only a supervisor corrects the price; nobody once exported", async () => {
    await env.DB.prepare("UPDATE purchases SET created_at = ? WHERE batch_id = ?")
      .bind(new Date(Date.now() - 72 * 3_600_000).toISOString(), batchId)
      .run();
    const late = await fix("buyer", { pricePerKg: "2.70", reason: "The agreed price was 2.70" });
    expect(late.status).toBe(403);
    expect(late.body.message).toMatch(/more than 48 hours ago: ask a supervisor/);
    const supervisor = await fix("ddgots", { pricePerKg: "2.70", reason: "The agreed price was 2.70" });
    expect(supervisor.status).toBe(200);
    expect(await priceRow()).toEqual({ price: 270, currency: "USD", total: 10_800 });
    const exported = await buyAndExport();
    const res = await send(
      records(`/${exported.batchCode}/purchase/corrections`, "ddgots", {
        pricePerKg: "9.99",
        reason: "Too late for this one",
      }),
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("The batch has been exported or shipped: its records can no longer be corrected");
  });
});
