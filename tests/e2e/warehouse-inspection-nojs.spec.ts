import { expect, test } from "@playwright/test";
import { fixtures } from "./a11y-helpers";
import { ACCOUNTS, type Account, fits360, go, recordPurchase, signIn } from "./helpers";

/**
 * The warehouse inspector's form, run with and without JavaScript (split from
 * field-day.spec.ts): a refused submit keeps what was typed and names each missing field; a
 * complete one grades the batch. The batch is bought and sent through the buyer's pages first.
 */
test.describe("the warehouse inspection form without JavaScript", () => {
  // The demo data (idempotent): FRM000001 and her low-risk cocoa plot.
  test.beforeAll(async ({ request }) => {
    await fixtures(request);
  });

  test("a refused submit keeps what was typed; a complete one grades the batch @nojs", async ({
    browser,
    javaScriptEnabled,
  }) => {
    const phone = async (account: Account) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await signIn(page, account, javaScriptEnabled);
      return page;
    };

    // Set-up through the pages too: the buyer buys from the demo farmer and sends the batch.
    const buyer = await phone(ACCOUNTS.buyer);
    await go(buyer, "/agricultural-buyer-dashboard?farmer=FRM000001", javaScriptEnabled);
    const form = buyer.getByTestId("purchase-form");
    test.skip((await form.count()) === 0, "the demo farmer has no eligible plot in this database");
    if (!(await form.getByRole("checkbox").first().isChecked())) await form.getByRole("checkbox").first().check();
    await recordPurchase(form, { weightKg: "12", pricePerKg: "2.30", place: "Voinjama market", grade: "A" });
    await expect(buyer).toHaveURL(/\?recorded=LR-[A-Z]{3}-\d{4}-\d{6}/);
    const batchCode = new URL(buyer.url()).searchParams.get("recorded")!;
    await go(buyer, `/batches/${batchCode}`, javaScriptEnabled);
    const dispatch = buyer.getByTestId("dispatch-form");
    await dispatch.getByLabel("Warehouse", { exact: true }).selectOption({ label: "Samuel Tubman (Margibi County)" });
    await dispatch.getByRole("button", { name: "Send batch" }).click();
    await expect(buyer.getByTestId("recorded")).toContainText("The batch is sent to the warehouse");
    await buyer.context().close();

    const page = await phone(ACCOUNTS.warehouseInspector);
    await go(page, "/warehouse-inspector-dashboard", javaScriptEnabled);
    const item = page.getByTestId(`queue-${batchCode}`);
    await item.getByLabel("Warehouse (town or facility)").fill("Voinjama warehouse");
    await item.getByRole("button", { name: "Receive batch" }).click();
    await expect(page.getByText(`Batch ${batchCode} received at the warehouse.`)).toBeVisible();
    await page.getByTestId(`queue-${batchCode}`).getByRole("link", { name: "Inspect and grade" }).click();
    await expect(page).toHaveURL(new RegExp(`/warehouse-inspector-dashboard/inspect/${batchCode}$`));
    await fits360(page);

    // Incomplete: no bean count, no smoky-beans answer.
    await page.getByLabel("Moisture").fill("7.4");
    await page.getByLabel("Mouldy beans (cut test of 300)").fill("0.5");
    await page.getByLabel("Slaty beans (cut test)").fill("0.8");
    await page.getByLabel("Insect-damaged, germinated or flat beans").fill("0.9");
    await page.getByLabel("Foreign matter").fill("0");
    await page.getByRole("button", { name: "Record inspection" }).click();
    await expect(page.getByTestId("error-summary")).toBeVisible();
    const beanCount = page.getByLabel("Bean count per 100 g");
    await expect(beanCount).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#beanCountPer100g-error")).toHaveText(
      "Enter the bean count per 100 g, a whole number like 98",
    );
    await expect(page.locator("#smokyBeans-error")).toHaveText("Say whether smoky beans were found");
    await expect(page.getByLabel("Moisture")).toHaveValue("7.4");
    await expect(page.getByLabel("Slaty beans (cut test)")).toHaveValue("0.8");
    await fits360(page);

    await beanCount.fill("97");
    await page.getByRole("group", { name: "Smoky beans found?" }).getByRole("radio", { name: "No" }).check();
    await page.getByRole("button", { name: "Record inspection" }).click();
    await expect(page).toHaveURL(new RegExp(`/batches/${batchCode}\\?recorded=warehouse_inspected`));
    // Moisture 7.4 % and bean count 97 allow A at best.
    await expect(page.getByTestId("inspection")).toContainText("Passed inspection · grade A");
    await fits360(page);
    await page.context().close();
  });
});
