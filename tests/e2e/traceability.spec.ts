import { expect, type Page, test } from "@playwright/test";
import { seedDemo } from "./a11y-helpers";
import {
  ACCOUNTS,
  letters,
  open,
  phoneOf,
  rectangleLines,
  registeredFarmer,
  registerFarmer,
  signIn,
  summaryValue,
} from "./helpers";

/**
 * A batch can be followed from farmer to export. Every step goes through the real
 * pages, each person in a browser context of their own (their own cookies), as on their own
 * phone: land inspector → administrator → buyer → warehouse inspector → port inspector →
 * exporter, and finally an anonymous visitor scanning the QR code.
 *
 * The e2e state is fresh on every `npm test`, but the journey is written to survive a rerun
 * on the same state: every name, national ID and plot position is unique to the run.
 */

// ---------------------------------------------------------------------------------------------
// Run-unique values

const RUN = Date.now() + Math.floor(Math.random() * 1_000_000);

const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const uniqueName = (base: string, salt: number) => `${base}${letters(RUN + salt, 8)}`;
const nationalId = (salt: number) => `LR${RUN + salt}`;

/**
 * A ~2 ha square (≈ 143 m × 142 m) inside the sample "cocoa present in 2020" area of Nimba
 * (worker/services/demo/sample-layers.ts: lon −8.70..−8.50, lat 7.10..7.30, also inside the forest-2020
 * block and away from the post-2020 disturbance patch, so the verdict is LOW). The square sits
 * on a 0.002° grid cell picked by the run, so a rerun on the same state does not overlap
 * (double claim) the previous run's plot.
 */
function lowRiskSquare() {
  const cells = 85;
  const cell = ((RUN % (cells * cells)) + cells * cells) % (cells * cells);
  const south = 7.115 + Math.floor(cell / cells) * 0.002;
  const west = -8.685 + (cell % cells) * 0.002;
  return rectangleLines(south, west, 0.0013, 0.0013);
}

// ---------------------------------------------------------------------------------------------
// Page helpers

/** The custody-step form of the batch page ("Record warehouse intake", …). */
const stepForm = (page: Page, step: string) =>
  page.locator("form").filter({ has: page.getByRole("heading", { name: `Record ${step}`, exact: true }) });

async function recordStep(
  page: Page,
  step: string,
  values: { weightOut: string; place: string; grade?: string; gps?: [string, string] },
) {
  const form = stepForm(page, step);
  await form.getByLabel("Weight out (kg)").fill(values.weightOut);
  if (values.grade) await form.getByLabel("Quality grade found (optional)").selectOption(values.grade);
  await form.getByLabel("Place", { exact: true }).fill(values.place);
  if (values.gps) {
    await form.getByLabel("Latitude").fill(values.gps[0]);
    await form.getByLabel("Longitude").fill(values.gps[1]);
  }
  await form.getByRole("button", { name: `Record ${step}`, exact: true }).click();
}

// ---------------------------------------------------------------------------------------------

// The demo data (idempotent): the demo buyer's licence, so the spec also passes run on its own.
test.beforeAll(async ({ request }) => {
  await seedDemo(request);
});

