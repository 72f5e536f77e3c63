import { expect, test } from "@playwright/test";
import { signInAs } from "./a11y-helpers";
import { ACCOUNTS, open, signIn } from "./helpers";

/**
 * The exporter's payment services with JavaScript OFF on a 360 px phone: a refused form
 * keeps what was typed and shows the error summary; a corrected one records the payment for
 * purchased stock, and its receipt PDF downloads.
 */
test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });

test("the exporter records a payment for purchased stock without JavaScript", async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const admin = await signInAs(api, "system_administrator");
  expect(
    (await api.post("/api/demo/seed", { headers: { Authorization: `Bearer ${admin}` }, timeout: 120_000 })).status(),
  ).toBe(200);
  await api.dispose();

  await signIn(page, ACCOUNTS.exporter, false);
  await open(page, "/exporter-payment-services", false);
  await expect(page.getByTestId("recorded-not-executed")).toContainText("recorded, not executed, by the platform");
  // The demo payment names the buyer and the shipped batch: pay them again for the next lot.
  const demo = await page.locator('[data-testid^="stock-LR-SPR-"]').first().innerText();
  const buyerId = /\((BUY-[^)]+)\)/.exec(demo)?.[1];
  const batchCode = /(LR-[A-Z]{3}-\d{4}-\d{6})/.exec(demo)?.[1];
  expect(buyerId && batchCode, demo).toBeTruthy();

  const form = page.locator("form", { has: page.getByRole("button", { name: "Record stock payment" }) });
  await form.getByLabel("Buyer or cooperative ID (paid to)").fill(buyerId!);
  await form.getByLabel("Batch codes").fill(batchCode!);
  await form.getByLabel("Amount").fill("12.345");
  await form.getByLabel("Payment reference").fill("ECO-E2E-0001");
  await form.getByRole("button", { name: "Record stock payment" }).click();
  await expect(page.getByRole("alert")).toContainText("Enter the amount paid, like 1250.00");
  await expect(form.getByLabel("Payment reference")).toHaveValue("ECO-E2E-0001");
  await expect(form.getByLabel("Batch codes")).toHaveValue(batchCode!);

  await form.getByLabel("Amount").fill("1,250.75");
  await form.getByRole("button", { name: "Record stock payment" }).click();
  await expect(page.getByRole("status")).toContainText(/Payment recorded with receipt LR-SPR-\d{4}-\d{6}/);
  const receipt = (await page.getByRole("status").innerText()).match(/LR-SPR-\d{4}-\d{6}/)![0];
  const item = page.getByTestId(`stock-${receipt}`);
  await expect(item).toContainText("US$ 1,250.75");
  const href = await item.getByRole("link", { name: `Receipt ${receipt} (PDF)` }).getAttribute("href");
  const pdf = await page.request.get(href!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
