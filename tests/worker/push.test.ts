/**
 * Web Push (ADR 028), end to end against a local push service the test runs: a real
 * event (a message received) writes a notice; delivery encrypts it for the subscribed browser,
 * which decrypts it here per RFC 8291 with WebCrypto; the VAPID signature verifies with the
 * public key; 410 removes the subscription; push turned off for a kind sends nothing. Who may
 * subscribe, and the /profile/push page: push-access.test.ts.
 */
import { env } from "cloudflare:workers";
import { jwtVerify } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { PUSH_MESSAGES } from "#worker/contracts/push";
import { deliverPendingPush, MAX_RUNS, type PushConfig } from "#worker/services/push/deliver-push";
import { sessionAs } from "./factories";
import { call, count, one, rows, tradeTogether } from "./helpers";
import { browserKeys, decryptPush, fromB64url, localPushService, vapidKeys } from "./push-fixtures";

type Who = { token: string; id: string; loginId: string };
const who: Record<string, Who> = {};
let vapid: Awaited<ReturnType<typeof vapidKeys>>;
let config: PushConfig;

beforeAll(async () => {
  for (const role of ["exporter", "buyer", "farmer", "port_inspector"]) {
    const s = await sessionAs(role);
    who[role] = { token: s.token, id: s.account.id, loginId: s.account.loginId };
  }
  // The exporter writes to the buyer: they trade (docs/messages.md).
  await tradeTogether(who.buyer!.id, who.exporter!.id);
  vapid = await vapidKeys();
  config = { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: "mailto:push-test@example.invalid" };
});

const api = (w: string, path: string, init: RequestInit = {}) =>
  call(path, { ...init, headers: { Authorization: `Bearer ${who[w]!.token}`, ...(init.headers ?? {}) } });
const postJson = (w: string, path: string, body: unknown, method = "POST") =>
  api(w, path, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
// biome-ignore lint/suspicious/noExplicitAny: replies are read field by field
const json = async (res: Response) => (await res.json()) as Record<string, any>;

async function subscribe(w: string, keys: Awaited<ReturnType<typeof browserKeys>>, userAgent?: string) {
  const endpoint = `https://push.example.test/send/${crypto.randomUUID()}`;
  const res = await api(w, "/api/push/subscriptions", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(userAgent ? { "User-Agent": userAgent } : {}) },
    body: JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.authB64 } }),
  });
  expect(res.status).toBe(200);
  return { endpoint, id: (await json(res)).device.id as string };
}

/** A real event: the exporter writes to the buyer, which notifies the buyer (message_received). */
async function messageToBuyer(subject: string) {
  const res = await postJson("exporter", "/api/messages/threads", {
    to: "person",
    loginId: who.buyer!.loginId,
    subject,
    body: "When can you deliver the cocoa?",
  });
  expect(res.status).toBe(201);
  return (await json(res)).threadId as string;
}

const deliver = (service: ReturnType<typeof localPushService>) =>
  deliverPendingPush({
    db: database(env.DB),
    now: () => new Date(),
    push: config,
    send: service.send,
    sleep: async () => {},
    demoMode: true,
  });

