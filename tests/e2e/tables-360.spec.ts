import { expect, type Page, test } from "@playwright/test";
import type { Role } from "#worker/auth/roles";
import { fixtures, signInAs } from "./a11y-helpers";
import { open } from "./helpers";

// The many-column tables on a 360 px phone (the config's viewport), filled with the demo data:
// each stacks into cards (the kit DataTable's `stack`), so none scrolls sideways inside its box.

/** How far the box around the table `testId` would scroll sideways (0 = it fits). */
async function sidewaysScroll(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((table) => {
    const box = table.parentElement as HTMLElement;
    return Math.max(0, box.scrollWidth - (box.clientWidth + 1));
  });
}

async function expectTablesFit(page: Page, path: string, testIds: string[]) {
  await open(page, path);
  for (const testId of testIds) {
    await expect(page.getByTestId(testId), `${path}: ${testId} is shown`).toBeVisible();
    expect(await sidewaysScroll(page, testId), `${path}: ${testId} scrolls sideways`).toBe(0);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} is wider than the screen`).toBe(360);
}

test("the office, EUDR, batch, price and administration tables fit a 360 px phone without sideways scrolling", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const api = await playwright.request.newContext({ baseURL });
  const fx = await fixtures(api);
  // A session of the demo buyer, so the administrator's page of that account lists one.
  await signInAs(api, "buyer");
  await api.dispose();
  expect(fx.batchCode).not.toBeNull();

  const as = async (role: Role) => {
    await page.context().clearCookies();
    await signInAs(page.request, role);
  };
  await as("office_admin");
  await expectTablesFit(page, "/office-administration-portal", ["queues-table"]);
  await expectTablesFit(page, "/regulatory-portal-classic", ["queues-table"]);
  await expectTablesFit(page, "/world-market-pricing/manage", ["formula-versions"]);
  // Each row reads as a card of "Header value" lines.
  await expect(page.getByTestId("formula-versions").locator('td[data-label="Stated by / when"]').first()).toBeVisible();

  await as("land_inspector");
  await expectTablesFit(page, "/eudr-assessment", ["layers-table", "verdicts-table"]);
  await expectTablesFit(page, `/batches/${fx.batchCode}`, ["origins-table"]);

  await as("system_administrator");
  await expectTablesFit(page, "/agritrace-admin-portal/users", ["users"]);
  await expectTablesFit(page, "/agritrace-admin-portal/users/demo-buyer", ["sessions"]);
  await expectTablesFit(page, "/agritrace-admin-portal", ["probes"]);
});

test("the header's work menu fades at the edge where more links wait (CSS only)", async ({ page }) => {
  await signInAs(page.request, "land_inspector");
  await open(page, "/land-plots-list");
  const menu = page.getByRole("navigation", { name: "Traceability" });
  // The fades' widths at the left and right edges (app.css `.scroll-cue`), and the mask they draw.
  const state = () =>
    menu.evaluate((nav) => {
      const style = getComputedStyle(nav);
      return {
        more: nav.scrollWidth > nav.clientWidth,
        mask: style.maskImage,
        left: style.getPropertyValue("--cue-start"),
        right: style.getPropertyValue("--cue-end"),
      };
    });
  const start = await state();
  expect(start.more, "the land inspector's menu is wider than a 360 px screen").toBe(true);
  expect(start.mask).toContain("linear-gradient(to right");
  // At the start only the right edge fades; scrolled to the end, only the left one.
  expect([start.left, start.right]).toEqual(["0px", "40px"]);
  await menu.evaluate((nav) => nav.scrollTo({ left: nav.scrollWidth }));
  await expect.poll(async () => [(await state()).left, (await state()).right]).toEqual(["40px", "0px"]);
});
