import { expect, type Page, test } from "@playwright/test";
import { signInAs } from "./a11y-helpers";
import { ACCOUNTS, open, registerFarmer, signIn } from "./helpers";

// The work pages on a 360 px phone (the config's viewport): long values and tables wrap or
// scroll inside their own container, so the page itself never gets wider than the screen.

async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** A plot to open: the first of the list, or (empty database) one registered for a new farmer. */
async function somePlotUrl(page: Page): Promise<string> {
  await open(page, "/land-plots-list");
  const first = page.getByTestId("plots-table").getByRole("link").first();
  if (await first.count()) return (await first.getAttribute("href")) ?? "";
  await open(page, "/onboard-farmer");
  await registerFarmer(page, {
    firstName: "Layout",
    lastName: "Checker-with-a-rather-long-family-name",
    dateOfBirth: "1980-01-01",
    community: "Karnplay",
  });
  await page.getByTestId("registered").getByRole("link", { name: "Add a land plot for this farmer" }).click();
  await page.getByLabel("Crop").selectOption("Cocoa");
  await page.getByLabel("Planting year").fill("2012");
  await page
    .getByLabel("Coordinates", { exact: true })
    .fill("7.401000, -8.601000\n7.401000, -8.599700\n7.399700, -8.599700\n7.399700, -8.601000");
  await page.getByRole("button", { name: "Save plot" }).click();
  await expect(page).toHaveURL(/\/land-plot-details\/[^/?]+/);
  return new URL(page.url()).pathname;
}

test("the work pages fit a 360 px phone", async ({ page }) => {
  await signIn(page, ACCOUNTS.landInspector);
  const plotUrl = await somePlotUrl(page);
  expect(plotUrl).toMatch(/^\/land-plot-details\//);
  for (const path of [
    plotUrl,
    "/land-plots-list",
    "/farmers-list",
    "/onboard-farmer",
    "/create-land-plot",
    "/unified-land-inspector-dashboard",
    `${plotUrl}/visit`,
    `${plotUrl}/edit`,
    "/outbox",
  ]) {
    await open(page, path);
    expect(await pageWidth(page), `${path} is wider than the screen`).toBeLessThanOrEqual(360);
  }
});

test("the office pages fit a 360 px phone", async ({ page }) => {
  await signIn(page, ACCOUNTS.officeAdmin);
  for (const path of ["/eudr-assessment", "/batches", "/audit-log", "/farmers-list", "/land-plots-list"]) {
    await open(page, path);
    expect(await pageWidth(page), `${path} is wider than the screen`).toBeLessThanOrEqual(360);
  }
});

test("the farmer and field agent dashboards fit a 360 px phone", async ({ page }) => {
  for (const [account, path] of [
    [ACCOUNTS.farmer, "/farmer-dashboard"],
    [ACCOUNTS.fieldAgent, "/field-agent-dashboard"],
  ] as const) {
    await page.context().clearCookies();
    await signIn(page, account);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    expect(await pageWidth(page), `${path} is wider than the screen`).toBeLessThanOrEqual(360);
  }
});

test("the profile sections fit a 360 px phone", async ({ page }) => {
  await signIn(page, ACCOUNTS.buyer);
  for (const path of ["/profile", "/profile/password", "/profile/sessions", "/profile/notifications", "/profile/x"]) {
    await open(page, path);
    expect(await pageWidth(page), `${path} is wider than the screen`).toBeLessThanOrEqual(360);
  }
});

test("/profile/push fits a 360 px phone", async ({ page }) => {
  await signIn(page, ACCOUNTS.buyer);
  await open(page, "/profile/push");
  await expect(page.getByRole("heading", { name: "Push notifications" })).toBeVisible();
  expect(await pageWidth(page), "/profile/push is wider than the screen").toBeLessThanOrEqual(360);
});

test.describe("world market pricing without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the public prices page fits a 360 px phone, signed out; ranges and the date check are plain links and forms", async ({
    page,
    playwright,
    baseURL,
  }) => {
    // The demo seed (idempotent) ships the SAMPLE series; a separate context keeps this page signed out.
    const api = await playwright.request.newContext({ baseURL });
    const admin = await signInAs(api, "system_administrator");
    const seeded = await api.post("/api/demo/seed", {
      headers: { Authorization: `Bearer ${admin}` },
      timeout: 120_000,
    });
    expect(seeded.status()).toBe(200);
    await api.dispose();
    for (const path of [
      "/world-market-pricing",
      "/world-market-pricing?commodity=coffee_arabica&range=all",
      "/world-market-pricing?commodity=palm_oil&range=1m",
    ]) {
      await page.goto(path);
      expect(await pageWidth(page), `${path} is wider than the screen`).toBeLessThanOrEqual(360);
    }
    await page.goto("/world-market-pricing");
    await expect(page.getByRole("heading", { level: 1, name: "World market pricing" })).toBeVisible();
    await expect(page.getByTestId("price-chart").locator("svg")).toBeVisible();
    await expect(page.getByTestId("sample-banner")).toBeVisible();
    await page.getByRole("navigation", { name: "Range" }).getByRole("link", { name: "1 month" }).click();
    await expect(page).toHaveURL(/range=1m/);
    await expect(page.getByTestId("price-table")).toBeVisible();
    await page.getByLabel("Farm-gate price on another date").fill("2020-01-01");
    await page.getByRole("button", { name: "Check" }).click();
    await expect(page.getByTestId("farm-gate-check")).toBeVisible();
  });

  test("the staff price page fits a 360 px phone", async ({ page }) => {
    await signIn(page, ACCOUNTS.officeAdmin, false);
    await page.goto("/world-market-pricing/manage");
    await expect(page.getByRole("heading", { level: 1, name: "Enter world prices" })).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  });
});

