/**
 * Web Push (ADR 028), where the Worker may post: only the browsers' own push services on port 443
 * (the test push service push.example.test only in demo mode); a redirect from a push service is
 * a failure, never followed; what a device shows after a failed delivery is one generic sentence,
 * never the push service's status or the network error. Delivery itself: push.test.ts.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { PUSH_MESSAGES } from "#worker/contracts/push";
import { deliverPendingPush, type PushConfig } from "#worker/services/push/deliver-push";
import { bearer, count, one } from "./helpers";
import { jsonOf, seedNotice, signInFrom } from "./profile-fixtures";
import { type Answer, browserKeys, localPushService, type Received, vapidKeys } from "./push-fixtures";

let me: Awaited<ReturnType<typeof signInFrom>>;
let config: PushConfig;

beforeAll(async () => {
  me = await signInFrom("warehouse_inspector");
  const vapid = await vapidKeys();
  config = { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: "mailto:push-test@example.invalid" };
});

async function subscribe(endpoint: string) {
  const keys = await browserKeys();
  return bearer(me.token, "/api/push/subscriptions", "POST", {
    endpoint,
    keys: { p256dh: keys.p256dh, auth: keys.authB64 },
  });
}

const deliver = (answer: (req: Received, n: number) => Answer, demoMode = true) => {
  const service = localPushService(answer);
  const run = deliverPendingPush({
    db: database(env.DB),
    now: () => new Date(),
    push: config,
    send: service.send,
    sleep: async () => {},
    demoMode,
  });
  return { service, run };
};

describe("which endpoints a subscription may name", () => {
  it("refuses every host that is not a browser's push service, a port other than 443, and userinfo", async () => {
    for (const endpoint of [
      "https://localhost./x",
      "https://vm./x",
      "https://metadata.google.internal/computeMetadata/v1/instance",
      "https://169.254.169.254.nip.io/latest/meta-data/",
      "https://example.invalid:22/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "https://fcm.googleapis.com./fcm/send/x",
      "https://fcm.googleapis.com.attacker.example/x",
      "https://attacker.example/fcm.googleapis.com/x",
      "https://user@fcm.googleapis.com/fcm/send/x",
      "http://fcm.googleapis.com/fcm/send/x",
      "https://push.services.mozilla.com/x",
      "https://a.b.push.apple.com.evil.example/x",
      "https://push.example.test:8443/x",
    ]) {
      const res = await subscribe(endpoint);
      expect(res.status, endpoint).toBe(400);
      expect((await jsonOf(res)).message, endpoint).toBe(PUSH_MESSAGES.endpoint);
    }
    expect(await count("SELECT COUNT(*) AS n FROM push_subscriptions WHERE user_id = ?", me.userId)).toBe(0);
  });

  it("accepts the push services of Chrome/Edge/Samsung (FCM), Firefox, Windows and Safari, and the test service in demo mode", async () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/c1:APA91b",
      "https://fcm.googleapis.com:443/wp/c2:APA91b",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
      "https://web.push.apple.com/QGy8aB",
      "https://push.example.test/demo/1",
    ]) {
      const res = await subscribe(endpoint);
      expect(res.status, endpoint).toBe(200);
    }
  });
});

describe("delivery", () => {
  it("a redirect from the push service is not followed: the device gets a generic failure", async () => {
    const endpoint = `https://push.example.test/redirect/${crypto.randomUUID()}`;
    const added = await subscribe(endpoint);
    const id = (await jsonOf(added)).device.id as string;
    await seedNotice(me.userId, "inspection_scheduled", "Inspection assigned", new Date().toISOString());
    const metadata = "https://169.254.169.254/latest/meta-data/iam/security-credentials/";
    const { service, run } = deliver((r) => (r.url === endpoint ? { status: 307, location: metadata } : 201));
    await run;
    expect(service.received.map((r) => r.url)).toContain(endpoint);
    expect(service.received.map((r) => r.url)).not.toContain(metadata);
    const listed = await jsonOf(await bearer(me.token, "/api/push/subscriptions"));
    const device = listed.devices.find((d: { id: string }) => d.id === id);
    expect(device.lastFailure).toBe(PUSH_MESSAGES.deliveryFailed);
    expect(device.lastSuccessAt).toBeNull();
  });

  it("what the push service answered, or the network error, is never stored or shown", async () => {
    const refused = `https://push.example.test/refused/${crypto.randomUUID()}`;
    const down = `https://push.example.test/down/${crypto.randomUUID()}`;
    await subscribe(refused);
    await subscribe(down);
    await seedNotice(me.userId, "inspection_scheduled", "Inspection moved", new Date().toISOString());
    const { run } = deliver((r) => {
      if (r.url === down) throw new Error("connect ECONNREFUSED 10.0.0.7:22 (ssh banner SSH-2.0-OpenSSH_9.6)");
      return r.url === refused ? 403 : 201;
    });
    await run;
    for (const endpoint of [refused, down]) {
      const row = await one<{ last_failure: string }>(
        "SELECT last_failure FROM push_subscriptions WHERE endpoint = ?",
        endpoint,
      );
      expect(row.last_failure, endpoint).toBe(PUSH_MESSAGES.deliveryFailed);
    }
    // A row that still holds an older, detailed failure shows the generic sentence too.
    const keys = await browserKeys();
    await env.DB.prepare(
      "INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, device, created_at, last_failure) VALUES (?, ?, ?, ?, ?, 'Chrome on Android', ?, 'push service unreachable: connect 10.0.0.9:22')",
    )
      .bind(
        crypto.randomUUID(),
        me.userId,
        `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
        keys.p256dh,
        keys.authB64,
        new Date().toISOString(),
      )
      .run();
    const listed = await jsonOf(await bearer(me.token, "/api/push/subscriptions"));
    const failures = listed.devices.map((d: { lastFailure: string | null }) => d.lastFailure).filter(Boolean);
    expect(failures).toHaveLength(3);
    expect(new Set(failures)).toEqual(new Set([PUSH_MESSAGES.deliveryFailed]));
    // What a person reads of each device (ids and times aside: a random id may hold "403").
    const text = JSON.stringify(
      listed.devices.map((d: { device: string; service: string; lastFailure: string | null }) => [
        d.device,
        d.service,
        d.lastFailure,
      ]),
    );
    for (const leak of ["403", "ECONNREFUSED", "10.0.0.7", "10.0.0.9", "SSH", "unreachable"])
      expect(text).not.toContain(leak);
  });

  it("a stored endpoint that is no push service (or the test service with demo mode off) is never posted to, and is removed", async () => {
    const stored = [
      "https://169.254.169.254.nip.io/latest/meta-data/",
      `https://push.example.test/old/${crypto.randomUUID()}`,
    ];
    const keys = await browserKeys();
    for (const endpoint of stored) {
      await env.DB.prepare(
        "INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, device, created_at) VALUES (?, ?, ?, ?, ?, 'Chrome on Android', ?)",
      )
        .bind(crypto.randomUUID(), me.userId, endpoint, keys.p256dh, keys.authB64, new Date().toISOString())
        .run();
    }
    await seedNotice(me.userId, "inspection_scheduled", "Inspection today", new Date().toISOString());
    const { service, run } = deliver(() => 201, false);
    await run;
    for (const endpoint of stored) {
      expect(
        service.received.map((r) => r.url),
        endpoint,
      ).not.toContain(endpoint);
      expect(await count("SELECT COUNT(*) AS n FROM push_subscriptions WHERE endpoint = ?", endpoint), endpoint).toBe(
        0,
      );
    }
    expect(
      await count(
        `SELECT COUNT(*) AS n FROM audit_log WHERE action = 'push_subscription.revoke' AND actor_id = 'system:push' AND "after" LIKE '%not_a_push_service%'`,
      ),
    ).toBeGreaterThanOrEqual(2);
  });
});
