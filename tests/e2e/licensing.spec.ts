import { type Browser, expect, type Page, test } from "@playwright/test";
import { signInAs } from "./a11y-helpers";
import { ACCOUNTS, bearer, cocoaPlots, open, phoneOf, apiPost as post, stockBatch } from "./helpers";

/**
 * On a 360 px phone, every step on the web screens by the role that takes it:
 * a licence from application through office review, DDGOTS recommendation, DG approval and issue
 * (with a step out of order and one by the wrong role refused with the service's message), and an
 * export permit through to an export refused without it and accepted with it. A no-JS variant has
 * the DG approve a recommended licence on /dg-dashboard with JavaScript off.
 */
test.use({ viewport: { width: 360, height: 780 } });

type Role = Parameters<typeof signInAs>[1];

/** A fresh browser context signed in as the first demo account of `role` (its session cookie). */
async function staff(browser: Browser, role: Role): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page.request, role);
  return page;
}

/**
 * A hand-made POST from the page, as a stale tab or an edited form would send it: the page's own
 * CSRF token and the given fields, submitted by clicking (so the browser navigates to the answer).
 */
async function postFromPage(page: Page, fields: Record<string, string>) {
  await page.evaluate((f) => {
    const csrf = document.querySelector<HTMLInputElement>('input[name="csrf"]')?.value ?? "";
    const form = document.createElement("form");
    form.method = "post";
    form.id = "crafted";
    for (const [name, value] of Object.entries({ csrf, ...f })) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.appendChild(input);
    }
    const button = document.createElement("button");
    button.type = "submit";
    button.textContent = "Send crafted form";
    form.appendChild(button);
    document.body.appendChild(form);
  }, fields);
  await page.locator("#crafted button").click();
  await page.waitForLoadState();
}

const stamp = () => String(Date.now()).slice(-6);

