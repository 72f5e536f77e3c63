import { expect, test } from "@playwright/test";
import { seedDemo } from "./a11y-helpers";
import {
  ACCOUNTS,
  fits360,
  go,
  letters,
  pdfText,
  phoneOf,
  readQr,
  recordPurchase,
  rectangleLines,
  registeredFarmer,
  registerFarmer,
  signIn,
  summaryValue,
} from "./helpers";

/**
 * A whole field day on 360 px phones, every person in a browser context of
 * their own, through the real pages: the field agent onboards a farmer; the land inspector maps,
 * visits and re-draws her plot; the buyer scans her card and buys; the warehouse inspector
 * receives, measures and grades (the quality certificate prints the grade and the measurements);
 * the port inspector signs off; the farmer sees the sale and the certificates. Written to survive
 * a rerun on the same state: names, IDs, phone and plot position are unique to the run.
 */

const RUN = Date.now() + Math.floor(Math.random() * 1_000_000);

/**
 * A ~2 ha square in the sample "cocoa present in 2020" area of Nimba (low risk), in the strip
 * lat 7.1045..7.1118 that the other journeys (traceability.spec.ts: lat ≥ 7.115) and the demo plots
 * leave free, on a 0.002° cell picked by the run. `east` narrows it for the edited boundary.
 */
function square(dLon = 0.0013) {
  const columns = 80;
  const cell = RUN % (columns * 4);
  const south = 7.1045 + Math.floor(cell / columns) * 0.002;
  const west = -8.68 + (cell % columns) * 0.002;
  return rectangleLines(south, west, 0.0013, dLon);
}

// The demo data (idempotent): the demo buyer's licence, so the spec also passes run on its own.
test.beforeAll(async ({ request }) => {
  await seedDemo(request);
});