test.describe("a batch followed from farmer to export", () => {
  test("onboard → plot → low-risk verdict → purchase → warehouse → port → export → public trace", async ({
    browser,
  }) => {
    test.slow();
    const farmer = { firstName: "Korto", lastName: capital(uniqueName("zaye", 0)), nationalId: nationalId(0) };
    const fullName = `${farmer.firstName} ${farmer.lastName}`;
    const coordinates = lowRiskSquare();
    let farmerId = "";
    let plotCode = "";
    let plotUrl = "";
    let batchCode = "";
    const ddsReference = `DDS-2026-${RUN}`;
    const ddsVerification = `VER${RUN}`;

    await test.step("the land inspector onboards the farmer", async () => {
      const page = await phoneOf(browser, ACCOUNTS.landInspector);
      await open(page, "/onboard-farmer");
      await registerFarmer(page, {
        ...farmer,
        dateOfBirth: "1984-05-12",
        district: "Saclepea-Mah",
        community: "Karnplay",
      });
      const confirmation = await registeredFarmer(page, `${fullName}, Nimba County`);
      farmerId = confirmation.farmerId;

      await test.step("and registers the farmer's cocoa plot by typing its corners", async () => {
        await confirmation.registered.getByRole("link", { name: "Add a land plot for this farmer" }).click();
        await expect(page).toHaveURL(new RegExp(`/create-land-plot\\?farmerId=${farmerId}$`));
        await expect(page.getByLabel("Farmer ID")).toHaveValue(farmerId);
        await page.getByLabel("Crop").selectOption("Cocoa");
        await page.getByLabel("Planting year").fill("2012");
        await page
          .getByLabel("Tenure or land document reference")
          .fill("Customary land, Karnplay town chief letter 2019/114");
        await expect(page.getByRole("radio", { name: /^Polygon/ })).toBeChecked();
        await page.getByLabel("Coordinates", { exact: true }).fill(coordinates);
        await page.getByRole("button", { name: "Save plot" }).click();

        await expect(page).toHaveURL(/\/land-plot-details\/[^/?]+\?created=/);
        await expect(page.getByTestId("plot-saved")).toHaveText(
          "The plot is registered: it passed every EUDR geolocation check.",
        );
        plotCode = ((await page.getByRole("heading", { level: 1 }).innerText()).match(/PLT-\d{6}-\d{2}/) ?? [""])[0];
        expect(plotCode).toMatch(new RegExp(`^PLT-${farmerId.slice(3)}-\\d{2}$`));
        // The area is computed on the server from the typed corners: ≈ 143 m × 142 m.
        const area = page.getByTestId("plot-area");
        await expect(area).toContainText("ha (computed on the server)");
        const hectares = Number((await area.innerText()).match(/^([\d.]+) ha/)?.[1]);
        expect(hectares).toBeGreaterThan(1.95);
        expect(hectares).toBeLessThan(2.15);
        await expect(page.getByRole("link", { name: `${fullName} (${farmerId})` })).toBeVisible();
        plotUrl = new URL(page.url()).pathname;
      });
      await page.context().close();
    });

    await test.step("an administrator loads the sample layers and assesses the plot: low risk", async () => {
      const page = await phoneOf(browser, ACCOUNTS.officeAdmin);
      await open(page, "/eudr-assessment");
      // Idempotent: loads only the sample layers not installed yet.
      await page.getByRole("button", { name: "Load the sample layers for Liberia" }).click();
      await expect(page.getByTestId("notice")).toContainText(/Sample layers loaded: \d+ new layer\(s\)/);
      await expect(page.getByTestId("layers-table")).toContainText("Cocoa present in 2020 (Nimba)");

      const assess = page.locator("form").filter({ has: page.getByRole("button", { name: "Assess now" }) });
      await assess.getByLabel("What to assess").selectOption("plot");
      await assess.getByLabel("Plot code, farmer ID or batch code").fill(plotCode);
      await assess.getByRole("button", { name: "Assess now" }).click();
      const results = page.getByTestId("assess-results");
      await expect(results).toContainText("1 verdict(s)");
      const row = results
        .locator("li")
        .filter({ has: page.getByRole("link", { name: plotCode }) })
        .first();
      await expect(row).toContainText("Low");
      await expect(row).toContainText("The commodity was already grown here in 2020");

      await open(page, plotUrl);
      await expect(
        page.locator("dt", { hasText: "Deforestation risk" }).locator("xpath=following-sibling::dd[1]"),
      ).toHaveText("Low");
      await page.context().close();
    });

    await test.step("the buyer records a purchase from the farmer's plot", async () => {
      const page = await phoneOf(browser, ACCOUNTS.buyer);
      await open(page, "/batches");
      const purchase = page.getByRole("region", { name: "Record a purchase" });
      await purchase.getByLabel("Farmer ID").fill(farmerId.toLowerCase());
      await purchase.getByRole("button", { name: "Show the farmer's plots" }).click();
      // Only what a purchase needs (ADR 005): the farmer's initials, no county.
      const initials = `${farmer.firstName[0]}. ${farmer.lastName[0]}.`;
      await expect(purchase).toContainText(`Buying from ${initials} (${farmerId})`);
      // Each plot shows its crop, whether it is eligible and what it can still supply before the buyer ticks it.
      const plot = purchase.getByRole("checkbox", {
        name: new RegExp(`^${plotCode} · Cocoa · Eligible · up to [\\d,]+ kg more this crop year$`),
      });
      await plot.check();
      await expect(purchase.getByLabel("Commodity")).toHaveValue("Cocoa");
      await purchase.getByLabel("Quality grade").selectOption("A");
      await purchase.getByLabel("Weight (kg)").fill("500");
      await purchase.getByLabel("Place of purchase").fill("Karnplay cocoa market");
      await purchase.getByRole("button", { name: "Record the purchase" }).click();

      await expect(page).toHaveURL(/\/batches\/LR-COC-\d{4}-\d{6}\?recorded=purchase$/);
      batchCode = new URL(page.url()).pathname.split("/").pop()!;
      await expect(page.getByTestId("recorded")).toHaveText("Purchase recorded: the batch is registered.");
      await expect(summaryValue(page, "Commodity")).toHaveText(/^Cocoa \(HS 18\d*\)$/);
      await expect(summaryValue(page, "Weight")).toHaveText("500 kg");
      await expect(summaryValue(page, "Stage")).toHaveText("Purchased by buyer");
      await expect(page.getByTestId("compliance")).toContainText("Awaiting confirmation");
      await expect(page.getByTestId("origins-table")).toContainText(plotCode);
      await page.context().close();
    });

    await test.step("the warehouse inspector records intake and inspection", async () => {
      const page = await phoneOf(browser, ACCOUNTS.warehouseInspector);
      await open(page, `/batches/${batchCode}`);
      await recordStep(page, "warehouse intake", {
        weightOut: "498",
        place: "Ganta central warehouse",
        gps: ["7.301234", "-8.531234"],
      });
      await expect(page.getByTestId("recorded")).toHaveText("Warehouse intake recorded.");
      await expect(summaryValue(page, "Stage")).toHaveText("Received at warehouse");
      await recordStep(page, "warehouse inspection", {
        weightOut: "495",
        place: "Ganta central warehouse",
        grade: "A",
      });
      await expect(page.getByTestId("recorded")).toHaveText("Warehouse inspection recorded.");
      await expect(summaryValue(page, "Stage")).toHaveText("Inspected at warehouse");
      await expect(summaryValue(page, "Weight")).toHaveText("495 kg");
      await page.context().close();
    });

    await test.step("the port inspector records the port inspection and marks the batch EUDR-compliant", async () => {
      const page = await phoneOf(browser, ACCOUNTS.portInspector);
      await open(page, `/batches/${batchCode}`);
      await recordStep(page, "port inspection", { weightOut: "495", place: "Freeport of Monrovia" });
      await expect(page.getByTestId("recorded")).toHaveText("Port inspection recorded.");
      await expect(summaryValue(page, "Stage")).toHaveText("Inspected at port");
      await page.getByRole("button", { name: "Mark EUDR-compliant" }).click();
      await expect(page.getByTestId("recorded")).toHaveText("The batch is marked EUDR-compliant.");
      await expect(page.getByTestId("compliance")).toContainText("EUDR-compliant");
      await expect(page.getByTestId("compliance")).toContainText("Marked EUDR-compliant by the");
      await page.context().close();
    });

    await test.step("the exporter ships the batch and records the DDS numbers", async () => {
      const page = await phoneOf(browser, ACCOUNTS.exporter);
      await open(page, `/batches/${batchCode}`);
      await recordStep(page, "export", { weightOut: "495", place: "Freeport of Monrovia, Bushrod Island" });
      await expect(page.getByTestId("recorded")).toHaveText("Export shipment recorded.");
      await expect(summaryValue(page, "Stage")).toHaveText("Exported");
      const dds = page
        .locator("form")
        .filter({ has: page.getByRole("heading", { name: "EU due diligence statement" }) });
      await dds.getByLabel("DDS reference number").fill(ddsReference);
      await dds.getByLabel("DDS verification number").fill(ddsVerification);
      await dds.getByRole("button", { name: "Save DDS numbers" }).click();
      await expect(page.getByTestId("recorded")).toHaveText("DDS reference and verification numbers recorded.");
      await expect(summaryValue(page, "EU DDS reference")).toHaveText(ddsReference);
      await expect(summaryValue(page, "DDS verification")).toHaveText(ddsVerification);

      // The whole chain, in order, on the staff page.
      const timeline = page.getByTestId("custody-timeline").locator("li");
      await expect(timeline).toHaveCount(5);
      await expect(timeline.locator("p.font-semibold")).toHaveText([
        "Purchased by buyer",
        "Received at warehouse",
        "Inspected at warehouse",
        "Inspected at port",
        "Exported",
      ]);
      await page.context().close();
    });

    await test.step("anyone scanning the QR code sees the trace, without personal data", async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const response = await page.goto(`/qr/${batchCode}`);
      expect(response!.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Cocoa · ${batchCode}`);
      await expect(page.getByTestId("trace-compliance")).toHaveText("EUDR-compliant");
      await expect(summaryValue(page, "Commodity")).toHaveText("Cocoa");
      await expect(summaryValue(page, "County of origin")).toHaveText("Nimba County");
      await expect(summaryValue(page, "Current stage")).toHaveText("Exported");
      await expect(summaryValue(page, "EU due diligence statement")).toHaveText("Filed by the EU buyer");
      const steps = page.getByTestId("trace-timeline").locator("li");
      await expect(steps).toHaveCount(5);
      await expect(steps.locator("p.font-semibold")).toHaveText([
        "Purchased by buyer",
        "Received at warehouse",
        "Inspected at warehouse",
        "Inspected at port",
        "Exported",
      ]);
      await expect(steps.nth(0)).toContainText("Karnplay cocoa market");
      await expect(steps.nth(1)).toContainText("Ganta central warehouse · Warehouse Inspector");
      await expect(steps.nth(4)).toContainText("Freeport of Monrovia, Bushrod Island · Licensed Exporter");

      const html = await page.content();
      for (const secret of [
        farmer.firstName,
        farmer.lastName,
        farmerId,
        farmerId.slice(3),
        plotCode,
        farmer.nationalId,
        ddsReference,
        ddsVerification,
        "7.301234",
      ]) {
        expect(html, `the public page must not contain ${secret}`).not.toContain(secret);
      }
      for (const corner of coordinates.split("\n")) expect(html).not.toContain(corner.split(", ")[0]);
      await context.close();
    });
  });
});

test.describe("farmer registration without JavaScript", () => {
  // The land inspector's phone may have JavaScript off (or a 2G connection that never loads it).
  const farmer = { firstName: "Sumo", lastName: capital(uniqueName("gbarpor", 7)), nationalId: nationalId(7) };
  test.describe.configure({ mode: "serial" });

  test("an incomplete form keeps what was typed; the completed form registers the farmer @nojs", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signIn(page, ACCOUNTS.landInspector, javaScriptEnabled);
    await open(page, "/onboard-farmer", javaScriptEnabled);
    await page.getByLabel("First name").fill(farmer.firstName);
    await page.getByLabel("Last name").fill(farmer.lastName);
    await page.getByLabel("National ID number (optional)").fill(farmer.nationalId);
    await page.getByRole("button", { name: "Register farmer" }).click();

    const summary = page.getByTestId("error-summary");
    await expect(summary).toBeVisible();
    for (const message of [
      "Choose the farmer's gender",
      "Enter the farmer's date of birth",
      "Choose a county",
      "Enter the farmer's community or town",
      "Choose at least one crop",
    ]) {
      await expect(summary.getByRole("link", { name: message })).toBeVisible();
    }
    await expect(summary).not.toContainText("first name");
    await expect(page.getByLabel("First name")).toHaveValue(farmer.firstName);
    await expect(page.getByLabel("Last name")).toHaveValue(farmer.lastName);
    await expect(page.getByLabel("National ID number (optional)")).toHaveValue(farmer.nationalId);
    await expect(page.getByLabel("Community or town")).toHaveAttribute("aria-invalid", "true");

    await page.getByRole("radio", { name: "Male", exact: true }).check();
    await page.getByLabel("Date of birth").fill("1979-11-03");
    await page.getByLabel("County").selectOption("Bong County");
    await page.getByLabel("Community or town").fill("Gbarnga");
    await page.getByRole("checkbox", { name: "Coffee", exact: true }).check();
    await page.getByRole("checkbox", { name: "Cocoa", exact: true }).check();
    await page.getByRole("button", { name: "Register farmer" }).click();

    const registered = page.getByTestId("registered");
    await expect(registered.getByRole("heading", { name: "Farmer registered" })).toBeVisible();
    await expect(registered).toContainText(`${farmer.firstName} ${farmer.lastName}, Bong County`);
    await expect(page.getByTestId("farmer-id")).toHaveText(/^FRM\d{6}$/);
    await expect(page.getByTestId("temporary-password")).not.toBeEmpty();
  });

  test("the registry search finds the farmer by the start of the name @nojs", async ({ page, javaScriptEnabled }) => {
    await signIn(page, ACCOUNTS.landInspector, javaScriptEnabled);
    await open(page, "/farmers-list", javaScriptEnabled);
    // Lower case and only the start of the last name: the search is by name prefix.
    const prefix = farmer.lastName.slice(0, 10).toLowerCase();
    await page.getByLabel("Name, farmer ID or phone").fill(prefix);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`/farmers-list\\?q=${prefix}`));
    await expect(page.getByTestId("result-count")).toHaveText("1 farmer match");
    await expect(page.getByRole("link", { name: `${farmer.firstName} ${farmer.lastName}` })).toBeVisible();
    await expect(page.getByLabel("Name, farmer ID or phone")).toHaveValue(prefix);
  });
});
