import { expect, test } from "@playwright/test";
import { ACCOUNTS, signIn } from "./helpers";

// /profile on a 360 px phone with JavaScript off: a second phone signed in as the same
// person shows up under Sessions and is signed out with a plain form; the page never scrolls sideways.

test("profile sessions: see the other phone and sign it out, without JavaScript @nojs", async ({ browser }) => {
  const mine = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const theirs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const page = await mine.newPage();
  const other = await theirs.newPage();
  await signIn(page, ACCOUNTS.portInspector, false);
  await signIn(other, ACCOUNTS.portInspector, false);

  // The dashboard header links to the profile.
  await page.getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: "My details" })).toBeVisible();

  await page.getByRole("link", { name: "Sessions" }).click();
  await expect(page).toHaveURL(/\/profile\/sessions$/);
  const sessions = page.getByTestId("session");
  expect(await sessions.count()).toBeGreaterThanOrEqual(2);
  await expect(sessions.filter({ has: page.getByText("This device", { exact: true }) })).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByRole("button", { name: "Sign out all other devices" }).click();
  await expect(page.getByRole("status")).toContainText("Every other device is signed out.");
  await expect(page.getByTestId("session")).toHaveCount(1);

  // The other phone's next request is refused: back to the portals to sign in again.
  await other.goto("/profile/sessions");
  await expect(other).toHaveURL(/\/portals\?redirectTo=%2Fprofile%2Fsessions/);

  // An unknown section stays inside the profile, with the sections to choose from.
  const missing = await page.goto("/profile/no-such-section");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "There is no such section of your profile" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Profile sections" })).toBeVisible();
  await mine.close();
  await theirs.close();
});
