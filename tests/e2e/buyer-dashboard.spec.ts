import { expect, test } from "@playwright/test";
import { fixtures } from "./a11y-helpers";
import { ACCOUNTS, open, recordPurchase, signIn } from "./helpers";

// The demo data (idempotent): FRM000001 and her low-risk cocoa plot.
test.beforeAll(async ({ request }) => {
  await fixtures(request);
});

// The buyer's purchase on a 360 px phone with JavaScript off: find the farmer by the ID
// on her card, see her plots and what each can still yield, record the purchase with its price
// (a mistake keeps what was typed), then the receipt link.
test("a buyer records a purchase with price and payment, JavaScript off @nojs", async ({ page, javaScriptEnabled }) => {
  await signIn(page, ACCOUNTS.buyer, javaScriptEnabled);
  await open(page, "/agricultural-buyer-dashboard", javaScriptEnabled);
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await width()).toBeLessThanOrEqual(360);
  await page.getByLabel("Farmer ID, phone number or card").fill("FRM000001");
  await page.getByRole("button", { name: "Find farmer" }).click();
  await expect(page.getByTestId("farmer-plots")).toContainText("Farmer FRM000001");
  const form = page.getByTestId("purchase-form");
  test.skip((await form.count()) === 0, "the demo farmer has no eligible plot in this database");
  expect(await width()).toBeLessThanOrEqual(360);

  await form.getByRole("checkbox").first().check();
  await recordPurchase(form, { weightKg: "25.5", pricePerKg: "2.355", place: "Ganta market", grade: "B" });
  await expect(page.getByTestId("error-summary")).toBeVisible();
  await expect(page.getByText("Enter the price per kg, like 2.50 (at most 2 decimals)").first()).toBeVisible();
  await expect(page.getByLabel("Weight (kg)")).toHaveValue("25.5");
  await expect(page.getByLabel("Place of purchase (town or facility)")).toHaveValue("Ganta market");

  await page.getByLabel("Price per kg").fill("2.35");
  await page.getByRole("button", { name: "Record purchase" }).click();
  await expect(page).toHaveURL(/\/agricultural-buyer-dashboard\?recorded=LR-[A-Z]{3}-\d{4}-\d{6}/);
  const done = page.getByTestId("recorded");
  await expect(done).toContainText("Purchase recorded");
  await expect(done.getByRole("link", { name: "Print the receipt (PDF)" })).toHaveAttribute(
    "href",
    /\/api\/batches\/LR-[A-Z]{3}-\d{4}-\d{6}\/receipt$/,
  );
  await expect(page.getByTestId("my-purchases")).toContainText("US$ 2.35/kg · total US$ 59.93");
  expect(await width()).toBeLessThanOrEqual(360);
  await page.screenshot({ path: "test-results/buyer-dashboard-360.png", fullPage: true });
});
