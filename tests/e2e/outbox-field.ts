/**
 * The field agent's steps the offline-outbox journeys share: signing in with the field
 * pages kept, onboarding and mapping offline, correcting a farmer, and reading the server's totals.
 */
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { demoLogin } from "../login-api";
import { segment, withSegments } from "../unit/photo-fixtures";
import { ACCOUNTS, type Account, gpsLines, letters, rectangleLines, registerFarmer, signIn } from "./helpers";

export const RUN = Date.now() % 1_000_000;
export const PHOTO = Buffer.from(withSegments(segment(0xfe, Array(20_000).fill(0x41)))); // ~20 KB JPEG

/** Signed in, with the field pages kept by the service worker (the dashboard asks it to). */
export async function readyForField(context: BrowserContext, account: Account = ACCOUNTS.fieldAgent) {
  const page = await context.newPage();
  await signIn(page, account);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 15_000 });
  // The dashboard asked the worker to keep the field pages and their scripts; it says when done.
  await page.waitForFunction(() => document.documentElement.dataset.swWarmed === "1", null, { timeout: 30_000 });
  return page;
}

/** A bearer token of a demo account, through the sign-in API. */
export async function apiToken(base: string, role: string, ip: string) {
  const { path, body } = demoLogin(role);
  const login = await fetch(base + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify(body),
  });
  return ((await login.json()) as { token: string }).token;
}

/** Opens the correction form on the farmer's page, fills `fields` and the reason, and submits it. */
export async function correctFarmer(page: Page, fields: [label: string, value: string][], reason: string) {
  const form = page.locator("#farmer-correct");
  if (!(await form.isVisible())) await page.getByText("Correct these details").click();
  for (const [label, value] of fields) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByLabel("Reason for the correction").fill(reason);
  await form.getByRole("button", { name: "Record the correction" }).click();
}

/** Server totals through the API (the DG reads the registry). */
export async function totals(base: string) {
  const { path, body } = demoLogin("dg");
  const login = await fetch(base + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.82.7.1" },
    body: JSON.stringify(body),
  });
  const { token } = (await login.json()) as { token: string };
  const total = async (url: string) =>
    ((await (await fetch(base + url, { headers: { Authorization: `Bearer ${token}` } })).json()) as { total: number })
      .total;
  return { farmers: await total("/api/farmers?pageSize=1"), plots: await total("/api/plots") };
}

/** ~2 ha squares south-west of the demo plots, in a row of their own per run (no double claims). */
export function square(i: number, crossed = false) {
  const south = 6.95 + (RUN % 40) * 0.005 + Math.floor(i / 60) * 0.0025;
  const west = -9.0 + (i % 60) * 0.002;
  const d = 0.0013;
  if (!crossed) return rectangleLines(south, west, d, d);
  return gpsLines([
    [south, west],
    [south + d, west + d],
    [south, west + d],
    [south + d, west],
  ]);
}

/** Waits until the form's record is in the outbox: the notice counts what this page queued. */
export async function queued(page: Page, count: number) {
  await expect(page.locator(`[data-testid="outbox-notice"][data-queued="${count}"]`)).toContainText(
    "Saved on this phone",
  );
}

export async function onboardOffline(page: Page, i: number, count = i + 1) {
  await registerFarmer(page, {
    firstName: `Offline ${letters(i + 1, 5)}`,
    lastName: `Outbox ${letters(RUN, 5)}`,
    dateOfBirth: "1986-02-14",
    community: "Zortapa",
    photo: { name: `farmer-${i}.jpg`, mimeType: "image/jpeg", buffer: PHOTO },
  });
  await queued(page, count);
}

/** Fills the open plot form with a cocoa plot of `farmerId` and presses "Save plot". */
async function savePlot(page: Page, farmerId: string, plantingYear: string, tenure: string, coordinates: string) {
  await page.getByLabel("Farmer ID").fill(farmerId);
  await page.getByLabel("Crop").selectOption("Cocoa");
  await page.getByLabel("Planting year").fill(plantingYear);
  await page.getByLabel("Tenure or land document reference").fill(tenure);
  await page.getByLabel("Coordinates", { exact: true }).fill(coordinates);
  await page.getByRole("button", { name: "Save plot" }).click();
}

export async function mapOffline(page: Page, farmerId: string, coordinates: string, count: number) {
  await savePlot(page, farmerId, "2011", `Outbox test ${RUN}`, coordinates);
  await queued(page, count);
}

/** A cocoa plot mapped online from /create-land-plot (planted in `plantingYear`); returns its id. */
export async function mapOnline(
  page: Page,
  farmerId: string,
  plantingYear: string,
  tenure: string,
  coordinates: string,
) {
  await page.goto("/create-land-plot");
  await savePlot(page, farmerId, plantingYear, tenure, coordinates);
  await expect(page).toHaveURL(/\/land-plot-details\/[^/?]+\?created=/);
  return new URL(page.url()).pathname.split("/").pop()!;
}

/** Waits until the service worker keeps the page `url` for offline work (its private-pages cache). */
export async function keptOffline(page: Page, url: string) {
  await expect
    .poll(() => page.evaluate(async (u) => Boolean(await (await caches.open("private-pages")).match(u)), url))
    .toBe(true);
}

/** One farmer registered online: the plots mapped offline are hers. */
export async function onlineFarmer(page: Page) {
  await page.goto("/onboard-farmer");
  await registerFarmer(page, {
    firstName: "Online",
    lastName: `Owner ${letters(RUN, 5)}`,
    dateOfBirth: "1980-05-01",
    community: "Zortapa",
  });
  return (await page.getByTestId("farmer-id").innerText()).trim();
}
