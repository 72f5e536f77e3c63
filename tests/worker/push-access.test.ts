/**
 * Web Push (ADR 028), who may do what: every signed-in role subscribes, lists and
 * removes only its own devices through /api/push; the /profile/push page works with JavaScript
 * off and another account's device can be neither listed nor removed there. Split from
 * push.test.ts.
 */
import { describe, expect, it } from "vitest";
import { ROLES } from "#worker/auth/roles";
import { sessionAs } from "./factories";
import { call, count, postForm } from "./helpers";
import { csrfOf, decodeHtml } from "./html";
import { signInFrom, WINDOWS_FIREFOX } from "./profile-fixtures";
import { browserKeys } from "./push-fixtures";

// biome-ignore lint/suspicious/noExplicitAny: replies are read field by field
const json = async (res: Response) => (await res.json()) as Record<string, any>;

describe("role matrix: /api/push for every role", () => {
  it("every signed-in role subscribes, lists and removes its own device", async () => {
    for (const role of ROLES) {
      const s = await sessionAs(role);
      const auth = { Authorization: `Bearer ${s.token}` };
      const keys = await browserKeys();
      const added = await call("/api/push/subscriptions", {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({
          endpoint: `https://push.example.test/role/${role}`,
          keys: { p256dh: keys.p256dh, auth: keys.authB64 },
        }),
      });
      expect(added.status, role).toBe(200);
      const id = (await json(added)).device.id;
      const listed = await json(await call("/api/push/subscriptions", { headers: auth }));
      expect(
        listed.devices.map((d: { id: string }) => d.id),
        role,
      ).toContain(id);
      expect((await call("/api/push/public-key", { headers: auth })).status, role).toBe(200);
      expect((await call(`/api/push/subscriptions/${id}`, { method: "DELETE", headers: auth })).status, role).toBe(200);
    }
  });
});

describe("/profile/push with JavaScript off", () => {
  const page = async (path: string, cookie: string) => {
    const res = await call(path, { headers: { Cookie: cookie } });
    return { res, html: decodeHtml(await res.text()) };
  };
  const post = (cookie: string, fields: [string, string][]) => postForm("/profile/push", cookie, fields);

  it("lists my devices and removes one with a plain form (CSRF checked); another account's device id is refused", async () => {
    const me = await signInFrom("ddgaf");
    const other = await signInFrom("exporter", WINDOWS_FIREFOX);
    const keys = await browserKeys();
    const mine = await call("/api/push/subscriptions", {
      method: "POST",
      headers: { ...me.auth, "Content-Type": "application/json", "User-Agent": WINDOWS_FIREFOX },
      body: JSON.stringify({
        endpoint: "https://push.example.test/page/1",
        keys: { p256dh: keys.p256dh, auth: keys.authB64 },
      }),
    });
    const myId = (await json(mine)).device.id as string;
    const theirs = await call("/api/push/subscriptions", {
      method: "POST",
      headers: { ...other.auth, "Content-Type": "application/json" },
      body: JSON.stringify({
        endpoint: "https://push.example.test/page/2",
        keys: { p256dh: keys.p256dh, auth: keys.authB64 },
      }),
    });
    const theirId = (await json(theirs)).device.id as string;

    const { res, html } = await page("/profile/push", me.cookie);
    expect(res.status).toBe(200);
    expect(html).toContain("Push notifications");
    expect(html).toContain("Firefox on Windows");
    expect(html).toContain("push.example.test");
    expect(html).toContain(`name="deviceId" value="${myId}"`);
    expect(html).not.toContain(theirId);
    // Push is not configured in the test Worker: the page says so instead of offering the button.
    expect(html).toContain("Push notifications are not set up on this server yet.");
    expect(html).toContain('href="/profile/push"');

    expect((await post(me.cookie, [["deviceId", myId]])).status).toBe(403);
    const refused = await post(me.cookie, [
      ["csrf", csrfOf(html)],
      ["deviceId", theirId],
    ]);
    expect(refused.status).toBe(404);
    expect(decodeHtml(await refused.text())).toContain("Device not found");
    expect(await count("SELECT COUNT(*) AS n FROM push_subscriptions WHERE id = ?", theirId)).toBe(1);

    const removed = await post(me.cookie, [
      ["csrf", csrfOf(html)],
      ["deviceId", myId],
    ]);
    expect(removed.status).toBe(302);
    expect(removed.headers.get("location")).toBe("/profile/push?done=removed");
    const after = await page("/profile/push?done=removed", me.cookie);
    expect(after.html).toContain("The device is removed: it no longer receives push notifications.");
    expect(after.html).toContain("No device receives push notifications.");
  });

  it("every signed-in role opens /profile/push; signed out → the portals page", async () => {
    for (const role of ROLES) {
      const s = await sessionAs(role);
      const res = await call("/profile/push", { headers: { Cookie: s.cookie } });
      await res.arrayBuffer();
      expect(res.status, role).toBe(200);
    }
    const out = await call("/profile/push");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe(`/portals?redirectTo=${encodeURIComponent("/profile/push")}`);
  });
});
