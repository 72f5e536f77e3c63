import { expect, test } from "@playwright/test";
import { ACCOUNTS, letters, signIn } from "./helpers";
import {
  apiToken,
  correctFarmer,
  onboardOffline,
  onlineFarmer,
  queued,
  RUN,
  readyForField,
  totals,
} from "./outbox-field";
import { outbox, pending, useCutProxy } from "./outbox-helpers";

/**
 * The offline outbox (ADR 027) and the people behind the records: the same farmer corrected online and offline (the phone
 * shows both versions and the person chooses), and an account deactivated while its work waited
 * (nothing is sent, the records stay, the phone says why). Through the same cutting proxy as
 * offline-outbox.spec.ts.
 */
test.describe("offline work and the accounts behind it", () => {
  const cut = useCutProxy();

  test("the same farmer corrected online and offline: the outbox shows both versions; keep mine, then keep theirs", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await cut.phone(browser);
    // The field agent registered the farmer: theirs to correct for 48 hours (ADR 031).
    const page = await readyForField(context);
    const farmerId = await onlineFarmer(page);
    const surname = `Owner ${letters(RUN)}`;
    const office = await cut.phone(browser);
    const desk = await office.newPage();
    await signIn(desk, ACCOUNTS.officeAdmin);

    // 1. On the phone, offline: the first name, based on version 1.
    await page.goto(`/farmers/${farmerId}`);
    await page.waitForFunction(() => document.getElementById("startup-loader") === null);
    await context.setOffline(true);
    const mine = `Mine ${letters(RUN + 1)}`;
    await correctFarmer(page, [["First name", mine]], "Spelt as on the farmer's ID card");
    await queued(page, 1);

    // Meanwhile in the office, online: the surname (version 2).
    const theirs = `Theirs ${letters(RUN + 2)}`;
    await desk.goto(`/farmers/${farmerId}`);
    await correctFarmer(desk, [["Last name", theirs]], "Surname from the land register");
    await expect(desk).toHaveURL(/corrected=2/);

    await context.setOffline(false);
    await page.goto("/outbox");
    await page.getByRole("button", { name: "Send now" }).click();
    let item = page.locator('[data-status="conflict"]');
    await expect(item).toBeVisible({ timeout: 15_000 });
    let table = item.getByTestId("outbox-conflict");
    // Field by field: what the server holds now beside what this phone sent.
    await expect(table.getByRole("row", { name: /^Version/ })).toContainText("2");
    await expect(table.getByRole("row", { name: /^First name/ })).toContainText("Online");
    await expect(table.getByRole("row", { name: /^First name/ })).toContainText(mine);
    await expect(table.getByRole("row", { name: /^Last name/ })).toContainText(theirs);
    await expect(table.getByRole("row", { name: /^Last name/ })).toContainText(surname);
    await item.getByRole("button", { name: "Keep mine" }).click();
    await expect(page.locator('[data-status="sent"]')).toHaveCount(1, { timeout: 15_000 });
    await expect(page.locator('[data-status="sent"]')).toContainText(`${farmerId} v3`);

    // The server: the phone's version on top of the office's, every version in the history.
    await desk.goto(`/farmers/${farmerId}`);
    await expect(desk.getByRole("heading", { level: 1 })).toHaveText(`${mine} ${surname}`);
    const versions = desk.getByTestId("farmer-versions").locator("li");
    await expect(versions).toHaveCount(3);
    await expect(versions.nth(1)).toContainText(theirs);
    await expect(versions.nth(2)).toContainText("Spelt as on the farmer's ID card");

    // 2. Again, and this time the office's version is kept: the phone's edit is dropped, nothing sent.
    await page.goto(`/farmers/${farmerId}`);
    await page.waitForFunction(() => document.getElementById("startup-loader") === null);
    await context.setOffline(true);
    await correctFarmer(page, [["Community", "Mine Town"]], "Moved within the clan area");
    await queued(page, 1);
    await desk.goto(`/farmers/${farmerId}`);
    await correctFarmer(desk, [["Community", "Their Town"]], "Community from the clan chief's list");
    await expect(desk).toHaveURL(/corrected=4/);
    await context.setOffline(false);
    await page.goto("/outbox");
    await page.getByRole("button", { name: "Send now" }).click();
    item = page.locator('[data-status="conflict"]');
    await expect(item).toBeVisible({ timeout: 15_000 });
    table = item.getByTestId("outbox-conflict");
    await expect(table.getByRole("row", { name: /^Community/ })).toContainText("Their Town");
    await expect(table.getByRole("row", { name: /^Community/ })).toContainText("Mine Town");
    await item.getByRole("button", { name: "Keep the server's" }).click();
    await expect(page.locator('[data-status="conflict"]')).toHaveCount(0);
    expect(pending(await outbox(page))).toBe(0);
    await desk.goto(`/farmers/${farmerId}`);
    await expect(desk.getByTestId("farmer-versions").locator("li")).toHaveCount(4);
    await expect(desk.getByText("Their Town").first()).toBeVisible();
    await office.close();
    await context.close();
  });

  test("an account deactivated while its work waited: nothing is sent, the records stay, and the phone says why", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await cut.phone(browser);
    const page = await readyForField(context);
    // Online, the outbox keeps a proof of this person's session (to learn later why it ended).
    await page.goto("/outbox");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("eip.outboxProof") ?? "")).toContain("AGT-0001");
    const before = await totals(cut.base);
    await context.setOffline(true);
    await page.goto("/onboard-farmer");
    await onboardOffline(page, 97, 1);

    // In the office, the agent's account is deactivated (its sessions end with it).
    const office = await apiToken(cut.base, "office_admin", "10.82.7.2");
    const manage = (verb: string) =>
      fetch(`${cut.base}/api/users/demo-field-agent/${verb}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${office}` },
      });
    expect((await manage("deactivate")).status).toBe(200);
    try {
      await context.setOffline(false);
      await page.goto("/outbox");
      await page.getByRole("button", { name: "Send now" }).click();
      const why = "Your account has been deactivated. Your records are kept on this phone; ask your supervisor.";
      await expect(page.getByTestId("outbox-message")).toHaveText(why);
      await expect(page.locator('[data-status="waiting"]').getByTestId("outbox-reason")).toHaveText(why);
      const rows = await outbox(page);
      expect(rows.filter((r) => r.status === "waiting")).toHaveLength(1);
      expect((await totals(cut.base)).farmers).toBe(before.farmers);
    } finally {
      expect((await manage("reactivate")).status).toBe(200);
    }
    await context.close();
  });
});
