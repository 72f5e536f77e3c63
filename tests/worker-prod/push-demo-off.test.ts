import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hashPassword } from "#worker/services/auth/password";
import { call } from "../worker/helpers";
import { browserKeys } from "../worker/push-fixtures";

/** Demo mode off (production): a subscription may name only the browsers' push services, not the test one (ADR 028). */
describe("push subscriptions with demo mode off", () => {
  it("refuses the test push service and accepts FCM", async () => {
    await env.DB.prepare(
      `INSERT INTO users (id, login_id, login_id_normalized, role, first_name, last_name, company_name, password_hash, active, must_change_password, is_demo)
       VALUES ('prod-push', 'prod.push', 'PROD.PUSH', 'exporter', 'Prod', 'Push', 'Prod Exports', ?, 1, 0, 0)`,
    )
      .bind(await hashPassword("Prod#Push-2026"))
      .run();
    const login = await call("/api/auth/exporter-login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.0.9.1" },
      body: JSON.stringify({ username: "prod.push", password: "Prod#Push-2026" }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const keys = await browserKeys();
    const subscribe = (endpoint: string) =>
      call("/api/push/subscriptions", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.authB64 } }),
      });
    expect((await subscribe("https://push.example.test/send/1")).status).toBe(400);
    expect((await subscribe("https://fcm.googleapis.com/fcm/send/prod-1")).status).toBe(200);
  });
});
