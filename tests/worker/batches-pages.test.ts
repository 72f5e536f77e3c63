/** The batch pages with JavaScript off. */
import { beforeAll, describe, expect, it } from "vitest";
import { buy, seedAndSignIn, who } from "./batches-fixtures";
import { sessionAs } from "./factories";
import { bearer, call, postForm } from "./helpers";
import { csrfOf, decodeHtml as decode, pageText } from "./html";

beforeAll(seedAndSignIn);

describe("batch pages (JavaScript off)", () => {
  const form = (path: string, fields: [string, string][], cookie: string) =>
    postForm(path, cookie, fields, { "CF-Connecting-IP": "10.60.1.1" });

  it("a buyer picks the farmer, ticks the plots and records a purchase with a plain form", async () => {
    const page = await call("/batches?farmer=frm000001", { headers: { Cookie: who.buyer.cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = decode(await page.text());
    expect(html).toContain("Record a purchase");
    expect(html).toContain('value="PLT-000001-01"');
    expect(html).toContain('value="PLT-000001-03"');
    const csrf = csrfOf(html);

    const fields: [string, string][] = [
      ["csrf", csrf],
      ["farmerIds", "FRM000001"],
      ["plotCodes", "PLT-000001-02"],
      ["commodity", "Cocoa"],
      ["weightKg", "40"],
      ["grade", "B"],
      ["harvestDate", "2026-11-01"],
      ["latitude", ""],
      ["longitude", ""],
      ["location", "Gbarnga market"],
    ];
    const invalid = await form(
      "/batches?farmer=FRM000001",
      fields.map(([k, v]) => [k, k === "location" ? "" : v]),
      who.buyer.cookie,
    );
    expect(invalid.status).toBe(400);
    const again = decode(await invalid.text());
    expect(again).toContain("There is a problem");
    expect(again).toContain("Enter the place (town or facility) where the batch was bought");
    expect(again).toMatch(/value="40"/);

    const ok = await form("/batches?farmer=FRM000001", fields, who.buyer.cookie);
    expect(ok.status).toBe(302);
    const location = ok.headers.get("location")!;
    expect(location).toMatch(/^\/batches\/LR-COC-2026-\d{6}\?recorded=purchase$/);
    const details = await pageText(location, who.buyer.cookie);
    expect(details).toContain("Purchase recorded: the batch is registered.");
    expect(details).toContain("PLT-000001-02");
    expect(details).toContain("Gbarnga market");
    expect(details).toContain("Split this batch");
  });

  it("the warehouse inspector records intake from the batch page; a wrong-role form post is refused", async () => {
    const b = await buy({ plotCodes: ["PLT-000001-02"], weightKg: 20 });
    const path = `/batches/${b.batchCode}`;
    const html = await pageText(path, who.warehouse.cookie);
    expect(html).toContain("Record warehouse intake");
    expect(html).toContain(`/qr/${b.batchCode}`);
    // Every section is in place in the HTML (JS off): none streamed out of order behind a script.
    const hiddenAt = html.search(/<div hidden id="S:\d+">/);
    expect(hiddenAt === -1 ? "" : html.slice(hiddenAt, hiddenAt + 200)).toBe("");
    expect(html).toContain("Corrections and versions");
    const csrf = csrfOf(html);
    const post = (cookie: string, token: string) =>
      form(
        path,
        [
          ["csrf", token],
          ["intent", "transfer"],
          ["toStatus", "warehouse_received"],
          ["weightInKg", "20"],
          ["weightOutKg", "19.5"],
          ["location", "Gbarnga warehouse"],
          ["latitude", "6.997001"],
          ["longitude", "-9.471002"],
        ],
        cookie,
      );

    const exporterPage = await pageText(path, who.exporter.cookie);
    expect(exporterPage).toContain("404");
    const dgHtml = await pageText(path, who.dg.cookie);
    expect(dgHtml).not.toContain("Record warehouse intake");
    const dgCsrf = csrfOf(dgHtml);
    const refused = await post(who.dg.cookie, dgCsrf);
    expect(refused.status).toBe(403);
    expect(decode(await refused.text())).toContain(
      "Only a Warehouse Inspector can record warehouse intake (you are signed in as Director General)",
    );

    const ok = await post(who.warehouse.cookie, csrf);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(`${path}?recorded=warehouse_received`);
    const after = await pageText(ok.headers.get("location")!, who.warehouse.cookie);
    expect(after).toContain("Warehouse intake recorded.");
    expect(after).toContain("Record warehouse inspection");
    expect(after).toContain("GPS 6.997001, -9.471002");
  });

  it("signed-out visitors are sent to log in; roles without batch access get 403", async () => {
    const res = await call("/batches");
    expect(res.status).toBe(302);
    const observer = await sessionAs("monitoring_observer");
    expect((await call("/batches", { headers: { Cookie: observer.cookie } })).status).toBe(403);
    expect((await bearer(observer.token, "/api/batches")).status).toBe(403);
  });
});
