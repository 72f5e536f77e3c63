import { describe, expect, it } from "vitest";
import { isPushServiceEndpoint } from "#worker/domain/push-endpoint";

/** Where the Worker may post a push (ADR 028): the browsers' push services on 443; the test service in demo mode. */
describe("isPushServiceEndpoint", () => {
  const services = [
    "https://fcm.googleapis.com/fcm/send/abc",
    "https://fcm.googleapis.com/wp/abc",
    "https://FCM.googleapis.com:443/wp/abc",
    "https://updates.push.services.mozilla.com/wpush/v2/abc",
    "https://wns2-par02p.notify.windows.com/w/?token=abc",
    "https://db5p.notify.windows.com/w/?token=abc",
    "https://web.push.apple.com/abc",
  ];
  const refused = [
    "https://localhost./x",
    "https://vm./x",
    "https://metadata.google.internal/computeMetadata/v1/",
    "https://169.254.169.254.nip.io/latest/meta-data/",
    "https://example.invalid:22/x",
    "https://127.0.0.1/x",
    "https://[::1]/x",
    "https://fcm.googleapis.com./x",
    "https://fcm.googleapis.com:8443/x",
    "https://fcm.googleapis.com.attacker.example/x",
    "https://attacker.example/fcm.googleapis.com",
    "https://attacker.example/?fcm.googleapis.com",
    "https://xfcm.googleapis.com/x",
    "https://user@fcm.googleapis.com/x",
    "https://user:pw@fcm.googleapis.com/x",
    "http://fcm.googleapis.com/x",
    "wss://fcm.googleapis.com/x",
    "https://push.services.mozilla.com/x",
    "https://.push.services.mozilla.com/x",
    "https://notify.windows.com/x",
    "https://a_b.notify.windows.com/x",
    "https://push.apple.com/x",
    "https://web.push.apple.com.evil.example/x",
    "https://web.push.apple.com%2f.evil.example/x",
    "https://push.example.test:8443/x",
    "https://other.example.test/x",
    "not a url",
    "",
  ];

  it("accepts the push services whatever the mode", () => {
    for (const url of services) {
      expect(isPushServiceEndpoint(url, { demoMode: false }), url).toBe(true);
      expect(isPushServiceEndpoint(url, { demoMode: true }), url).toBe(true);
    }
  });

  it("refuses every other host, port, scheme and userinfo, in both modes", () => {
    for (const url of refused) {
      expect(isPushServiceEndpoint(url, { demoMode: true }), url).toBe(false);
      expect(isPushServiceEndpoint(url, { demoMode: false }), url).toBe(false);
    }
  });

  it("the test push service only in demo mode", () => {
    expect(isPushServiceEndpoint("https://push.example.test/send/1", { demoMode: true })).toBe(true);
    expect(isPushServiceEndpoint("https://push.example.test/send/1", { demoMode: false })).toBe(false);
  });
});
