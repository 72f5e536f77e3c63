import { expect, test } from "@playwright/test";
import { ACCOUNTS, open, phoneOf } from "./helpers";

/**
 * Certificates end to end: the certificate testing screen (docs/product.md §2), the PDF behind a card, the
 * public verification page its QR points to, and revocation by a regulator. "Generate
 * Certificates" (a form POST) issues the papers; the cards' GET links only serve them.
 */
test.describe("certificates", () => {
  test("testing screen → six PDFs → public verification → revocation", async ({ browser }) => {
    test.setTimeout(120_000);
    const inspector = await phoneOf(browser, ACCOUNTS.landInspector);
    await open(inspector, "/certificate-testing-dashboard");
    // Before a farmer is chosen nothing but the three profiles is shown.
    const profiles = inspector.getByTestId("test-farmers").getByRole("listitem");
    await expect(profiles).toHaveCount(3);
    await expect(inspector.getByTestId("download-cards")).toHaveCount(0);
    await expect(inspector.getByTestId("generated")).toHaveCount(0);

    await profiles
      .nth(0)
      .getByRole("button", { name: /Generate Certificates/ })
      .click();
    await expect(inspector.getByTestId("generated")).toContainText("six documents are ready");
    const links = inspector.getByTestId("download-cards").getByRole("link", { name: /opens in a new tab/ });
    await expect(links).toHaveCount(6);
    for (const link of await links.all()) await expect(link).toHaveAttribute("target", "_blank");

    // The EUDR card opens a PDF (fetched with the page's session, as the new tab would).
    const href = (await links.nth(0).getAttribute("href"))!;
    expect(href).toBe("/api/test/eudr-certificate/1");
    const pdf = await inspector.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(pdf.headers()["content-disposition"]).toMatch(/^inline; filename="eudr-compliance-LR-EUDR-\d{4}-/);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    const again = await inspector.request.get(href, { headers: { "If-None-Match": pdf.headers().etag! } });
    expect(again.status()).toBe(304);
    const number = pdf.headers()["content-disposition"]!.match(/(LR-EUDR-[A-Z0-9-]+)\.pdf/)![1]!;
    // Issuing is a POST: one sent by another site with the officer's cookie is refused.
    const forged = await inspector.request.post(href, { headers: { Origin: "https://evil.example" } });
    expect(forged.status()).toBe(403);

    // Anyone can check the paper, without signing in.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/verify/${number}`);
    // A test document never shows a large green "Valid": it says it is a test, not valid for trade.
    await expect(visitor.getByTestId("verify-status")).toContainText("Test document — not valid for trade");
    await expect(visitor.getByTestId("verify-status")).not.toContainText("Genuine: this certificate");
    await expect(visitor.getByTestId("verify-test-profile")).toBeVisible();
    await visitor.goto(`/verify/${number.slice(0, -1)}${number.endsWith("A") ? "B" : "A"}`);
    await expect(visitor.getByTestId("verify-not-found")).toBeVisible();

    // A regulator revokes it with a reason; the public page then says so.
    const dg = await phoneOf(browser, ACCOUNTS.dg);
    await open(dg, `/verify/${number}`);
    await dg.getByRole("button", { name: "Revoke certificate" }).click();
    await expect(dg.getByTestId("error-summary")).toBeVisible();
    await dg.getByLabel("Reason").fill("Issued in an end-to-end test of revocation");
    await dg.getByRole("button", { name: "Revoke certificate" }).click();
    await expect(dg.getByTestId("verify-status")).toContainText("Revoked");
    await visitor.goto(`/verify/${number}`);
    await expect(visitor.getByTestId("verify-status")).toContainText("Revoked");
    await expect(visitor.getByTestId("verify-status")).toContainText("Issued in an end-to-end test of revocation");
  });
});