describe("push delivery, end to end", () => {
  it("a message received is pushed, encrypted (RFC 8291) for the buyer's browser and signed with VAPID", async () => {
    const keys = await browserKeys();
    const { endpoint } = await subscribe(
      "buyer",
      keys,
      "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
    );
    const threadId = await messageToBuyer("Order ORD-9 delivery");
    const service = localPushService();
    const result = await deliver(service);
    expect(result.ok).toBe(true);

    const mine = service.received.filter((r) => r.url === endpoint);
    expect(mine).toHaveLength(1);
    const got = mine[0]!;
    expect(got.headers.get("content-encoding")).toBe("aes128gcm");
    expect(Number(got.headers.get("ttl"))).toBe(86_400);

    // The browser's side: decrypt with its private key and auth secret.
    const { text, rs, idlen } = await decryptPush(got.body, keys);
    expect(idlen).toBe(65);
    expect(rs).toBeGreaterThanOrEqual(18);
    const payload = JSON.parse(text);
    expect(payload).toMatchObject({ kind: "message_received", url: expect.stringContaining(threadId) });
    expect(payload.title).toMatch(/message/i);
    expect(`${payload.title} ${payload.body}`).toContain("Order ORD-9 delivery");
    // Another browser's keys cannot read it.
    await expect(decryptPush(got.body, await browserKeys())).rejects.toThrow();

    // VAPID (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT signed by our private key for this push service.
    const authz = got.headers.get("authorization") ?? "";
    const match = authz.match(/^vapid t=([^,]+),\s*k=(.+)$/);
    expect(match).not.toBeNull();
    expect(match![2]).toBe(vapid.publicKey);
    const { payload: claims } = await jwtVerify(match![1]!, vapid.verifyKey, { audience: "https://push.example.test" });
    expect(claims.sub).toBe("mailto:push-test@example.invalid");

    const notice = await one<{ push_state: string; pushed_at: string | null }>(
      "SELECT push_state, pushed_at FROM notifications WHERE user_id = ? AND kind = 'message_received' ORDER BY created_at DESC LIMIT 1",
      who.buyer!.id,
    );
    expect(notice.push_state).toBe("sent");
    expect(notice.pushed_at).not.toBeNull();
    // A second run sends nothing more: the notice was settled.
    const again = localPushService();
    await deliver(again);
    expect(again.received.filter((r) => r.url === endpoint)).toHaveLength(0);
    // The device list shows the browser, its push service, and when it last received one.
    const listed = await json(await api("buyer", "/api/push/subscriptions"));
    const device = listed.devices.find((d: { service: string }) => d.service === "push.example.test");
    expect(device.device).toBe("Chrome on Android");
    expect(device.lastSuccessAt).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(endpoint);
  });

  it("a push service answering 410 Gone removes the subscription (audited); the device is no longer listed", async () => {
    const keys = await browserKeys();
    const { endpoint, id } = await subscribe("farmer", keys);
    await call("/api/push/subscriptions", { method: "GET" });
    // A notice for the farmer, as notifyStatement writes it (e.g. a plot found high risk).
    await env.DB.prepare(
      "INSERT INTO notifications (id, user_id, kind, title, body, link, created_at) VALUES (?, ?, 'plot_high_risk', 'Plot PLT-1 is high risk', 'See why', '/land-plot-details/PLT-1', ?)",
    )
      .bind(crypto.randomUUID(), who.farmer!.id, new Date().toISOString())
      .run();
    const service = localPushService((r) => (r.url === endpoint ? 410 : 201));
    const result = await deliver(service);
    expect(result.ok && result.value.removed).toBeGreaterThanOrEqual(1);
    expect(service.received.filter((r) => r.url === endpoint)).toHaveLength(1);
    expect(await count("SELECT COUNT(*) AS n FROM push_subscriptions WHERE id = ?", id)).toBe(0);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'push_subscription.expire' AND entity_id = ? AND actor_role = 'system'",
        id,
      ),
    ).toBe(1);
    expect((await json(await api("farmer", "/api/push/subscriptions"))).devices).toEqual([]);
  });

  it("push turned off for a kind: the notice is stored but nothing is sent", async () => {
    const keys = await browserKeys();
    const { endpoint } = await subscribe("buyer", keys);
    const off = await postJson(
      "buyer",
      "/api/profile/notification-preferences",
      { preferences: [{ kind: "message_received", inApp: true, push: false }] },
      "PUT",
    );
    expect(off.status).toBe(200);
    await messageToBuyer("Pushed? No.");
    const service = localPushService();
    await deliver(service);
    expect(service.received.filter((r) => r.url === endpoint)).toHaveLength(0);
    const notice = await one<{ push_state: string; title: string }>(
      "SELECT push_state, title FROM notifications WHERE user_id = ? ORDER BY created_at DESC LIMIT 1",
      who.buyer!.id,
    );
    expect(notice.push_state).toBe("skipped");
    // Still in my notices list: the preference only stops the push.
    const notices = await json(await api("buyer", "/api/notifications?limit=5"));
    expect(notices.notices.length).toBeGreaterThan(0);
    await postJson(
      "buyer",
      "/api/profile/notification-preferences",
      { preferences: [{ kind: "message_received", inApp: true, push: true }] },
      "PUT",
    );
  });

  it("a push service that fails (500, then unreachable) is retried; later runs stop after MAX_RUNS", async () => {
    const keys = await browserKeys();
    const { endpoint } = await subscribe("port_inspector", keys);
    const noticeId = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO notifications (id, user_id, kind, title, body, created_at) VALUES (?, ?, 'inspection_scheduled', 'Inspection assigned', 'Batch LR-1', ?)",
    )
      .bind(noticeId, who.port_inspector!.id, new Date().toISOString())
      .run();
    // First try 500, second 201: one run, sent.
    const flaky = localPushService((r, n) => (r.url === endpoint && n === 1 ? 500 : 201));
    await deliver(flaky);
    expect(flaky.received.filter((r) => r.url === endpoint)).toHaveLength(2);
    expect(
      (await one<{ push_state: string }>("SELECT push_state FROM notifications WHERE id = ?", noticeId)).push_state,
    ).toBe("sent");

    // Always 503: each run tries 3 times, then leaves it for a retry, until MAX_RUNS runs.
    const second = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO notifications (id, user_id, kind, title, body, created_at) VALUES (?, ?, 'inspection_scheduled', 'Inspection assigned', 'Batch LR-2', ?)",
    )
      .bind(second, who.port_inspector!.id, new Date().toISOString())
      .run();
    const down = localPushService((r) => (r.url === endpoint ? 503 : 201));
    for (let run = 0; run < MAX_RUNS + 2; run++) await deliver(down);
    expect(down.received.filter((r) => r.url === endpoint)).toHaveLength(MAX_RUNS * 3);
    const settled = await one<{ push_state: string; push_attempts: number }>(
      "SELECT push_state, push_attempts FROM notifications WHERE id = ?",
      second,
    );
    expect(settled).toEqual({ push_state: "failed", push_attempts: MAX_RUNS });
    const [sub] = await rows<{ last_failure: string }>(
      "SELECT last_failure FROM push_subscriptions WHERE endpoint = ?",
      endpoint,
    );
    // What the device shows is one generic sentence, never the push service's answer.
    expect(sub!.last_failure).toBe(PUSH_MESSAGES.deliveryFailed);
  });
});

