import { expect, type Page, test } from "@playwright/test";
import { ACCOUNTS, signIn } from "./helpers";
import { apiToken, onboardOffline, readyForField } from "./outbox-field";
import { outbox, useCutProxy } from "./outbox-helpers";

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

  test("a session ended from elsewhere: the outbox learns it on sending, the kept pages go, the records stay", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await cut.phone(browser);
    const page = await readyForField(context);
    await expect.poll(() => keptPages(page)).toContain("/field-agent-dashboard");
    // A farmer registered offline waits on the phone.
    await context.setOffline(true);
    await page.goto("/onboard-farmer");
    await onboardOffline(page, 93, 1);

    // From another device, the same agent ends every other session (the phone's among them).
    const token = await apiToken(cut.base, "field_agent", "10.82.9.1");
    const revoke = await fetch(`${cut.base}/api/profile/sessions`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(revoke.status).toBe(200);

    // Back online, the outbox asks for the session before sending: none, so nothing is sent.
    await context.setOffline(false);
    await page.goto("/outbox");
    await page.getByRole("button", { name: "Send now" }).click();
    await expect.poll(() => keptPages(page), { timeout: 15_000 }).toEqual([]);
    expect((await outbox(page)).filter((r) => r.status === "waiting")).toHaveLength(1);

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