test.describe("messages without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the message list and a thread fit a 360 px phone", async ({ page }) => {
    await signIn(page, ACCOUNTS.exporter, false);
    await page.goto("/exporter/messages");
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    const thread = page.getByTestId("threads").getByRole("link").first();
    if (await thread.count()) {
      await thread.click();
      expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    }
  });
});

test("the buyer dashboard with a farmer looked up fits a 360 px phone", async ({ page }) => {
  await signIn(page, ACCOUNTS.buyer);
  await open(page, "/agricultural-buyer-dashboard?farmer=FRM000001");
  await expect(page.getByRole("heading", { name: "Buy from a farmer" })).toBeVisible();
  expect(await pageWidth(page), "the buyer dashboard is wider than the screen").toBeLessThanOrEqual(360);
});

test("the exporter's desk fits a 360 px phone", async ({ page }) => {
  await signIn(page, ACCOUNTS.exporter);
  for (const path of ["/exporter/inspections", "/exporter/certificates", "/exporter-payment-services"]) {
    await open(page, path);
    expect(await pageWidth(page), `${path} is wider than the screen`).toBeLessThanOrEqual(360);
  }
});

test("the exporter's analytics fit a 360 px phone", async ({ page }) => {
  await signIn(page, ACCOUNTS.exporter);
  for (const path of ["/exporter/analytics", "/exporter/analytics?period=all&commodity=Cocoa"]) {
    await open(page, path);
    await expect(page.getByRole("heading", { name: "Volumes" })).toBeVisible();
    expect(await pageWidth(page), `${path} is wider than the screen`).toBeLessThanOrEqual(360);
  }
});

test("the administrator's portal and the management pages fit a 360 px phone", async ({ page }) => {
  // The demo administrator signs in through its API (the login page needs an access code field
  // the shared ACCOUNTS list does not carry); the session cookie lands in this browser context.
  const res = await page.request.post("/api/agritrace-admin/login", {
    data: { username: "agritrace.admin", password: "Admin#2026", accessCode: "AGRI-2026-DEMO" },
  });
  expect(res.status()).toBe(200);
  for (const path of [
    "/agritrace-admin-portal",
    "/agritrace-admin-portal/users",
    "/agritrace-admin-portal/users/demo-land-inspector",
    "/agritrace-admin-portal/crop-yields",
    "/buyer-management",
    "/inspector-management",
    "/exporter-management",
  ]) {
    await open(page, path);
    expect(await pageWidth(page), `${path} is wider than the screen`).toBeLessThanOrEqual(360);
  }
});

