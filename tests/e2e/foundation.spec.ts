import { expect, test } from "@playwright/test";

test.describe("landing screen", () => {
  test("shows the platform and its eight modules @nojs", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("REPUBLIC OF LIBERIA", { exact: true })).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 1, name: "General Environmental Intelligence Platform" }),
    ).toBeVisible();
    await expect(page.getByRole("img", { name: /Emblem/ })).toBeVisible();
    for (const tile of ["Active Modules", "EUDR compliance", "Satellite network", "Global coverage"]) {
      await expect(page.getByText(tile, { exact: true })).toBeVisible();
    }
    await expect(page.locator("[data-module]")).toHaveCount(8);
    await expect(page.getByText("Active", { exact: true })).toHaveCount(8);
    await expect(page.getByRole("link", { name: "Access Oversight Portal" })).toHaveAttribute(
      "href",
      "/monitoring-login",
    );
    await expect(page.getByRole("link", { name: "Download App" })).toHaveAttribute("href", "/mobile-app-download");
    await expect(page.getByRole("link", { name: "Installation Guide" })).toHaveAttribute("href", "/install-app");
    await expect(page.getByRole("link", { name: "Debug PWA" })).toHaveAttribute("href", "/pwa-test");
  });

  test("a module that is not built yet redirects home from the server @nojs", async ({ page }) => {
    await page.goto("/portals");
    await page.goto("/mine-watch");
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "General Environmental Intelligence Platform" }),
    ).toBeVisible();
  });

  test("clicking the Agricultural card opens the portals screen @nojs", async ({ page }) => {
    await page.goto("/");
    await page.locator('[data-module="agricultural"]').click();
    await expect(page).toHaveURL(/\/portals$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Agricultural Commodity Traceability Portals" }),
    ).toBeVisible();
  });

  test("an oversight session is cleared on landing load", async ({ page }) => {
    await page.goto("/install-app");
    await page.evaluate(() => {
      for (const key of ["authToken", "userType", "userRole", "userId", "username"]) localStorage.setItem(key, "v");
      localStorage.setItem("userType", "monitoring");
    });
    await page.goto("/");
    await expect
      .poll(() =>
        page.evaluate(() =>
          ["authToken", "userType", "userRole", "userId", "username"].map((k) => localStorage.getItem(k)),
        ),
      )
      .toEqual([null, null, null, null, null]);
  });

  test("the startup loader fades and is removed", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("#startup-loader")).toHaveCount(0);
  });

  test("the startup loader never hides content the server already sent", async ({ page }) => {
    // Scripts held back: the page as it is before its code runs, loader showing.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const loader = page.locator("#startup-loader");
    await expect(loader).toBeVisible();
    const box = (await loader.boundingBox())!;
    expect(box.height).toBeLessThan(60);
    // The heading is on top where it is drawn: nothing covers it.
    const onTop = await page.evaluate(() => {
      const h1 = document.querySelector("h1")!;
      const r = h1.getBoundingClientRect();
      return h1.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    });
    expect(onTop).toBe(true);
  });
});

test.describe("portals screen", () => {
  test("reads fully without JavaScript @nojs", async ({ page }) => {
    await page.goto("/portals");
    await expect(page.getByText("Sunny 28°C · Monrovia, Liberia")).toBeVisible();
    for (const name of ["Regulatory", "Farmer & Buyer", "Inspector", "Exporter"]) {
      await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
    }
    for (const stat of ["Counties", "Cash crop types", "EUDR compliant", "Government integrations"]) {
      await expect(page.getByText(stat, { exact: true })).toBeVisible();
    }
    await expect(page.getByText("Hotline")).toBeVisible();
    await expect(page.getByText(/All rights reserved/)).toBeVisible();
    await page.getByRole("link", { name: /Back to Polipus Platform/ }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the clock ticks every second", async ({ page }) => {
    await page.goto("/portals");
    const time = page.getByTestId("live-clock").locator("time");
    await expect(time).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    const first = await time.textContent();
    await expect(time).not.toHaveText(first!, { timeout: 3000 });
  });

  test("the weather chip changes every 5 minutes among the four simulated states", async ({ page }) => {
    await page.clock.install();
    await page.goto("/portals");
    const chip = page.getByTestId("weather-chip");
    await expect(chip).toHaveAttribute("data-condition", "sunny");
    await expect(chip).toHaveAttribute("title", /Simulated/);
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      await page.clock.runFor(300_000);
      seen.add((await chip.getAttribute("data-condition"))!);
    }
    for (const condition of seen) expect(["sunny", "cloudy", "partly-cloudy", "rainy"]).toContain(condition);
    expect(seen.size).toBeGreaterThan(1);
  });
});

test.describe("startup and fallback", () => {
  test("the error screen appears on a failed load and 'Try Again' clears it", async ({ page }) => {
    // From the landing (no data of its own) to the portals page, whose data load fails once.
    await page.goto("/");
    await page.waitForFunction(() => document.getElementById("startup-loader") === null);
    let failures = 1;
    await page.route("**/*.data*", async (route) => {
      if (failures-- > 0) return route.fulfill({ status: 500, body: "boom" });
      return route.continue();
    });
    await page.locator('main a[href="/portals"]').first().click();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.getByText("There was an error loading this page. Please try refreshing.")).toBeVisible();
    await page.getByRole("button", { name: "Try Again" }).click();
    // The portals page's data is fetched again: on a busy machine that can take more than 5 s.
    await expect(
      page.getByRole("heading", { level: 1, name: "Agricultural Commodity Traceability Portals" }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
  });
});

test.describe("installable app", () => {
  test("registers the service worker and serves a manifest with icons", async ({ page }) => {
    await page.goto("/pwa-test");
    await expect(page.locator('[data-check="sw"] td')).toContainText("Registered", { timeout: 10_000 });
    await expect(page.locator('[data-check="manifest"] td')).toContainText("icons");
    await expect(page.locator('[data-check="notifications"] td')).not.toBeEmpty();
    const manifest = await (await page.request.get("/manifest.webmanifest")).json();
    expect(manifest.icons.some((i: { sizes: string }) => i.sizes === "512x512")).toBe(true);
    const icon = await page.request.get("/icons/icon-192.png");
    expect(icon.headers()["content-type"]).toBe("image/png");
  });

  test("install pages show a QR code of the site @nojs", async ({ page }) => {
    for (const path of ["/mobile-app-download", "/install-app"]) {
      await page.goto(path);
      const qr = page.getByRole("img", { name: "QR code with the address of this site" });
      await expect(qr).toBeVisible();
      expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    await expect(page.getByRole("heading", { name: "Android (Chrome)" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "iPhone and iPad (Safari)" })).toBeVisible();
  });
});
