import { expect, test } from "@playwright/test";
import { ACCOUNTS, open, signIn } from "./helpers";

// The land inspector's field visit on a 360 px phone with JavaScript off: the queue is a list,
// the visit form a plain multipart POST that keeps what was typed when something is missing.
test("a field visit is recorded from the queue with JavaScript off @nojs", async ({ page, javaScriptEnabled }) => {
  await signIn(page, ACCOUNTS.landInspector, javaScriptEnabled);
  await open(page, "/unified-land-inspector-dashboard", javaScriptEnabled);
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await width()).toBeLessThanOrEqual(360);
  const queue = page.getByTestId("visit-queue");
  test.skip((await queue.count()) === 0, "no plot needs a visit in this database");
  await queue.getByRole("link", { name: "Record a visit" }).first().click();
  await expect(page).toHaveURL(/\/land-plot-details\/[^/]+\/visit$/);
  expect(await width()).toBeLessThanOrEqual(360);

  await page.getByLabel("Latitude").fill("7.200600");
  await page.getByLabel("Longitude").fill("-8.600600");
  await page.getByRole("button", { name: "Record the visit" }).click();
  await expect(page.getByTestId("error-summary")).toBeVisible();
  await expect(page.getByText("Describe what you found on the plot").first()).toBeVisible();
  await expect(page.getByLabel("Latitude")).toHaveValue("7.200600");

  await page.getByLabel("Findings").fill("Pegs at every corner; the neighbour agrees with the boundary.");
  await page.getByRole("radio", { name: /Confirmed/ }).check();
  await page.getByRole("button", { name: "Record the visit" }).click();
  await expect(page).toHaveURL(/\/land-plot-details\/[^/?]+\?visited=/);
  await expect(page.getByTestId("plot-visits")).toContainText("Pegs at every corner");
  expect(await width()).toBeLessThanOrEqual(360);
});