test("the executive dashboards fit a 360 px phone", async ({ page }) => {
  await signIn(page, ACCOUNTS.dg);
  for (const path of [
    "/dg-dashboard",
    "/dg-dashboard?county=Nimba+County&commodity=Cocoa&map=high",
    "/ddgots-dashboard",
    "/ddgaf-dashboard",
  ]) {
    await open(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await pageWidth(page), `${path} is wider than the screen`).toBeLessThanOrEqual(360);
  }
});

test("the office register and a document fit a 360 px phone", async ({ page }) => {
  await signIn(page, ACCOUNTS.officeAdmin);
  await open(page, "/office-administration-portal");
  await expect(page.getByRole("heading", { name: "Work queues" })).toBeVisible();
  expect(await pageWidth(page), "the office portal is wider than the screen").toBeLessThanOrEqual(360);
  // Register one (the e2e database may be empty), then open it.
  await page.getByLabel("Kind").selectOption("incoming_letter");
  await page.getByLabel("Title").fill("A letter with a rather long title about cocoa traceability in Nimba County");
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page.getByTestId("registered")).toBeVisible();
  await page.getByTestId("register-table").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/office-administration-portal\/documents\//);
  expect(await pageWidth(page), "the document page is wider than the screen").toBeLessThanOrEqual(360);
  await open(page, "/regulatory-portal-classic");
  expect(await pageWidth(page), "the regulatory portal is wider than the screen").toBeLessThanOrEqual(360);
});

test("the monitoring dashboard's public view fits a 360 px phone", async ({ page }) => {
  for (const path of ["/monitoring-dashboard", "/monitoring-dashboard?period=12m&county=Nimba+County"]) {
    await open(page, path);
    await expect(page.getByRole("heading", { name: "Latest events" })).toBeVisible();
    expect(await pageWidth(page), `${path} is wider than the screen`).toBeLessThanOrEqual(360);
  }
});

test("the re-check of stored plots fits a 360 px phone", async ({ page }) => {
  await signIn(page, ACCOUNTS.officeAdmin);
  await open(page, "/recheck-jobs");
  expect(await pageWidth(page), "/recheck-jobs is wider than the screen").toBeLessThanOrEqual(360);
});

test("a port inspection's record, versions and correction form fit a 360 px phone", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL });
  const token = (role: Parameters<typeof signInAs>[1]) => signInAs(api, role);
  const [admin, buyer, warehouse, port, dg] = [
    await token("system_administrator"),
    await token("buyer"),
    await token("warehouse_inspector"),
    await token("port_inspector"),
    await token("dg"),
  ];
  const post = async (t: string, path: string, data: unknown) => {
    const res = await api.post(path, { headers: { Authorization: `Bearer ${t}` }, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as Record<string, unknown>;
  };
  expect(
    (await api.post("/api/demo/seed", { headers: { Authorization: `Bearer ${admin}` }, timeout: 120_000 })).status(),
  ).toBe(200);
  const plots = (
    (await (await api.get("/api/plots?pageSize=100", { headers: { Authorization: `Bearer ${dg}` } })).json()) as {
      plots: { plotCode: string; farmerId: string; crop: string; riskLevel: string | null }[];
    }
  ).plots;
  const plot = plots.find((p) => p.crop === "Cocoa" && p.riskLevel === "low" && p.farmerId !== "FRM000001")!;
  const bought = await post(buyer, "/api/batches", {
    farmerIds: [plot.farmerId],
    plotCodes: [plot.plotCode],
    commodity: "Cocoa",
    weightKg: 12,
    grade: "A",
    harvestDate: new Date().toISOString().slice(0, 10),
    latitude: 7.1,
    longitude: -9.47,
    location: "Gbarnga market",
  });
  const code = (bought.batch as { batchCode: string }).batchCode;
  const step = (toStatus: string, over: Record<string, unknown> = {}) => ({
    toStatus,
    weightOutKg: 12,
    location: "Gbarnga warehouse",
    ...over,
  });
  await post(warehouse, `/api/batches/${code}/transfer`, step("warehouse_received"));
  await post(warehouse, `/api/batches/${code}/transfer`, step("warehouse_inspected", { grade: "A" }));
  await post(port, `/api/inspections/port/${code}`, {
    port: "Freeport of Monrovia",
    containerNumber: "MSCU1234567",
    sealNumber: "SL-99881",
    pestsFound: "Live weevils in two of the forty bags on the lowest tier",
    decision: "refuse",
    refusalReason: "Live weevils found in two bags",
  });
  await post(port, `/api/records/batches/${code}/port-inspection/corrections`, {
    port: "Freeport of Monrovia",
    containerNumber: "MSCU1234567",
    sealNumber: "SL-99881",
    pestsFound: "Live weevils in two of the forty bags on the lowest tier",
    decision: "refuse",
    refusalReason: "Live weevils found in two bags (lowest tier)",
    reason: "The tier of the infested bags was left out",
  });
  await signIn(page, ACCOUNTS.portInspector);
  await open(page, `/port-inspector-dashboard/inspect/${code}`);
  await page.getByText("Correct this port inspection").click();
  await expect(page.getByTestId("port-versions")).toContainText("2 · Correction");
  expect(await pageWidth(page), "the port inspection page is wider than the screen").toBeLessThanOrEqual(360);
});