test("a licence from application to issue, each step on its role's screen", async ({ browser }) => {
  test.setTimeout(120_000);
  const company = `E2E Licence Exports ${stamp()}`;
  const today = new Date().toISOString().slice(0, 10).replaceAll("-", "");
  const loginId = `EXP-${today}-${String(Date.now()).slice(-3)}`;

  // 0. The system administrator creates the applicant's account on /agritrace-admin-portal/users.
  const admin = await staff(browser, "system_administrator");
  await open(admin, "/agritrace-admin-portal/users");
  const create = admin.locator("form", { has: admin.getByRole("button", { name: "Create the account" }) });
  await create.getByLabel("Role").selectOption("exporter");
  await create.getByLabel("Login ID").fill(loginId);
  await create.getByLabel("First name").fill("Fatu");
  await create.getByLabel("Last name").fill("Kamara");
  await create.getByLabel("County").selectOption("Margibi County");
  await create.getByLabel("Company").fill(company);
  await create.getByRole("button", { name: "Create the account" }).click();
  await expect(admin.getByTestId("created")).toContainText(loginId);
  const temporaryPassword = (await admin.getByTestId("temporary-password").textContent())?.trim() ?? "";
  expect(temporaryPassword.length).toBeGreaterThanOrEqual(8);

  // 1. The office opens the application for the account on /exporter-management and submits it.
  const office = await staff(browser, "office_admin");
  const managed = `/exporter-management?q=${encodeURIComponent(loginId)}`;
  await open(office, managed);
  const row = () => office.getByTestId("account-row").filter({ hasText: loginId });
  await expect(row().getByTestId("licence")).toHaveText("Licence: none");
  await row().getByRole("button", { name: "Open a licence application" }).click();
  await expect(office.getByRole("status")).toHaveText("The licence application is created as a draft.");
  await expect(row().getByTestId("licence")).toContainText("Draft application");
  const submit = row().locator("form", { has: office.getByRole("button", { name: "Submit licence" }) });
  const licenceId = (await submit.locator('input[name="target"]').getAttribute("value")) ?? "";
  expect(licenceId).not.toBe("");
  await submit.getByRole("button", { name: "Submit licence" }).click();
  await expect(row().getByTestId("licence")).toContainText("Submitted");

  // 2. Out of order: the DG approving a licence not yet reviewed nor recommended is refused (409).
  const dg = await staff(browser, "dg");
  await open(dg, managed);
  await expect(dg.getByTestId("account-row").filter({ hasText: loginId }).getByRole("button")).toHaveCount(0);
  await postFromPage(dg, { intent: "approve", target: licenceId });
  await expect(dg.getByTestId("error-summary")).toContainText(
    "This licence is submitted: it must be reviewed by the office and recommended by DDGOTS first",
  );
  // By the wrong role: DDGOTS reviewing it is refused (403), naming who reviews.
  const ddgots = await staff(browser, "ddgots");
  await open(ddgots, managed);
  await postFromPage(ddgots, { intent: "review", target: licenceId });
  await expect(ddgots.getByTestId("error-summary")).toContainText("Only the Office Administrator can review a licence");
  await open(office, managed);
  await expect(row().getByTestId("licence")).toContainText("Submitted");

  // 3. The office reviews it in its portal's licence queue.
  await open(office, "/office-administration-portal");
  const queue = office.getByTestId("licence-queue");
  await queue.locator("li", { hasText: company }).getByRole("button", { name: "Mark reviewed" }).click();
  await expect(office.getByTestId("licence-queue").getByRole("status")).toHaveText(`${company}: reviewed`);

  // 4. DDGOTS recommends it on /ddgots-dashboard.
  await open(ddgots, "/ddgots-dashboard");
  await ddgots
    .getByTestId("recommend-licence")
    .filter({ hasText: company })
    .getByRole("button", { name: "Recommend to the DG" })
    .click();
  await expect(ddgots.getByTestId("flash-done")).toHaveText(`Licence application of ${company} is now recommended.`);

  // 5. The DG approves it from the approval queue on /dg-dashboard.
  await open(dg, "/dg-dashboard");
  const queued = dg.getByTestId("queue-licence").filter({ hasText: company });
  await expect(queued).toContainText(`Exporter licence: ${company}`);
  await queued.getByRole("button", { name: "Approve licence" }).click();
  await expect(dg.getByTestId("flash-done")).toHaveText(`Licence application of ${company} is now approved.`);
  await expect(dg.getByTestId("queue-licence").filter({ hasText: company })).toHaveCount(0);

  // 6. The office issues it: the number is given.
  await open(office, "/office-administration-portal");
  await office
    .getByTestId("licence-queue")
    .locator("li", { hasText: company })
    .getByRole("button", { name: "Issue licence" })
    .click();
  const issued = office.getByTestId("licence-queue").getByRole("status");
  await expect(issued).toContainText(`${company}: issued LR-LIC-EXP-`);
  const number = /LR-LIC-EXP-\d{4}-\d{6}/.exec((await issued.textContent()) ?? "")?.[0] ?? "";
  expect(number).not.toBe("");
  await open(office, managed);
  await expect(row().getByTestId("licence")).toContainText(
    new RegExp(`Issued · ${number} · valid until \\d{4}-\\d{2}-\\d{2}`),
  );

  // 7. The applicant signs in for the first time and sees the number and validity on the dashboard.
  const applicant = await (await browser.newContext()).newPage();
  await open(applicant, "/exporter-login");
  const login = applicant.locator('[data-form="exporter"]');
  await login.getByLabel("Exporter ID", { exact: true }).fill(loginId);
  await login.getByLabel("Password", { exact: true }).fill(temporaryPassword);
  await login.getByRole("button", { name: "Login", exact: true }).click();
  await expect(applicant).toHaveURL(/\/change-password$/);
  await applicant.waitForFunction(() => document.getElementById("startup-loader") === null);
  await applicant.getByLabel("Current password").fill(temporaryPassword);
  await applicant.getByLabel("New password (at least 6 characters)").fill("Kakata-Cocoa-2026");
  await applicant.getByLabel("Repeat the new password").fill("Kakata-Cocoa-2026");
  await applicant.getByRole("button", { name: "Change password" }).click();
  await expect(applicant).toHaveURL(/\/exporter-dashboard/);
  const mine = applicant.getByTestId("licence");
  await expect(mine).toContainText(number);
  await expect(mine).toContainText(/issued, valid (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2}) \(in force\)/);
  const [, from, until] = /valid (\S+) to (\S+) /.exec((await mine.textContent()) ?? "") ?? [];
  expect(from).toBe(new Date().toISOString().slice(0, 10));
  expect(Number(until?.slice(0, 4))).toBe(Number(from?.slice(0, 4)) + 1);
  expect(await applicant.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("an export is refused without a valid permit and accepted once DDGOTS and the DG approve it", async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Set-up through /api as in export-order.spec.ts: a compliant cocoa batch in a shipment.
  const api = await playwright.request.newContext({ baseURL });
  const admin = await signInAs(api, "system_administrator");
  expect((await api.post("/api/demo/seed", { headers: bearer(admin), timeout: 120_000 })).status()).toBe(200);
  const buyer = await signInAs(api, "buyer");
  const warehouse = await signInAs(api, "warehouse_inspector");
  const port = await signInAs(api, "port_inspector");
  const dgToken = await signInAs(api, "dg");
  const exporterToken = await signInAs(api, "exporter");
  const { low } = await cocoaPlots(api, dgToken);
  const plot = low[low.length - 1]!;
  const kg = 30;
  const batchCode = await stockBatch(api, { buyer, warehouse, port }, plot, kg, true);
  const order = await post(api, exporterToken, "/api/orders", {
    buyerName: "E2E Permit Cocoa BV",
    buyerCountry: "NL",
    commodity: "Cocoa",
    quantity: String(kg),
    unit: "kg",
    price: "3400.00",
    currency: "USD",
    incoterm: "FOB",
    deliveryFrom: "2026-12-01",
    deliveryTo: "2027-01-31",
  });
  const orderCode = (order.order as { code: string }).code;
  await post(api, exporterToken, `/api/orders/${orderCode}/allocations`, { batchCode });
  const composed = await post(api, exporterToken, "/api/shipments", { orderCode, batchCodes: [batchCode] });
  const shipmentCode = (composed.shipment as { code: string }).code;
  await api.dispose();

  // 1. The exporter requests the permit on /exporter/shipments.
  const exporter = await phoneOf(browser, ACCOUNTS.exporter);
  await open(exporter, "/exporter/shipments");
  const card = () => exporter.getByTestId(`shipment-${shipmentCode}`);
  await expect(card()).toContainText("Export permit: not requested");
  await card().getByRole("button", { name: "Request export permit" }).click();
  await expect(card()).toContainText("Export permit: no number yet (requested)");
  await expect(card().getByRole("button", { name: "Export shipment" })).toHaveCount(0);

  // 2. Exporting now (a stale or edited form) is refused, and the refusal names the permit.
  await postFromPage(exporter, { intent: "export", shipmentCode, location: "Freeport of Monrovia" });
  const refusal = exporter.getByRole("alert").filter({ hasText: `Shipment ${shipmentCode} cannot be exported yet` });
  await expect(refusal).toContainText(batchCode);
  await expect(refusal).toContainText("its export permit is requested but not yet recommended by DDGOTS");
  await expect(card().getByTestId("stage")).not.toContainText(/exported/i);

  // 3. DDGOTS recommends the permit on /ddgots-dashboard; the DG approves it on /dg-dashboard.
  const ddgots = await staff(browser, "ddgots");
  await open(ddgots, "/ddgots-dashboard");
  await ddgots
    .getByTestId("recommend-permit")
    .filter({ hasText: shipmentCode })
    .getByRole("button", { name: "Recommend to the DG" })
    .click();
  await expect(ddgots.getByTestId("flash-done")).toHaveText(
    `The export permit of shipment ${shipmentCode} is now recommended.`,
  );
  const dg = await staff(browser, "dg");
  await open(dg, "/dg-dashboard");
  // The demo seed leaves a buyer's licence recommended, so the DG's queue is never empty in the demo.
  await expect(
    dg.getByTestId("queue-licence").filter({ hasText: "Buyer licence: Nimba Cocoa Buyers (demo)" }),
  ).toHaveCount(1);
  await dg
    .getByTestId("queue-permit")
    .filter({ hasText: shipmentCode })
    .getByRole("button", { name: "Approve and issue permit" })
    .click();
  const approved = dg.getByTestId("flash-done");
  await expect(approved).toContainText(`The export permit of shipment ${shipmentCode} is now issued (LR-`);
  const permitNumber = /\((LR-[A-Z0-9-]+)\)/.exec((await approved.textContent()) ?? "")?.[1] ?? "";
  expect(permitNumber).not.toBe("");

  // 4. The exporter now exports the shipment.
  await open(exporter, "/exporter/shipments");
  await expect(card()).toContainText(`Export permit: ${permitNumber} (issued)`);
  await card().getByRole("button", { name: "Export shipment" }).click();
  await expect(card()).toContainText("Exported");
  await expect(card().getByTestId("stage")).toContainText(/export/i);
  expect(await exporter.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("the DG approves a recommended licence with JavaScript off @nojs", async ({
  browser,
  playwright,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(60_000);
  // A buyer's application recommended by DDGOTS, made through /api by the roles who act.
  const api = await playwright.request.newContext({ baseURL });
  const [office, ddgots] = await Promise.all([signInAs(api, "office_admin"), signInAs(api, "ddgots")]);
  const company = `E2E NoJS Buyers ${stamp()}`;
  const made = await post(api, office, "/api/users", {
    role: "buyer",
    loginId: `e2e.buyer.${stamp()}`,
    firstName: "Yassah",
    lastName: "Kpadeh",
    companyName: company,
  });
  const licence = await post(api, office, "/api/licences", {
    type: "buyer",
    companyName: company,
    applicantId: made.userId,
  });
  const id = (licence.licence as { id: string }).id;
  await post(api, office, `/api/licences/${id}/submit`, {});
  await post(api, office, `/api/licences/${id}/review`, {});
  await post(api, ddgots, `/api/licences/${id}/recommend`, {});
  await api.dispose();

  // The DG, JavaScript off in the no-js project, approves it from the approval queue.
  const page = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await signInAs(page.request, "dg");
  await open(page, "/dg-dashboard", javaScriptEnabled);
  const item = page.getByTestId("queue-licence").filter({ hasText: company });
  await expect(item).toContainText(`Buyer licence: ${company}`);
  await item.getByRole("button", { name: "Approve licence" }).click();
  await expect(page).toHaveURL(/\/dg-dashboard\?done=.*#queue$/);
  await expect(page.getByTestId("flash-done")).toHaveText(`Licence application of ${company} is now approved.`);
  await expect(page.getByTestId("queue-licence").filter({ hasText: company })).toHaveCount(0);
});