describe("the subscription API", () => {
  it("refuses malformed subscriptions and endpoints that are not https push services", async () => {
    const keys = await browserKeys();
    for (const endpoint of [
      "http://push.example.test/x",
      "https://127.0.0.1/x",
      "https://localhost/x",
      "https://user:pw@push.example.test/x",
      "not a url",
    ]) {
      const res = await postJson("exporter", "/api/push/subscriptions", {
        endpoint,
        keys: { p256dh: keys.p256dh, auth: keys.authB64 },
      });
      expect(res.status, endpoint).toBe(400);
    }
    const short = await postJson("exporter", "/api/push/subscriptions", {
      endpoint: "https://push.example.test/ok",
      keys: { p256dh: keys.p256dh.slice(0, 20), auth: keys.authB64 },
    });
    expect(short.status).toBe(400);
    expect(fromB64url(keys.p256dh)).toHaveLength(65);
  });

  it("IDOR: another account's device cannot be removed (404) and is not listed; the owner can remove it", async () => {
    const keys = await browserKeys();
    const { id } = await subscribe("exporter", keys);
    const refused = await api("buyer", `/api/push/subscriptions/${id}`, { method: "DELETE" });
    expect(refused.status).toBe(404);
    expect((await json(refused)).message).toBe("Device not found");
    expect(await count("SELECT COUNT(*) AS n FROM push_subscriptions WHERE id = ?", id)).toBe(1);
    const buyerList = await json(await api("buyer", "/api/push/subscriptions"));
    expect(buyerList.devices.map((d: { id: string }) => d.id)).not.toContain(id);

    const removed = await api("exporter", `/api/push/subscriptions/${id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM push_subscriptions WHERE id = ?", id)).toBe(0);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'push_subscription.delete' AND entity_id = ? AND actor_id = ?",
        id,
        who.exporter!.id,
      ),
    ).toBe(1);
  });

  it("the same browser (its own keys) subscribing for another account moves to that account (one browser, one owner)", async () => {
    const keys = await browserKeys();
    const { endpoint, id } = await subscribe("exporter", keys);
    const res = await postJson("buyer", "/api/push/subscriptions", {
      endpoint,
      keys: { p256dh: keys.p256dh, auth: keys.authB64 },
    });
    expect(res.status).toBe(200);
    const owner = await one<{ user_id: string; id: string }>(
      "SELECT user_id, id FROM push_subscriptions WHERE endpoint = ?",
      endpoint,
    );
    expect(owner).toEqual({ user_id: who.buyer!.id, id });
    expect(
      (await json(await api("exporter", "/api/push/subscriptions"))).devices.map((d: { id: string }) => d.id),
    ).not.toContain(id);
  });

  it("signed out: every /api/push route answers 401 JSON", async () => {
    for (const [method, path] of [
      ["GET", "/api/push/public-key"],
      ["GET", "/api/push/subscriptions"],
      ["POST", "/api/push/subscriptions"],
      ["DELETE", "/api/push/subscriptions/x"],
    ] as const) {
      const res = await call(path, { method });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.headers.get("content-type")).toContain("application/json");
    }
  });
});
