import { expect, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { checkEudrGeoJson } from "../../worker/domain/eudr-geojson";
import { signInAs } from "./a11y-helpers";
import { ACCOUNTS, bearer, cocoaPlots, open, phoneOf, apiPost as post, stockBatch } from "./helpers";

/**
 * On a 360 px phone: an export order from start to export. The stock is set
 * up through /api as its real roles (buyer buys, warehouse receives and inspects, port inspects and
 * marks compliant); the exporter then works on the pages: records the order, allocates compliant
 * batches, sees a batch with a high-risk origin refused with the reason, composes the shipment and
 * requests the permit; DDGOTS recommends and the DG approves it (their API routes); the exporter
 * downloads the due-diligence ZIP (every GeoJSON passes the EU checker), records the DDS numbers
 * and exports; the public /qr page then shows the shipment as exported.
 */
test.use({ viewport: { width: 360, height: 780 } });

type Token = string;
type Tokens = Record<"admin" | "buyer" | "warehouse" | "port" | "ddgots" | "dg" | "exporter", Token>;

test("an export order from creation to export, with the due-diligence package checked", async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const api = await playwright.request.newContext({ baseURL });
  const t = {} as Tokens;
  t.admin = await signInAs(api, "system_administrator");
  expect((await api.post("/api/demo/seed", { headers: bearer(t.admin), timeout: 120_000 })).status()).toBe(200);
  for (const [key, role] of [
    ["buyer", "buyer"],
    ["warehouse", "warehouse_inspector"],
    ["port", "port_inspector"],
    ["ddgots", "ddgots"],
    ["dg", "dg"],
    ["exporter", "exporter"],
  ] as const)
    t[key] = await signInAs(api, role);

  // The stock: two compliant cocoa batches from low-risk plots, one from a plot assessed high risk.
  const { low, high } = await cocoaPlots(api, t.dg);
  expect(low.length).toBeGreaterThanOrEqual(2);
  expect(high).toBeTruthy();
  const good1 = await stockBatch(api, t, low[0]!, 40, true);
  const good2 = await stockBatch(api, t, low[1]!, 35, true);
  const risky = await stockBatch(api, t, high!, 20, false);

  // 1. The exporter records the order on the page and allocates the compliant batches.
  const exporter = await phoneOf(browser, ACCOUNTS.exporter);
  await open(exporter, "/exporter/orders");
  const form = exporter.locator("form", { has: exporter.getByRole("button", { name: "Record the order" }) });
  await form.getByLabel("EU buyer (company)").fill("E2E Cocoa Import BV");
  await form.getByLabel("Buyer's country").selectOption("NL");
  await form.getByLabel("Commodity").selectOption("Cocoa");
  await form.getByLabel("Quantity").fill("100");
  await form.getByLabel("Unit").selectOption("kg");
  await form.getByLabel("Price per tonne").fill("3400.00");
  await form.getByLabel("Currency").selectOption("USD");
  await form.getByLabel("Incoterm").selectOption("FOB");
  await form.getByLabel("Delivery from").fill("2026-12-01");
  await form.getByLabel("Delivery to").fill("2027-01-31");
  await form.getByRole("button", { name: "Record the order" }).click();
  await expect(exporter.getByText(/Saved: ORD-\d{4}-\d{6}/)).toBeVisible();
  const card = exporter.locator('[data-testid^="order-"]', { hasText: "E2E Cocoa Import BV" }).first();
  const orderCode = ((await card.getAttribute("data-testid")) ?? "").replace(/^order-/, "");
  expect(orderCode).toMatch(/^ORD-\d{4}-\d{6}$/);
  const allocate = async (batchCode: string) => {
    const c = exporter.getByTestId(`order-${orderCode}`);
    await c.getByLabel("Allocate a compliant batch (code)").fill(batchCode);
    await c.getByRole("button", { name: "Allocate batch" }).click();
  };
  for (const code of [good1, good2]) {
    await allocate(code);
    await expect(exporter.getByTestId(`order-${orderCode}`)).toContainText(code);
  }

  // 2. The batch with a high-risk origin is refused, with the plot named.
  await allocate(risky);
  const refusal = exporter
    .getByRole("alert")
    .filter({ hasText: `Batch ${risky} cannot be allocated` })
    .first();
  await expect(refusal).toContainText(`high deforestation risk on ${high!.plotCode}`);
  await expect(exporter.getByTestId(`order-${orderCode}`)).not.toContainText(risky);

  // 3. The shipment is composed from the allocated batches and its permit requested.
  await open(exporter, "/exporter/shipments");
  const compose = exporter.locator("form", { hasText: orderCode });
  await compose.getByRole("button", { name: "Compose shipment" }).click();
  const shipmentCard = exporter.locator('[data-testid^="shipment-"]', { hasText: good1 }).first();
  await expect(shipmentCard).toContainText(good2);
  const shipmentCode = ((await shipmentCard.getAttribute("data-testid")) ?? "").replace(/^shipment-/, "");
  expect(shipmentCode).toMatch(/^SHP-\d{4}-\d{6}$/);
  const mine = () => exporter.getByTestId(`shipment-${shipmentCode}`);
  await mine().getByRole("button", { name: "Request export permit" }).click();
  await expect(mine()).not.toContainText("Export permit: not requested");

  // 4. DDGOTS recommends and the DG approves the permit (their API routes, their own tokens).
  const permits = (
    (await (await api.get("/api/permits?pageSize=50", { headers: bearer(t.exporter) })).json()) as {
      permits: { id: string; shipmentCode: string }[];
    }
  ).permits;
  const permit = permits.find((p) => p.shipmentCode === shipmentCode);
  expect(permit, JSON.stringify(permits)).toBeTruthy();
  await post(api, t.ddgots, `/api/permits/${permit!.id}/recommend`, {});
  await post(api, t.dg, `/api/permits/${permit!.id}/approve`, {});
  await open(exporter, "/exporter/shipments");
  await expect(mine().getByRole("button", { name: "Export shipment" })).toBeVisible();

  // 5. The due-diligence package: every GeoJSON file in the ZIP passes the EU rules.
  const href = await mine().getByRole("link", { name: "Package (ZIP)" }).getAttribute("href");
  const zip = await exporter.request.get(href!);
  expect(zip.status()).toBe(200);
  expect(zip.headers()["content-type"]).toBe("application/zip");
  const files = unzipSync(new Uint8Array(await zip.body()));
  const geo = Object.keys(files).filter((n) => n.endsWith(".geojson"));
  expect(geo.length).toBeGreaterThan(0);
  for (const name of geo) {
    const check = checkEudrGeoJson(strFromU8(files[name]!));
    expect(check.errors, name).toEqual([]);
    expect(check.ok, name).toBe(true);
  }
  const csv = strFromU8(files["batches-and-origins.csv"]!);
  for (const code of [good1, good2]) expect(csv).toContain(code);
  expect(csv).not.toContain(risky);

  // 6. The DDS numbers are recorded and the shipment exported.
  await mine().getByLabel("DDS reference number").fill("25NLE2E0000001");
  await mine().getByLabel("DDS verification number").fill("E2EVERIFY");
  await mine().getByRole("button", { name: "Record DDS numbers" }).click();
  await expect(mine()).toContainText("25NLE2E0000001");
  await mine().getByRole("button", { name: "Export shipment" }).click();
  await expect(mine().getByTestId("stage")).toContainText(/export/i);
  await expect(mine()).toContainText("Exported");
  expect(await exporter.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // 7. The public trace page of a shipped batch shows the shipment as exported, without signing in.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/qr/${good1}`);
  await expect(visitor.getByText(`Exported in shipment ${shipmentCode}`)).toBeVisible();
  await api.dispose();
});
