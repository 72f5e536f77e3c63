import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import {
  clearAllSessionKeys,
  clearExecutiveTokens,
  clearMonitoringSession,
  clearSessionKeys,
  storeBrowserSession,
  tokenClaims,
} from "#app/lib/browser-session";
import { MemoryStorage } from "./memory-storage";

const SESSION = {
  token: "header.payload.sig",
  userType: "farmer",
  userRole: "farmer",
  userId: "u-42",
  username: "FRM123456",
};

/** Every key a full sign-in can leave behind, plus unrelated keys that must survive. */
const FULL = {
  authToken: "t",
  userType: "dg",
  userRole: "dg",
  userId: "u-1",
  username: "DG.ADMIN",
  dgToken: "t",
  ddgotsToken: "t2",
  ddgafToken: "t3",
  "offlineVerifier:/api/auth/dg-login:DG.ADMIN": "{}",
  theme: "dark",
};

function b64url(text: string) {
  return Buffer.from(text, "utf8").toString("base64url");
}

describe("storeBrowserSession (docs/product.md §3, §4)", () => {
  /** The five session keys SESSION is stored under. */
  const STORED = {
    authToken: "header.payload.sig",
    userType: "farmer",
    userRole: "farmer",
    userId: "u-42",
    username: "FRM123456",
  };

  it("writes exactly the five session keys", () => {
    const storage = new MemoryStorage();

    storeBrowserSession(storage, SESSION);

    expect(storage.snapshot()).toEqual(STORED);
  });

  it.each(["dgToken", "ddgotsToken", "ddgafToken"] as const)(
    "also stores the token under %s for an executive",
    (key) => {
      const storage = new MemoryStorage();

      storeBrowserSession(storage, { ...SESSION, userType: "executive", userRole: "dg" }, key);

      expect(storage.snapshot()).toEqual({
        ...STORED,
        userType: "executive",
        userRole: "dg",
        [key]: "header.payload.sig",
      });
    },
  );

  it("overwrites a previous session's values", () => {
    const storage = new MemoryStorage({
      authToken: "old",
      userType: "buyer",
      userRole: "buyer",
      userId: "u-1",
      username: "BYR-1",
    });

    storeBrowserSession(storage, SESSION);

    expect(storage.snapshot()).toEqual(STORED);
  });
});

describe("clearing session keys", () => {
  it("clearExecutiveTokens removes only the three executive tokens (buyer login does this first)", () => {
    const storage = new MemoryStorage(FULL);

    clearExecutiveTokens(storage);

    const { dgToken: _a, ddgotsToken: _b, ddgafToken: _c, ...rest } = FULL;
    expect(storage.snapshot()).toEqual(rest);
  });

  it("clearSessionKeys removes only the five session keys (office login does this first)", () => {
    const storage = new MemoryStorage(FULL);

    clearSessionKeys(storage);

    expect(storage.snapshot()).toEqual({
      dgToken: "t",
      ddgotsToken: "t2",
      ddgafToken: "t3",
      "offlineVerifier:/api/auth/dg-login:DG.ADMIN": "{}",
      theme: "dark",
    });
  });

  it("clearAllSessionKeys (logout) removes both sets and keeps the rest", () => {
    const storage = new MemoryStorage(FULL);

    clearAllSessionKeys(storage);

    expect(storage.snapshot()).toEqual({ "offlineVerifier:/api/auth/dg-login:DG.ADMIN": "{}", theme: "dark" });
  });

  it("clearMonitoringSession signs out only a stored 'monitoring' user", () => {
    const monitoring = new MemoryStorage({ ...FULL, userType: "monitoring" });
    expect(clearMonitoringSession(monitoring)).toBe(true);
    expect(Object.keys(monitoring.snapshot()).sort()).toEqual(
      ["ddgafToken", "ddgotsToken", "dgToken", "offlineVerifier:/api/auth/dg-login:DG.ADMIN", "theme"].sort(),
    );

    const farmer = new MemoryStorage({ ...FULL, userType: "farmer" });
    expect(clearMonitoringSession(farmer)).toBe(false);
    expect(farmer.snapshot()).toEqual({ ...FULL, userType: "farmer" });
  });
});

describe("tokenClaims", () => {
  it("decodes the base64url payload of a JWT", () => {
    const payload = { sub: "u-42", role: "farmer", utp: "farmer", lid: "FRM123456", name: "Musu Kollie", mcp: true };
    const token = `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify(payload))}.sig`;

    expect(tokenClaims(token)).toEqual(payload);
  });

  it("decodes payloads that need the base64url alphabet and padding", () => {
    // "?>" and "~~" produce '/' '+' in standard base64, i.e. '_' '-' in base64url; lengths vary the padding.
    for (const name of ["?>?>", "~~~", "a", "ab", "abc"]) {
      const token = `h.${b64url(JSON.stringify({ name }))}.s`;
      expect(token).not.toContain("=");
      expect(tokenClaims(token)).toEqual({ name });
    }
    expect(b64url(JSON.stringify({ name: "?>?>" }))).toMatch(/[-_]/);
  });

  it("reads the claims of a token signed the way the worker signs it, including non-ASCII names", async () => {
    const token = await new SignJWT({
      sid: "s1",
      role: "farmer",
      utp: "farmer",
      lid: "FRM123456",
      name: "Zoë Kpàn",
      mcp: false,
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject("u-42")
      .sign(new TextEncoder().encode("test-secret-test-secret-test-secret"));

    expect(tokenClaims(token)).toMatchObject({
      sub: "u-42",
      role: "farmer",
      utp: "farmer",
      lid: "FRM123456",
      name: "Zoë Kpàn",
      mcp: false,
    });
  });

  it("returns {} for a missing or malformed token", () => {
    expect(tokenClaims(undefined)).toEqual({});
    expect(tokenClaims("")).toEqual({});
    expect(tokenClaims("garbage")).toEqual({});
    expect(tokenClaims("a.!!!not-base64!!!.c")).toEqual({});
    expect(tokenClaims(`a.${b64url("not json")}.c`)).toEqual({});
    expect(tokenClaims("offline-1712345678")).toEqual({});
  });
});
