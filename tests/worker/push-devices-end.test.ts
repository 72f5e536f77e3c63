/**
 * Web Push (ADR 028), who a device belongs to and when it stops: an endpoint another account
 * registered is refused unless the request carries that browser's own keys; signing out removes
 * the device that session registered; deactivation and a password reset (the person's own change
 * and an administrator's reset) remove every device of the account. Each removal is audited.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#worker/services/auth/password";
import { sessionAs } from "./factories";
import { bearer, call, count, one, postForm } from "./helpers";
import { csrfOf } from "./html";
import { ANDROID_CHROME, jsonOf } from "./profile-fixtures";
import { browserKeys } from "./push-fixtures";

const PASSWORD = "Push#Device-2026";
let admin: { token: string };
let ip = 0;

beforeAll(async () => {
  admin = await sessionAs("system_administrator");
});

/** An exporter account of this file only (deactivating or resetting it touches no other test). */
async function account(loginId: string) {
  const id = `push-${loginId}`;
  await env.DB.prepare(
    `INSERT INTO users (id, login_id, login_id_normalized, role, first_name, last_name, company_name, password_hash, active, must_change_password, is_demo)
     VALUES (?, ?, ?, 'exporter', 'Push', 'Tester', 'Push Exports', ?, 1, 0, 0)`,
  )
    .bind(id, loginId, loginId.toUpperCase(), await hashPassword(PASSWORD))
    .run();
  return id;
}

/** One sign-in (one session) of `loginId`: its token and cookie. */
async function signIn(loginId: string, password = PASSWORD) {
  ip += 1;
  const res = await call("/api/auth/exporter-login", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `10.69.1.${ip}`, "User-Agent": ANDROID_CHROME },
    body: JSON.stringify({ username: loginId, password }),
  });
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return { token, cookie: res.headers.get("set-cookie")!.split(";")[0]! };
}

type Keys = Awaited<ReturnType<typeof browserKeys>>;
const subscribeWith = (token: string, endpoint: string, keys: Keys) =>
  bearer(token, "/api/push/subscriptions", "POST", { endpoint, keys: { p256dh: keys.p256dh, auth: keys.authB64 } });

/** Subscribes a new browser for this session; its endpoint and device id. */
async function device(token: string) {
  const endpoint = `https://push.example.test/device/${crypto.randomUUID()}`;
  const res = await subscribeWith(token, endpoint, await browserKeys());
  expect(res.status).toBe(200);
  return { endpoint, id: (await jsonOf(res)).device.id as string };
}

const devicesOf = (userId: string) => count("SELECT COUNT(*) AS n FROM push_subscriptions WHERE user_id = ?", userId);
const revoked = (deviceId: string, reason: string) =>
  count(
    `SELECT COUNT(*) AS n FROM audit_log WHERE action = 'push_subscription.revoke' AND entity_id = ? AND "after" LIKE ?`,
    deviceId,
    `%${reason}%`,
  );

describe("an endpoint another account registered", () => {
  it("is refused without that browser's keys; with them (the same browser, a new person) it moves", async () => {
    const first = await account("push.owner");
    const second = await account("push.taker");
    const owner = await signIn("push.owner");
    const taker = await signIn("push.taker");
    const keys = await browserKeys();
    const endpoint = `https://push.example.test/shared/${crypto.randomUUID()}`;
    expect((await subscribeWith(owner.token, endpoint, keys)).status).toBe(200);

    const forged = await subscribeWith(taker.token, endpoint, await browserKeys());
    expect(forged.status).toBe(409);
    const half = await subscribeWith(taker.token, endpoint, { ...(await browserKeys()), p256dh: keys.p256dh });
    expect(half.status).toBe(409);
    const row = await one<{ user_id: string; p256dh: string }>(
      "SELECT user_id, p256dh FROM push_subscriptions WHERE endpoint = ?",
      endpoint,
    );
    expect(row).toEqual({ user_id: first, p256dh: keys.p256dh });
    expect((await jsonOf(await bearer(taker.token, "/api/push/subscriptions"))).devices).toEqual([]);

    // The browser itself (its own keys): one browser, one owner, so it moves.
    expect((await subscribeWith(taker.token, endpoint, keys)).status).toBe(200);
    expect(
      (await one<{ user_id: string }>("SELECT user_id FROM push_subscriptions WHERE endpoint = ?", endpoint)).user_id,
    ).toBe(second);
  });
});

