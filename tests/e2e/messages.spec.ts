import { expect, type Page, test } from "@playwright/test";
import { ACCOUNTS, signIn } from "./helpers";

// /exporter/messages: with JavaScript off on a 360 px phone, an exporter writes to the
// regulator's office with a PDF attached; a refused form keeps the text; the office administrator
// sees it unread, opens it (read) and answers; the exporter sees the answer.

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test.use({ javaScriptEnabled: false });

test("an exporter writes to the office and the office answers, JavaScript off", async ({ browser }) => {
  const subject = `Permit question ${Date.now()}`;
  const exporter = await browser.newPage();
  await signIn(exporter, ACCOUNTS.exporter, false);
  await exporter.goto("/exporter-dashboard");
  await exporter.getByRole("link", { name: "Messages" }).first().click();
  await expect(exporter).toHaveURL(/\/exporter\/messages$/);
  expect(await pageWidth(exporter)).toBeLessThanOrEqual(360);

  await exporter.getByRole("radio", { name: "The regulator's office" }).check();
  await exporter.getByLabel("Subject").fill(subject);
  await exporter.getByLabel("Message").fill("Which documents does the permit need?");
  await exporter.getByRole("button", { name: "Send" }).click();
  // No department chosen: refused, the text kept.
  await expect(exporter.getByTestId("error-summary")).toContainText("Choose the department of the regulator's office");
  await expect(exporter.getByLabel("Message")).toHaveValue("Which documents does the permit need?");
  await expect(exporter.getByLabel("Subject")).toHaveValue(subject);

  await exporter.getByLabel(/^Department/).selectOption("office_admin");
  await exporter
    .getByLabel("Attachment (optional)")
    .setInputFiles({ name: "contract.pdf", mimeType: "application/pdf", buffer: PDF });
  await exporter.getByRole("button", { name: "Send" }).click();
  await expect(exporter).toHaveURL(/\/exporter\/messages\/[0-9a-f-]{36}\?sent=1/);
  await expect(exporter.getByRole("status")).toHaveText("Your message was sent.");
  await expect(exporter.getByRole("link", { name: "contract.pdf" })).toBeVisible();
  expect(await pageWidth(exporter)).toBeLessThanOrEqual(360);
  await exporter.screenshot({ path: "test-results/messages-thread-360.png", fullPage: true });

  const office = await browser.newPage();
  await signIn(office, ACCOUNTS.officeAdmin, false);
  await office.goto("/messages");
  const row = office.getByTestId("threads").getByRole("link", { name: new RegExp(subject) });
  await expect(row).toContainText("1 unread");
  await row.click();
  await office.getByLabel("Your reply").fill("Send the signed contract and the licence.");
  await office.getByRole("button", { name: "Send reply" }).click();
  await expect(office.getByTestId("messages")).toContainText("Send the signed contract and the licence.");
  await office.goto("/messages");
  await expect(office.getByTestId("threads").getByRole("link", { name: new RegExp(subject) })).not.toContainText(
    "unread",
  );

  await exporter.goto("/exporter/messages");
  await expect(exporter.getByTestId("threads").getByRole("link", { name: new RegExp(subject) })).toContainText(
    "1 unread",
  );
  await exporter.screenshot({ path: "test-results/messages-list-360.png", fullPage: true });
});
