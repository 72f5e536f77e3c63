import { expect, type Page, test } from "@playwright/test";

const KEYS = ["authToken", "userType", "userRole", "userId", "username"];
const storage = (page: Page, keys: string[] = KEYS) =>
  page.evaluate((ks) => Object.fromEntries(ks.map((k) => [k, localStorage.getItem(k)])), keys);

/** Toasts, read where a sighted user sees them (radix also mirrors them into a live region). */
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

async function ready(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => document.getElementById("startup-loader") === null);
}

test.describe("sign-in with JavaScript", () => {
  test("DG: exact body, 'Authenticating...', toast, session keys and dashboard", async ({ page }) => {
    await ready(page, "/dg-login");
    await page.route("**/api/auth/dg-login", async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const section = page.locator('[data-form="dg"]');
    await section.getByLabel("Username").fill("dg.lacra");
    await section.getByLabel("Password").fill("Director#2026");
    const request = page.waitForRequest("**/api/auth/dg-login");
    await section.getByRole("button", { name: "Sign In" }).click();
    expect((await request).postDataJSON()).toEqual({
      username: "dg.lacra",
      password: "Director#2026",
      departmentLevel: "dg",
    });
    await expect(section.getByRole("button", { name: "Authenticating..." })).toBeDisabled();
    await expect(toasts(page).getByText("Login Successful")).toBeVisible();
    await expect(toasts(page).getByText("Welcome back, Director General!")).toBeVisible();
    await expect(page).toHaveURL(/\/dg-dashboard$/);
    await expect(page.getByRole("heading", { name: "Welcome, Director General" })).toBeVisible();
    const keys = await storage(page, [...KEYS, "dgToken"]);
    expect(keys).toMatchObject({ userType: "regulatory", userRole: "dg", userId: "demo-dg", username: "dg.lacra" });
    expect(keys.authToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(keys.dgToken).toBe(keys.authToken);
  });

  test("buyer login first clears the executive tokens and sends the spec's body", async ({ page }) => {
    await ready(page, "/farmer-login");
    await page.evaluate(() => {
      for (const k of ["dgToken", "ddgotsToken", "ddgafToken"]) localStorage.setItem(k, "old");
    });
    const buyer = page.locator('[data-form="buyer"]');
    await buyer.getByLabel("Buyer ID").fill("BUY-0001");
    await buyer.getByLabel("Password").fill("Buyer#2026");
    const request = page.waitForRequest("**/api/auth/buyer-login");
    await buyer.getByRole("button", { name: "Login as Buyer" }).click();
    expect((await request).postDataJSON()).toEqual({
      buyerId: "BUY-0001",
      password: "Buyer#2026",
      companyName: "",
      phoneNumber: "",
      userType: "buyer",
    });
    await expect(page).toHaveURL(/\/agricultural-buyer-dashboard$/);
    expect(await storage(page, ["dgToken", "ddgotsToken", "ddgafToken", "userType"])).toEqual({
      dgToken: null,
      ddgotsToken: null,
      ddgafToken: null,
      userType: "buyer",
    });
  });

  test("a wrong password shows the red alert and a 'Login Failed' toast with the server's message", async ({
    page,
  }) => {
    await ready(page, "/farmer-login");
    const farmer = page.locator('[data-form="farmer"]');
    await farmer.getByLabel("Farmer ID").fill("FRM000001");
    await farmer.getByLabel("Password").fill("not-my-password");
    await farmer.getByRole("button", { name: "Login as Farmer" }).click();
    await expect(farmer.getByRole("alert")).toContainText("Invalid credentials");
    await expect(toasts(page).getByText("Login Failed")).toBeVisible();
    await expect(farmer.getByLabel("Farmer ID")).toHaveValue("FRM000001");
  });

  test("validation on submit with the spec's messages, focus on the error summary", async ({ page }) => {
    await ready(page, "/farmer-login");
    const farmer = page.locator('[data-form="farmer"]');
    await farmer.getByLabel("Password").fill("123");
    await farmer.getByRole("button", { name: "Login as Farmer" }).click();
    const summary = farmer.getByTestId("error-summary");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("Farmer ID is required");
    await expect(summary).toContainText("Password must be at least 6 characters");
    await expect(page).toHaveTitle(/^Error: /);
  });

  test("connection failure: 'Connection failed. Please try again.' in a 'Login Error' toast", async ({ page }) => {
    await ready(page, "/farmer-login");
    await page.route("**/api/farmers/login", (route) => route.abort("internetdisconnected"));
    const farmer = page.locator('[data-form="farmer"]');
    await farmer.getByLabel("Farmer ID").fill("FRM000001");
    await farmer.getByLabel("Password").fill("Farmer#2026");
    await farmer.getByRole("button", { name: "Login as Farmer" }).click();
    await expect(toasts(page).getByText("Login Error")).toBeVisible();
    await expect(farmer.getByRole("alert")).toContainText("Connection failed. Please try again.");
  });

  test("inspector hub: each card's button stays disabled until both fields are filled", async ({ page }) => {
    await ready(page, "/inspector-login");
    const port = page.locator('[data-form="port-inspector"]');
    const button = port.getByRole("button", { name: "Login as Port Inspector" });
    await expect(button).toBeDisabled();
    await port.getByLabel("Username").fill("port.inspector");
    await expect(button).toBeDisabled();
    await port.getByLabel("Password").fill("Inspect#2026");
    await expect(button).toBeEnabled();
    const request = page.waitForRequest("**/api/auth/port-inspector-login");
    await button.click();
    expect((await request).postDataJSON()).toEqual({ username: "port.inspector", password: "Inspect#2026" });
    await expect(page).toHaveURL(/\/port-inspector-dashboard$/);
  });

  test("farmer portal: a missing field is 'Missing Information' and nothing is sent", async ({ page }) => {
    await ready(page, "/farmer-login-portal");
    let sent = false;
    await page.route("**/api/farmers/login", (route) => {
      sent = true;
      return route.continue();
    });
    await page.getByLabel("Farmer ID or phone number").fill("FRM000001");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(toasts(page).getByText("Missing Information")).toBeVisible();
    await expect(page.getByTestId("error-summary")).toContainText("Please enter both login ID and password");
    expect(sent).toBe(false);
  });

  test("a first-time farmer must change the password, then reaches the dashboard", async ({ page }) => {
    await ready(page, "/farmer-login-portal");
    await page.getByLabel("Farmer ID or phone number").fill("FRM000002");
    await page.getByLabel("Password").fill("Welcome#2026");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/change-password$/);
    await expect(page.getByTestId("first-login")).toBeVisible();
    await page.getByLabel("Current password").fill("Welcome#2026");
    await page.getByLabel("New password (at least 6 characters)").fill("password");
    await page.getByLabel("Repeat the new password").fill("password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByTestId("error-summary")).toContainText("This password is too common");
    await page.getByLabel("Current password").fill("Welcome#2026");
    await page.getByLabel("New password (at least 6 characters)").fill("Voinjama-Coffee-24");
    await page.getByLabel("Repeat the new password").fill("Voinjama-Coffee-24");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL(/\/farmer-dashboard\?passwordChanged=1$/);
    await expect(page.getByRole("heading", { name: "Welcome, Tokpa Flomo" })).toBeVisible();
  });

  test("exporter: a buyer's credentials are refused with the spec's message", async ({ page }) => {
    await ready(page, "/exporter-login");
    await page.getByLabel("Exporter ID").fill("BUY-0001");
    await page.getByLabel("Password").fill("Buyer#2026");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert").first()).toContainText("Access denied. Exporter credentials required.");
  });

  test("agritrace admin reaches its portal after the 100 ms delay; the office demo button signs in", async ({
    page,
  }) => {
    await ready(page, "/agritrace-admin-login");
    await page.getByLabel("Username").fill("agritrace.admin");
    await page.getByLabel("Password").fill("Admin#2026");
    await page.getByLabel("System Access Code").fill("AGRI-2026-DEMO");
    await page.getByRole("button", { name: "Access System" }).click();
    await expect(page).toHaveURL(/\/agritrace-admin-portal$/);
    expect(await storage(page, ["userType", "userRole"])).toEqual({
      userType: "agritrace_admin",
      userRole: "system_administrator",
    });

    await ready(page, "/regulatory-classic-login");
    await page.evaluate(() => localStorage.setItem("userType", "stale"));
    const request = page.waitForRequest("**/api/auth/regulatory-login");
    await page.getByRole("button", { name: "Demo Login" }).click();
    expect(Object.keys((await request).postDataJSON()).sort()).toEqual([
      "department",
      "password",
      "role",
      "userType",
      "username",
    ]);
    await expect(page).toHaveURL(/\/office-administration-portal$/);
    expect((await storage(page)).userType).toBe("regulatory");
  });

  test("logout ends the session everywhere and clears the keys", async ({ page }) => {
    await ready(page, "/ddgaf-login");
    await page.getByLabel("Username").fill("ddgaf.lacra");
    await page.getByLabel("Password").fill("Deputy#2026");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/ddgaf-dashboard$/);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await storage(page, [...KEYS, "ddgafToken"])).toEqual(
      Object.fromEntries([...KEYS, "ddgafToken"].map((k) => [k, null])),
    );
    await page.goto("/ddgaf-dashboard");
    await expect(page).toHaveURL(/\/ddgaf-login\?redirectTo=%2Fddgaf-dashboard$/);
  });

  test("a signed-in farmer opening the DG dashboard gets a clear 403 page", async ({ page }) => {
    await ready(page, "/farmer-login-portal");
    await page.getByLabel("Farmer ID or phone number").fill("FRM000001");
    await page.getByLabel("Password").fill("Farmer#2026");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/farmer-dashboard$/);
    const res = await page.goto("/dg-dashboard");
    expect(res!.status()).toBe(403);
    await expect(page.getByText("403 — Access denied")).toBeVisible();
  });

  test("offline: only an account that signed in here before gets 'Offline authentication successful'", async ({
    page,
    context,
  }) => {
    await ready(page, "/ddgots-login");
    await page.getByLabel("Username").fill("ddgots.lacra");
    await page.getByLabel("Password").fill("Deputy#2026");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/ddgots-dashboard$/);
    await ready(page, "/ddgots-login");
    await context.setOffline(true);
    await page.getByLabel("Username").fill("ddgots.lacra");
    await page.getByLabel("Password").fill("Deputy#2026");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(toasts(page).getByText("Offline authentication successful")).toBeVisible();
    await page.getByLabel("Username").fill("dg.lacra");
    await page.getByLabel("Password").fill("Director#2026");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert").first()).toContainText("has not signed in on this device before");
    await context.setOffline(false);
  });
});

test.describe("sign-in without JavaScript", () => {
  test("DG signs in, sees the dashboard and logs out @nojs", async ({ page }) => {
    await page.goto("/dg-login");
    await page.getByLabel("Username").fill("dg.lacra");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid credentials");
    await expect(page.getByLabel("Username")).toHaveValue("dg.lacra");
    await page.getByLabel("Password").fill("Director#2026");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dg-dashboard$/);
    await expect(page.getByRole("heading", { name: "Welcome, Director General" })).toBeVisible();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dg-dashboard");
    await expect(page).toHaveURL(/\/dg-login/);
  });

  test("the accessibility card opens the public monitoring view @nojs", async ({ page }) => {
    await page.goto("/monitoring-login");
    await page.getByRole("link", { name: "Open public view" }).click();
    await expect(page).toHaveURL(/\/monitoring-dashboard$/);
    await expect(
      page.getByText("Public accessibility view — national aggregate figures only, no personal data."),
    ).toBeVisible();
  });
});
