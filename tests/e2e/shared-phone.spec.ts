import { expect, type Page, test } from "@playwright/test";
import { ACCOUNTS, signIn } from "./helpers";
import { apiToken, readyForField } from "./outbox-field";
import { useCutProxy } from "./outbox-helpers";

/**
 * A shared phone (docs/decisions/027-offline-outbox.md): the signed-in field pages the service
 * worker keeps offline belong to one account. When that person's session ends other than by
 * pressing Logout (here: revoked from another device), or another person signs in on the phone,
 * they are wiped, so the next person cannot open them offline.
 */
const keptPages = (page: Page) =>
  page.evaluate(async () => {
    if (!(await caches.has("private-pages"))) return [] as string[];
    const keys = await (await caches.open("private-pages")).keys();
    return keys.map((r) => new URL(r.url).pathname);
  });

test.describe("the field pages kept on a shared phone", () => {
  const cut = useCutProxy();

  test("a session ended from elsewhere: the outbox's session check answers 401 and the kept pages go", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await cut.phone(browser);
    const page = await readyForField(context);
    await expect.poll(() => keptPages(page)).toContain("/field-agent-dashboard");

    // From another device, the same agent ends every other session (the phone's among them).
    const token = await apiToken(cut.base, "field_agent", "10.82.9.1");
    const revoke = await fetch(`${cut.base}/api/profile/sessions`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(revoke.status).toBe(200);

    const status = await page.evaluate(async () => (await fetch("/outbox/session")).status);
    expect(status).toBe(401);
    await expect.poll(() => keptPages(page)).toEqual([]);

    // Offline, the agent's dashboard is no longer on the phone.
    await context.setOffline(true);
    await page.goto("/field-agent-dashboard").catch(() => undefined);
    await expect(page.locator("body")).not.toContainText("AGT-0001");
    await context.close();
  });

  test("another person signs in on the phone: the first person's kept pages go before theirs are kept", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await cut.phone(browser);
    const page = await readyForField(context);
    await expect.poll(() => keptPages(page)).toContain("/field-agent-dashboard");

    // The land inspector signs in on the same phone (without the agent pressing Logout).
    await signIn(page, ACCOUNTS.landInspector);
    await expect.poll(() => keptPages(page)).not.toContain("/field-agent-dashboard");
    const kept = await keptPages(page);
    expect(kept.every((path) => !path.startsWith("/field-agent"))).toBe(true);

    await context.setOffline(true);
    await page.goto("/field-agent-dashboard").catch(() => undefined);
    await expect(page.locator("body")).not.toContainText("AGT-0001");
    await context.close();
  });
});
