import { describe, expect, it } from "vitest";
import { userWithSession } from "../worker/factories";
import { call } from "../worker/helpers";
import { browserKeys } from "../worker/push-fixtures";

/** Demo mode off (production): a subscription may name only the browsers' push services, not the test one (ADR 028). */
describe("push subscriptions with demo mode off", () => {
  it("refuses the test push service and accepts FCM", async () => {
    const { token } = await userWithSession({
      id: "prod-push",
      loginId: "prod.push",
      role: "exporter",
      firstName: "Prod",
      lastName: "Push",
      companyName: "Prod Exports",
    });
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
