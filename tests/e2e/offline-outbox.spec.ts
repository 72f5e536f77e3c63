import { expect, test } from "@playwright/test";
import { ACCOUNTS, signIn } from "./helpers";
import {
  keptOffline,
  mapOffline,
  mapOnline,
  onboardOffline,
  onlineFarmer,
  PHOTO,
  queued,
  RUN,
  readyForField,
  square,
  totals,
} from "./outbox-field";
import { outbox, pending, rng, useCutProxy } from "./outbox-helpers";

/**
 * A field agent works offline through the real pages and the real service
 * worker, and the outbox (app/lib/outbox.ts) delivers everything exactly once. Between the browser
 * and the server sits a TCP proxy of the test's own (ADR 027): it
 * destroys every open connection at moments drawn from a seeded RNG, as a phone losing signal
 * mid-upload does — 100 times while the outbox sends.
 */

test.describe("offline field work and the outbox", () => {
  const cut = useCutProxy();

  test("20 farmers and 20 plots captured offline arrive exactly once through 100 cut connections", async ({
    browser,
  }) => {
    test.setTimeout(170_000);
    const context = await cut.phone(browser);
    const page = await readyForField(context);
    const farmerId = await onlineFarmer(page);
    const before = await totals(cut.base);

    await context.setOffline(true);
    await page.goto("/onboard-farmer"); // from the service worker's copy
    for (let i = 0; i < 20; i++) await onboardOffline(page, i);
    await page.goto("/create-land-plot");
    for (let i = 0; i < 20; i++) await mapOffline(page, farmerId, square(i), i + 1);
    let rows = await outbox(page);
    expect(rows.filter((r) => r.status === "waiting")).toHaveLength(40);
    expect(await totals(cut.base)).toEqual(before);

    // Back online, while the connection keeps dropping mid-send.
    await context.setOffline(false);
    const random = rng(15);
    let cuts = 0;
    while (cuts < 100) {
      const kick = page.evaluate(() => window.dispatchEvent(new Event("online"))).catch(() => undefined);
      await cut.proxy.nextRequest(400);
      await new Promise((r) => setTimeout(r, Math.floor(random() * 60)));
      cut.proxy.cut();
      cuts++;
      await kick;
    }
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.dispatchEvent(new Event("online")));
          const now = await outbox(page);
          if (process.env.OUTBOX_DEBUG)
            console.log(
              JSON.stringify(now.filter((r) => r.status !== "sent").map((r) => [r.kind, r.status, r.reason])),
            );
          return pending(now);
        },
        { timeout: 90_000, intervals: [500] },
      )
      .toBe(0);

    rows = await outbox(page);
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(40);
    expect(new Set(rows.map((r) => r.receipt)).size).toBe(40);
    const after = await totals(cut.base);
    expect({ farmers: after.farmers - before.farmers, plots: after.plots - before.plots }).toEqual({
      farmers: 20,
      plots: 20,
    });
    await page.goto("/outbox");
    await expect(page.locator('[data-count="waiting"] dd')).toHaveText("0");
    await expect(page.locator('[data-count="failed"] dd')).toHaveText("0");
    await context.close();
  });

  test("a plot the server refuses stays on the phone with the reason, and is sent once corrected", async ({
    browser,
  }) => {
    const context = await cut.phone(browser);
    const page = await readyForField(context);
    const farmerId = await onlineFarmer(page);
    const before = await totals(cut.base);
    await context.setOffline(true);
    await page.goto("/create-land-plot");
    await mapOffline(page, farmerId, square(70, true), 1);
    await context.setOffline(false);
    await page.goto("/outbox");
    await page.getByRole("button", { name: "Send now" }).click();
    const item = page.locator('[data-status="failed"]');
    await expect(item).toBeVisible();
    await expect(item.getByTestId("outbox-reason")).toContainText("crosses or runs back over itself");
    expect((await totals(cut.base)).plots).toBe(before.plots);

    await item.getByRole("link", { name: "Correct and send again" }).click();
    await expect(page.getByLabel("Coordinates", { exact: true })).toHaveValue(square(70, true));
    await page.getByLabel("Coordinates", { exact: true }).fill(square(71));
    await page.getByRole("button", { name: "Save plot" }).click();
    await page.goto("/outbox");
    await expect(page.locator('[data-status="sent"]')).toHaveCount(1, { timeout: 15_000 });
    await expect(page.locator('[data-status="failed"]')).toHaveCount(0);
    expect((await totals(cut.base)).plots).toBe(before.plots + 1);
    await context.close();
  });

  test("a queued record survives a service worker update and is sent afterwards", async ({ browser }) => {
    const context = await cut.phone(browser);
    const page = await readyForField(context);
    const before = await totals(cut.base);
    await context.setOffline(true);
    await page.goto("/onboard-farmer");
    await onboardOffline(page, 99, 1);
    // Hold the record back from the server while the app updates: no session answer.
    await context.route("**/outbox/session", (route) => route.fulfill({ status: 503, body: "" }));
    await context.setOffline(false);

    // A new version of the worker: the same code with one line more, served in place of the deployed one.
    const current = await (await fetch(`${cut.base}/sw.js`)).text();
    const next = Buffer.from(`${current}\n// next version ${RUN}\n`);
    cut.proxy.answer(
      "GET /sw.js",
      Buffer.concat([
        Buffer.from(
          `HTTP/1.1 200 OK\r\nContent-Type: text/javascript\r\nCache-Control: no-cache\r\nContent-Length: ${next.length}\r\nConnection: close\r\n\r\n`,
        ),
        next,
      ]),
    );
    await page.goto("/outbox");
    await expect(page.locator('[data-count="waiting"] dd')).toHaveText("1");
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))?.update());
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Update now" }).click({ timeout: 20_000 });
    await reloaded;
    let rows = await outbox(page);
    expect(rows.filter((r) => r.status === "waiting")).toHaveLength(1);

    await context.unroute("**/outbox/session");
    await page.goto("/outbox");
    await page.getByRole("button", { name: "Send now" }).click();
    await expect(page.locator('[data-status="sent"]')).toHaveCount(1, { timeout: 15_000 });
    rows = await outbox(page);
    expect(pending(rows)).toBe(0);
    expect((await totals(cut.base)).farmers).toBe(before.farmers + 1);
    await context.close();
  });

  test("the same plot edited online and offline: the phone shows both versions and the user chooses", async ({
    browser,
  }) => {
    const context = await cut.phone(browser);
    // The land inspector: boundaries are theirs to edit.
    const page = await readyForField(context, ACCOUNTS.landInspector);
    const farmerId = await onlineFarmer(page);
    const plotId = await mapOnline(page, farmerId, "2012", `Outbox conflict ${RUN}`, square(61));
    const editUrl = `/land-plot-details/${plotId}/edit`;
    await page.goto(editUrl); // kept by the service worker for offline work
    await expect(page.getByLabel("New boundary")).toBeVisible();
    await keptOffline(page, editUrl);

    // On the phone, offline: a new boundary based on version 1.
    await context.setOffline(true);
    await page.goto(editUrl);
    const mine = square(62);
    await page.getByLabel("New boundary").fill(mine);
    await page.getByRole("button", { name: "Save the new boundary" }).click();
    await queued(page, 1);

    // Meanwhile, in the office (online): another boundary, so the plot moves to version 2.
    const office = await cut.phone(browser);
    const desk = await office.newPage();
    await signIn(desk, ACCOUNTS.landInspector);
    await desk.goto(editUrl);
    const theirs = square(63);
    await desk.getByLabel("New boundary").fill(theirs);
    await desk.getByRole("button", { name: "Save the new boundary" }).click();
    await expect(desk).toHaveURL(/edited=2/, { timeout: 20_000 });
    await office.close();

    await context.setOffline(false);
    await page.goto("/outbox");
    await page.getByRole("button", { name: "Send now" }).click();
    const item = page.locator('[data-status="conflict"]');
    await expect(item).toBeVisible();
    const table = item.getByTestId("outbox-conflict");
    await expect(table).toContainText(theirs.split("\n")[0]!);
    await expect(table).toContainText(mine.split("\n")[0]!);
    await expect(table.getByRole("row", { name: /version/ })).toContainText("2");

    await item.getByRole("button", { name: "Keep mine" }).click();
    await expect(page.locator('[data-status="sent"]')).toHaveCount(1, { timeout: 15_000 });
    await expect(page.locator('[data-status="sent"]')).toContainText("v3");
    await context.close();
  });
  test("a field visit recorded offline is queued whole and sent exactly once after reconnecting", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await cut.phone(browser);
    const page = await readyForField(context, ACCOUNTS.landInspector);
    const farmerId = await onlineFarmer(page);
    const plotId = await mapOnline(page, farmerId, "2013", `Outbox visit ${RUN}`, square(65));
    const visitUrl = `/land-plot-details/${plotId}/visit`;
    await page.goto(visitUrl); // kept by the service worker (a field page visited online)
    await keptOffline(page, visitUrl);

    await context.setOffline(true);
    await page.goto(visitUrl);
    const findings = `Pegs at every corner, visited offline ${RUN}`;
    await page.getByLabel("Findings").fill(findings);
    await page.getByRole("radio", { name: /^Confirmed/ }).check();
    await page.getByLabel("Photos (optional)").setInputFiles([
      { name: "visit-1.jpg", mimeType: "image/jpeg", buffer: PHOTO },
      { name: "visit-2.jpg", mimeType: "image/jpeg", buffer: PHOTO },
    ]);
    await page.getByRole("button", { name: "Record the visit" }).click();
    await queued(page, 1);
    let rows = await outbox(page);
    expect(rows.filter((r) => r.kind === "visit" && r.status === "waiting")).toHaveLength(1);

    // Back online, with the connection dropping a few times while the outbox sends.
    await context.setOffline(false);
    for (let n = 0; n < 5; n++) {
      const kick = page.evaluate(() => window.dispatchEvent(new Event("online"))).catch(() => undefined);
      await cut.proxy.nextRequest(400);
      cut.proxy.cut();
      await kick;
    }
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.dispatchEvent(new Event("online")));
          return pending(await outbox(page));
        },
        { timeout: 30_000, intervals: [500] },
      )
      .toBe(0);
    rows = await outbox(page);
    const sent = rows.filter((r) => r.kind === "visit");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.status).toBe("sent");
    expect(sent[0]!.receipt).toBeTruthy();

    // The server holds exactly one visit, with both photos, whatever was resent on the way.
    await page.goto(`/land-plot-details/${plotId}`);
    const visits = page.getByTestId("plot-visits").locator("li");
    await expect(visits).toHaveCount(1);
    await expect(visits.first()).toContainText(findings);
    await expect(visits.first().getByRole("link", { name: /^Photo/ })).toHaveCount(2);
    await context.close();
  });
});