test("the farmer page's correction form with its 'Leave blank' boxes fits a 360 px phone", async ({ page }) => {
  await signIn(page, ACCOUNTS.officeAdmin);
  await open(page, "/farmers/FRM000001");
  await page.getByText("Correct these details").click();
  await expect(page.getByRole("checkbox", { name: "Phone" })).toBeVisible();
  expect(await pageWidth(page), "/farmers/FRM000001 is wider than the screen").toBeLessThanOrEqual(360);
});

/** Does the scrolling box around the table `testId` need sideways scrolling? */
async function tableScrolls(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((table) => {
    const box = table.parentElement as HTMLElement;
    return box.scrollWidth > box.clientWidth + 1;
  });
}

test("many-column tables stack into cards on a 360 px phone: no sideways scrolling inside their box", async ({
  page,
}) => {
  await open(page, "/monitoring-dashboard");
  expect(await tableScrolls(page, "county-table"), "the By county table scrolls sideways").toBe(false);
  // Each county reads as lines "Farmers 0", "Plots 0"… with the header beside each value.
  await expect(page.getByTestId("county-table").locator('td[data-label="High risk"]').first()).toBeVisible();
  await signIn(page, ACCOUNTS.landInspector);
  await open(page, await somePlotUrl(page));
  expect(await tableScrolls(page, "plot-audit"), "a plot's audit history scrolls sideways").toBe(false);
  await expect(page.getByTestId("plot-audit")).toContainText("Plot registered");
  for (const [path, testId] of [
    ["/land-plots-list", "plots-table"],
    ["/batches", "batches-table"],
  ] as const) {
    await open(page, path);
    if (await page.getByTestId(testId).count())
      expect(await tableScrolls(page, testId), `${path}: the list scrolls sideways`).toBe(false);
  }
});

test("the header's Logout and Profile are big enough to tap (44 px)", async ({ page }) => {
  await signIn(page, ACCOUNTS.landInspector);
  await open(page, "/land-plots-list");
  for (const target of [page.getByRole("button", { name: "Logout" }), page.getByRole("link", { name: "Profile" })]) {
    const box = await target.first().boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  // Every form control and submit button of the filters and the position form too.
  for (const path of ["/land-plots-list", "/unified-land-inspector-dashboard", "/farmers-list"]) {
    await open(page, path);
    const short = await page
      .locator(
        "main select, main button[type=submit], main input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=file])",
      )
      .evaluateAll((els) =>
        els
          .filter((el) => el.getBoundingClientRect().height > 0 && el.getBoundingClientRect().height < 44)
          .map((el) => `${el.getAttribute("name") ?? el.textContent?.trim()}: ${el.getBoundingClientRect().height}px`),
      );
    expect(short, `${path}: controls under 44 px`).toEqual([]);
  }
});
