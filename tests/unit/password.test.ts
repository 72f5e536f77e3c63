import { describe, expect, it } from "vitest";
import { isCommonPassword } from "#worker/services/auth/common-passwords";
import {
  ASVS_SCRYPT_MINIMUM,
  DUMMY_HASH,
  hashPassword,
  needsRehash,
  SCRYPT_PARAMS,
  verifyPassword,
  WORKERS_SCRYPT_CAP,
} from "#worker/services/auth/password";

describe("password hashing parameters", () => {
  it("meet the ASVS 5.0 scrypt minimum", () => {
    expect(SCRYPT_PARAMS.N).toBeGreaterThanOrEqual(ASVS_SCRYPT_MINIMUM.N);
    expect(SCRYPT_PARAMS.r).toBe(ASVS_SCRYPT_MINIMUM.r);
    expect(SCRYPT_PARAMS.p).toBeGreaterThanOrEqual(ASVS_SCRYPT_MINIMUM.p);
  });

  it("stay within the Workers production cap (N·r·p ≤ 2^20)", () => {
    expect(SCRYPT_PARAMS.N * SCRYPT_PARAMS.r * SCRYPT_PARAMS.p).toBeLessThanOrEqual(WORKERS_SCRYPT_CAP);
  });
});

describe("hash and verify", () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("cocoa-harvest-2026");
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword("cocoa-harvest-2026", hash)).toBe(true);
    expect(await verifyPassword("cocoa-harvest-2027", hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("never matches the dummy hash or a malformed one", async () => {
    expect(await verifyPassword("", DUMMY_HASH)).toBe(false);
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", "scrypt$1048576$8$3$AA==$AA==")).toBe(false);
  });
});

describe("common passwords", () => {
  it("rejects the most common ones, whatever the case", () => {
    for (const p of ["123456", "password", "qwerty", "Password", "iloveyou", "abc123"]) {
      expect(isCommonPassword(p)).toBe(true);
    }
    expect(isCommonPassword("Gbarnga-cocoa-7731")).toBe(false);
  });
});