describe("when a device stops receiving", () => {
  it("signing out through the API removes the device this session registered, not the others", async () => {
    const id = await account("push.signout");
    const phone = await signIn("push.signout");
    const laptop = await signIn("push.signout");
    const onPhone = await device(phone.token);
    const onLaptop = await device(laptop.token);
    expect((await bearer(phone.token, "/api/auth/logout", "POST")).status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM push_subscriptions WHERE id = ?", onPhone.id)).toBe(0);
    expect(await revoked(onPhone.id, "sign_out")).toBe(1);
    expect(await devicesOf(id)).toBe(1);
    expect((await jsonOf(await bearer(laptop.token, "/api/push/subscriptions"))).devices[0].id).toBe(onLaptop.id);
  });

  it("signing out with the page's form removes this session's device", async () => {
    const id = await account("push.pageout");
    const s = await signIn("push.pageout");
    const mine = await device(s.token);
    const page = await (await call("/exporter-dashboard", { headers: { Cookie: s.cookie } })).text();
    const out = await postForm("/logout", s.cookie, { csrf: csrfOf(page) });
    expect(out.status).toBe(302);
    expect(await devicesOf(id)).toBe(0);
    expect(await revoked(mine.id, "sign_out")).toBe(1);
  });

  it("ending a session from my sessions list removes its device; signing out all others removes theirs, not mine", async () => {
    const id = await account("push.sessions");
    const here = await signIn("push.sessions");
    const there = await signIn("push.sessions");
    const third = await signIn("push.sessions");
    const mine = await device(here.token);
    const onThere = await device(there.token);
    const onThird = await device(third.token);
    const sessions = (await jsonOf(await bearer(here.token, "/api/profile/sessions"))).sessions as {
      id: string;
      current: boolean;
    }[];
    const others = sessions.filter((s) => !s.current);
    expect(others).toHaveLength(2);
    // Ending one other session removes the one device it registered.
    expect((await bearer(here.token, `/api/profile/sessions/${others[0]!.id}`, "DELETE")).status).toBe(200);
    expect(await devicesOf(id)).toBe(2);
    expect((await bearer(here.token, "/api/profile/sessions", "DELETE")).status).toBe(200);
    expect(await devicesOf(id)).toBe(1);
    expect((await jsonOf(await bearer(here.token, "/api/push/subscriptions"))).devices[0].id).toBe(mine.id);
    for (const d of [onThere, onThird]) expect(await revoked(d.id, "session_ended")).toBe(1);
  });

  it("deactivation removes every device of the account, audited with the change", async () => {
    const id = await account("push.deactivate");
    const a = await device((await signIn("push.deactivate")).token);
    const b = await device((await signIn("push.deactivate")).token);
    expect((await bearer(admin.token, `/api/users/${id}/deactivate`, "POST")).status).toBe(200);
    expect(await devicesOf(id)).toBe(0);
    for (const d of [a, b]) expect(await revoked(d.id, "deactivated")).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'user.deactivate' AND entity_id = ?", id),
    ).toBe(1);
  });

  it("an administrator's password reset removes every device of the account", async () => {
    const id = await account("push.reset");
    const a = await device((await signIn("push.reset")).token);
    const b = await device((await signIn("push.reset")).token);
    expect((await bearer(admin.token, `/api/users/${id}/reset-password`, "POST")).status).toBe(200);
    expect(await devicesOf(id)).toBe(0);
    for (const d of [a, b]) expect(await revoked(d.id, "password_reset")).toBe(1);
  });

  it("changing my own password removes every device of the account", async () => {
    const id = await account("push.change");
    const s = await signIn("push.change");
    const a = await device(s.token);
    const b = await device((await signIn("push.change")).token);
    const changed = await bearer(s.token, "/api/auth/change-password", "POST", {
      currentPassword: PASSWORD,
      newPassword: "Cocoa-Harbour-Gbarnga-7",
      confirmPassword: "Cocoa-Harbour-Gbarnga-7",
    });
    expect(changed.status).toBe(200);
    expect(await devicesOf(id)).toBe(0);
    for (const d of [a, b]) expect(await revoked(d.id, "password_changed")).toBe(1);
  });
});
