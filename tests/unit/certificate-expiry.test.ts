import { describe, expect, it } from "vitest";
import { EXPIRING_SOON_DAYS, expiresSoon } from "#worker/domain/certificates/expiry";

const now = new Date("2026-11-24T12:00:00Z");
const at = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

describe("expiresSoon (certificates ending within 14 days)", () => {
  it("flags a valid certificate ending within the 14 days, up to the last millisecond", () => {
    expect(EXPIRING_SOON_DAYS).toBe(14);
    expect(expiresSoon({ status: "valid", expiresAt: at(1) }, now)).toBe(true);
    expect(expiresSoon({ status: "valid", expiresAt: at(14) }, now)).toBe(true);
    expect(expiresSoon({ status: "valid", expiresAt: at(14.001) }, now)).toBe(false);
  });
  it("does not flag one already past its date, nor revoked or superseded papers", () => {
    expect(expiresSoon({ status: "valid", expiresAt: at(-0.5) }, now)).toBe(false);
    expect(expiresSoon({ status: "revoked", expiresAt: at(3) }, now)).toBe(false);
    expect(expiresSoon({ status: "superseded", expiresAt: at(3) }, now)).toBe(false);
  });
});