test.describe("a field day", () => {
  test("onboard → map, visit, re-draw → scan the card and buy → grade and certificate → port sign-off → the farmer sees it", async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const farmer = {
      firstName: "Yei",
      lastName: `Gbelee${letters(RUN, 8)}`,
      nationalId: `LR${RUN}`,
      // A unique Liberian mobile number: 077 + 7 digits from the run.
      phone: `077${String(RUN % 10_000_000).padStart(7, "0")}`,
    };
    const fullName = `${farmer.firstName} ${farmer.lastName}`;
    const newPassword = `Harvest#${RUN % 100_000}`;
    let farmerId = "";
    let temporaryPassword = "";
    let plotUrl = "";
    let plotCode = "";
    let batchCode = "";

    await test.step("1. the field agent onboards the farmer", async () => {
      const page = await phoneOf(browser, ACCOUNTS.fieldAgent);
      await fits360(page);
      await go(page, "/onboard-farmer");
      await registerFarmer(page, {
        ...farmer,
        dateOfBirth: "1986-02-14",
        district: "Sanniquellie-Mah",
        community: "Zortapa",
      });
      ({ farmerId, temporaryPassword } = await registeredFarmer(page, `${fullName}, Nimba County`));
      await fits360(page);
      await page.context().close();
    });

    await test.step("2. the land inspector maps the plot by typing its corners", async () => {
      const page = await phoneOf(browser, ACCOUNTS.landInspector);
      await go(page, `/create-land-plot?farmerId=${farmerId}`);
      await expect(page.getByLabel("Farmer ID")).toHaveValue(farmerId);
      await page.getByLabel("Crop").selectOption("Cocoa");
      await page.getByLabel("Planting year").fill("2011");
      await page
        .getByLabel("Tenure or land document reference")
        .fill("Customary land, Zortapa town chief letter 2018/07");
      await expect(page.getByRole("radio", { name: /^Polygon/ })).toBeChecked();
      await page.getByLabel("Coordinates", { exact: true }).fill(square());
      await page.getByRole("button", { name: "Save plot" }).click();
      await expect(page).toHaveURL(/\/land-plot-details\/[^/?]+\?created=/);
      await expect(page.getByTestId("plot-saved")).toHaveText(
        "The plot is registered: it passed every EUDR geolocation check.",
      );
      await fits360(page);
      plotCode = ((await page.getByRole("heading", { level: 1 }).innerText()).match(/PLT-\d{6}-\d{2}/) ?? [""])[0];
      expect(plotCode).toMatch(new RegExp(`^PLT-${farmerId.slice(3)}-\\d{2}$`));
      await expect(page.getByTestId("plot-version")).toHaveText("1");
      plotUrl = new URL(page.url()).pathname;
      await page.context().close();
    });

    await test.step("   an administrator assesses it against the sample layers: low risk", async () => {
      const page = await phoneOf(browser, ACCOUNTS.officeAdmin);
      await go(page, "/eudr-assessment");
      await page.getByRole("button", { name: "Load the sample layers for Liberia" }).click();
      await expect(page.getByTestId("notice")).toContainText(/Sample layers loaded: \d+ new layer\(s\)/);
      const assess = page.locator("form").filter({ has: page.getByRole("button", { name: "Assess now" }) });
      await assess.getByLabel("What to assess").selectOption("plot");
      await assess.getByLabel("Plot code, farmer ID or batch code").fill(plotCode);
      await assess.getByRole("button", { name: "Assess now" }).click();
      const row = page
        .getByTestId("assess-results")
        .locator("li")
        .filter({ has: page.getByRole("link", { name: plotCode }) })
        .first();
      await expect(row).toContainText("Low");
      await fits360(page);
      await page.context().close();
    });

    await test.step("   the land inspector visits the plot, then re-draws its boundary (version 2, re-assessed)", async () => {
      const page = await phoneOf(browser, ACCOUNTS.landInspector);
      await go(page, plotUrl);
      await page.getByRole("link", { name: "Record a field visit" }).click();
      await expect(page).toHaveURL(new RegExp(`${plotUrl}/visit$`));
      await fits360(page);
      const [lat, lon] = square().split("\n")[0]!.split(", ");
      await page.getByLabel("Latitude").fill(lat!);
      await page.getByLabel("Longitude").fill(lon!);
      await page
        .getByLabel("Findings")
        .fill("Walked the boundary with the farmer; the east pegs sit 20 m inside the drawn line.");
      await page.getByRole("radio", { name: /Confirmed/ }).check();
      await page.getByRole("button", { name: "Record the visit" }).click();
      await expect(page).toHaveURL(new RegExp(`${plotUrl}\\?visited=`));
      await expect(page.getByTestId("plot-visits")).toContainText("the east pegs sit 20 m inside");
      await fits360(page);

      await page.getByRole("link", { name: "Edit boundary or retire" }).click();
      await expect(page).toHaveURL(new RegExp(`${plotUrl}/edit$`));
      await fits360(page);
      await page.getByLabel("New boundary").fill(square(0.0011));
      await page.getByLabel("Why the boundary changes (optional)").fill("East pegs found at the visit");
      await page.getByRole("button", { name: "Save the new boundary" }).click();
      await expect(page).toHaveURL(new RegExp(`${plotUrl}\\?edited=2`));
      await expect(page.getByTestId("plot-version")).toHaveText("2");
      // The old verdict keeps the outline it judged (version 1) beside the new one (version 2).
      await expect(page.getByTestId("assessment-outline").and(page.locator('[data-version="1"]'))).toBeVisible();
      const history = page.getByRole("region", { name: "Risk assessment history" }).getByRole("listitem");
      await expect(history.filter({ hasText: /^Low · .* · boundary version 2/ }).first()).toBeVisible();
      await expect(history.filter({ hasText: /^Low · .* · boundary version 1/ }).first()).toContainText(
        "The outline this verdict judged (version 1)",
      );
      await expect(page.getByTestId("plot-versions")).toContainText("Version 1");
      await fits360(page);
      await page.context().close();
    });

    let cardText = "";
    await test.step("   the farmer signs in for the first time and shows her card", async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await go(page, "/farmer-login-portal");
      const form = page.locator('[data-form="farmer-portal"]');
      await form.getByLabel("Farmer ID or phone number", { exact: true }).fill(farmerId);
      await form.getByLabel("Password", { exact: true }).fill(temporaryPassword);
      await form.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page).toHaveURL(/\/change-password$/);
      await page.waitForFunction(() => document.getElementById("startup-loader") === null);
      await fits360(page);
      await page.getByLabel("Current password").fill(temporaryPassword);
      await page.getByLabel("New password (at least 6 characters)").fill(newPassword);
      await page.getByLabel("Repeat the new password").fill(newPassword);
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page).toHaveURL(/\/farmer-dashboard/);
      await go(page, "/farmer-dashboard");
      await expect(page.getByTestId("farmer-name")).toHaveText(fullName);
      cardText = (await readQr(page, '[data-testid="farmer-qr"]')) ?? "";
      expect(cardText).toBe(`LR-FARMER:${farmerId}`);
      await context.close();
    });

    await test.step("3. the buyer scans her card and records the purchase with price and payment", async () => {
      const page = await phoneOf(browser, ACCOUNTS.buyer);
      await go(page, "/agricultural-buyer-dashboard");
      // What the card scanner hands to the lookup form (components/card-scanner.tsx → onCard): the decoded text.
      await page.getByLabel("Farmer ID, phone number or card").fill(cardText);
      await page.getByRole("button", { name: "Find farmer" }).click();
      const plots = page.getByTestId("farmer-plots");
      await expect(plots).toContainText(`Farmer ${farmerId} (${farmer.firstName[0]}. ${farmer.lastName[0]}.)`);
      await expect(page.getByTestId(`plot-${plotCode}`)).toContainText("Eligible");
      await fits360(page);
      const form = page.getByTestId("purchase-form");
      const plot = form.getByRole("checkbox", { name: new RegExp(plotCode) });
      if (!(await plot.isChecked())) await plot.check();
      await recordPurchase(form, { weightKg: "320", pricePerKg: "2.40", place: "Zortapa cocoa shed", grade: "B" });
      await expect(page).toHaveURL(/\/agricultural-buyer-dashboard\?recorded=LR-COC-\d{4}-\d{6}/);
      batchCode = new URL(page.url()).searchParams.get("recorded")!;
      await expect(page.getByTestId("recorded")).toContainText("Purchase recorded");
      await expect(page.getByTestId("my-purchases")).toContainText("US$ 2.40/kg · total US$ 768.00");
      await fits360(page);

      await test.step("4. and sends it to the warehouse", async () => {
        await go(page, `/batches/${batchCode}`);
        const dispatch = page.getByTestId("dispatch-form");
        await dispatch
          .getByLabel("Warehouse", { exact: true })
          .selectOption({ label: "Samuel Tubman (Margibi County)" });
        await dispatch.getByLabel("Warehouse name or town (optional)").fill("Ganta central warehouse");
        await dispatch.getByRole("button", { name: "Send batch" }).click();
        await expect(page.getByTestId("recorded")).toContainText("The batch is sent to the warehouse");
        await expect(page.getByTestId("inspection")).toContainText("Sent to the warehouse Ganta central warehouse");
        await fits360(page);
      });
      await page.context().close();
    });

    await test.step("   the warehouse inspector receives, measures and grades it", async () => {
      const page = await phoneOf(browser, ACCOUNTS.warehouseInspector);
      await go(page, "/warehouse-inspector-dashboard");
      const item = page.getByTestId(`queue-${batchCode}`);
      await expect(item).toContainText("320 kg");
      await item.getByLabel("Weight received (kg)").fill("318");
      await item.getByRole("button", { name: "Receive batch" }).click();
      await expect(page.getByText(`Batch ${batchCode} received at the warehouse.`)).toBeVisible();
      await fits360(page);
      await page.getByTestId(`queue-${batchCode}`).getByRole("link", { name: "Inspect and grade" }).click();
      await expect(page).toHaveURL(new RegExp(`/warehouse-inspector-dashboard/inspect/${batchCode}$`));
      await page.waitForFunction(() => document.getElementById("startup-loader") === null);
      await fits360(page);
      await page.getByLabel("Moisture").fill("7.2");
      await page.getByLabel("Bean count per 100 g").fill("104");
      await page.getByLabel("Mouldy beans (cut test of 300)").fill("1.5");
      await page.getByLabel("Slaty beans (cut test)").fill("2.5");
      await page.getByLabel("Insect-damaged, germinated or flat beans").fill("1.8");
      await page.getByLabel("Foreign matter").fill("0");
      await page.getByRole("group", { name: "Smoky beans found?" }).getByRole("radio", { name: "No" }).check();
      await page.getByRole("button", { name: "Record inspection" }).click();
      await expect(page).toHaveURL(new RegExp(`/batches/${batchCode}\\?recorded=warehouse_inspected`));
      await expect(page.getByTestId("recorded")).toHaveText("Warehouse inspection recorded.");
      // Bean count 104 (B) and slaty 2.5 % (B) are the worst criteria: grade B.
      await expect(page.getByTestId("inspection")).toContainText("Passed inspection · grade B");
      await fits360(page);

      // The quality certificate (no page issues it: the batch certificate API, as the PDF link would).
      const issued = await page.request.post(`/api/certificates/quality/batch/${batchCode}`, {
        headers: { Origin: baseURL! },
      });
      expect(issued.status()).toBe(200);
      expect(issued.headers()["content-type"]).toBe("application/pdf");
      const text = pdfText(await issued.body());
      expect(text).toContain(batchCode);
      expect(text).toContain("Grade B");
      expect(text).toContain("Measured criteria");
      for (const measured of ["7.2", "104", "1.5", "2.5", "1.8"]) expect(text).toContain(measured);
      expect(text).not.toContain("not measured");
      await page.context().close();
    });

    await test.step("5. the port inspector records the phytosanitary inspection and signs off", async () => {
      const page = await phoneOf(browser, ACCOUNTS.portInspector);
      await go(page, `/port-inspector-dashboard/inspect/${batchCode}`);
      await page.getByLabel("Container number").fill("MSCU1234565");
      await page.getByLabel("Seal number").fill(`SL${RUN % 1_000_000}`);
      await page.getByLabel("Treatment", { exact: true }).fill("Fumigation");
      await page.getByLabel("Chemical (active ingredient)").fill("Phosphine");
      await page.getByLabel("Treatment date").fill("2026-11-20");
      await page.getByLabel("Fumigation certificate reference").fill(`FUM-${RUN % 100_000}`);
      await page.getByRole("radio", { name: "Sign off" }).check();
      await page.getByRole("button", { name: "Record port inspection" }).click();
      await expect(page).toHaveURL(new RegExp(`/batches/${batchCode}\\?recorded=port_inspected`));
      await expect(page.getByTestId("recorded")).toHaveText("Port inspection recorded.");
      await expect(summaryValue(page, "Stage")).toHaveText("Inspected at port");
      await fits360(page);

      await go(page, `/port-inspector-dashboard/inspect/${batchCode}`);
      await expect(page.getByText(/Signed off at Freeport of Monrovia: container MSCU1234565/)).toBeVisible();
      await page.getByRole("button", { name: "Issue the phytosanitary certificate" }).click();
      await expect(page).toHaveURL(/\?issued=1$/);
      await expect(page.getByRole("link", { name: "Download the phytosanitary certificate (PDF)" })).toBeVisible();
      await fits360(page);
      await page.context().close();
    });

    await test.step("6. the farmer sees the sale and its certificates on her dashboard", async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, {
        path: "/farmer-login-portal",
        form: "farmer-portal",
        fields: [
          ["Farmer ID or phone number", farmerId],
          ["Password", newPassword],
        ],
        submit: "Sign In",
      });
      await go(page, "/farmer-dashboard");
      const sale = page.getByTestId("farmer-sale").filter({ hasText: batchCode });
      // Received at 318 kg at the warehouse, but she sold 320 kg at US$ 2.40 and was paid for that.
      await expect(sale).toContainText("Bong Cocoa Traders (demo)");
      await expect(sale).toContainText("Price paidUS$ 768.00");
      const certificates = sale.getByRole("link", { name: /^LR-/ });
      // The quality certificate (LR-QCG-…) and the phytosanitary one (LR-PHY-…) of her sale.
      await expect(certificates).toHaveText([/^LR-PHY-/, /^LR-QCG-/]);
      await expect(page.getByTestId("farmer-plots")).toContainText(plotCode);
      await fits360(page);
      await context.close();
    });
  });
});
