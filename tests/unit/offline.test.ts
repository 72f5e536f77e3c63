import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiRequest, fetchQueryKey, serverMessage } from "#app/lib/api-client";
import { OFFLINE_USER_ID, storeOfflineVerifier } from "#app/lib/offline";
import { AUTH_MESSAGES } from "#worker/auth/messages";
import { rejection, stubBrowserEachTest } from "./browser-stubs";
import type { MemoryStorage } from "./memory-storage";
import { SPEC_OFFLINE_METRICS } from "./spec-fixtures";

const DG_LOGIN = "/api/auth/dg-login";
const PASSWORD = "Cocoa-Harvest-2026";
const DG_BODY = { username: "dg.admin", password: PASSWORD, departmentLevel: "dg" };
const DG_WHO = { userType: "dg", role: "dg", username: "DG.ADMIN", name: "Director General" };

let storage: MemoryStorage;
let fetchMock: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;

/** The JSON body inside an apiRequest error "401: {...}". */
function rejectedBody(error: Error) {
  expect(error.message.startsWith("401: ")).toBe(true);
  return JSON.parse(error.message.slice("401: ".length)) as unknown;
}

const browser = stubBrowserEachTest(false, () =>
  vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(() =>
    Promise.reject(new Error("the network must not be used while offline")),
  ),
);
beforeEach(() => {
  storage = browser.storage;
  fetchMock = browser.fetch;
});

describe("offline answers (docs/product.md §7, §8, §9)", () => {
  it("answers the dashboard metrics with the sample values, without the network", async () => {
    const res = await apiRequest("GET", "/api/dashboard/metrics");

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(SPEC_OFFLINE_METRICS);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("answers the metrics to the default query fetcher too", async () => {
    expect(await fetchQueryKey(["/api/dashboard/metrics"])).toEqual(SPEC_OFFLINE_METRICS);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("answers every other request with 'Feature not available offline'", async () => {
    const notAvailable = { success: false, message: "Feature not available offline", offlineMode: true };

    expect(await (await apiRequest("GET", "/api/farmers/FRM123456")).json()).toEqual(notAvailable);
    expect(await (await apiRequest("POST", "/api/inspections", { farmId: 3 })).json()).toEqual(notAvailable);
    expect(await (await apiRequest("DELETE", "/api/certificates/9")).json()).toEqual(notAvailable);
    expect(await fetchQueryKey(["/api/auth/me"])).toEqual(notAvailable);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("offline sign-in", () => {
  it("stores a verifier that does not contain the password", async () => {
    await storeOfflineVerifier(DG_LOGIN, DG_BODY, DG_WHO);

    const entries = storage.entries();
    expect(entries).toHaveLength(1);
    const [key, value] = entries[0]!;
    expect(key).toBe("offlineVerifier:/api/auth/dg-login:DG.ADMIN");
    expect(value).not.toContain(PASSWORD);
    expect(value.toLowerCase()).not.toContain(PASSWORD.toLowerCase());
    expect(value).not.toContain(btoa(PASSWORD));
    const verifier = JSON.parse(value) as Record<string, unknown>;
    expect(Object.values(verifier)).not.toContain(PASSWORD);
    expect(verifier).toMatchObject({ userType: "dg", role: "dg", username: "DG.ADMIN", name: "Director General" });
    expect(verifier.iterations).toBeGreaterThanOrEqual(100_000);
  });

  it("salts each verifier: the same password gives different stored hashes", async () => {
    await storeOfflineVerifier(DG_LOGIN, DG_BODY, DG_WHO);
    await storeOfflineVerifier(
      "/api/auth/ddgots-login",
      { ...DG_BODY, username: "ddgots.admin" },
      { ...DG_WHO, role: "ddgots" },
    );

    const [first, second] = storage.entries().map(([, v]) => JSON.parse(v) as { salt: string; hash: string });
    expect(first!.salt).not.toBe(second!.salt);
    expect(first!.hash).not.toBe(second!.hash);
  });

  it("stores nothing when there is no password", async () => {
    await storeOfflineVerifier(DG_LOGIN, { username: "dg.admin", password: "" }, DG_WHO);
    await storeOfflineVerifier(DG_LOGIN, { username: "dg.admin" }, DG_WHO);

    expect(storage.length).toBe(0);
  });

  it("succeeds with 'Offline authentication successful' after an earlier sign-in with the same credentials", async () => {
    await storeOfflineVerifier(DG_LOGIN, DG_BODY, DG_WHO);

    const res = await apiRequest("POST", DG_LOGIN, DG_BODY);

    expect(await res.json()).toEqual({
      success: true,
      message: "Offline authentication successful",
      offlineMode: true,
      user: { id: OFFLINE_USER_ID, role: "dg", userType: "dg", username: "DG.ADMIN", name: "Director General" },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("gives the offline user the placeholder id, not a real account id", async () => {
    expect(OFFLINE_USER_ID).toBe("offline-user");
    await storeOfflineVerifier(
      "/api/farmers/login",
      { credentialId: "FRM123456", password: PASSWORD },
      {
        userType: "farmer",
        role: "farmer",
        username: "FRM123456",
        name: "Musu Kollie",
      },
    );

    const reply = (await (
      await apiRequest("POST", "/api/farmers/login", { credentialId: "FRM123456", password: PASSWORD })
    ).json()) as {
      user: { id: string };
    };

    expect(reply.user.id).toBe(OFFLINE_USER_ID);
  });

  it("rejects a wrong password with the offline wrong-password message", async () => {
    await storeOfflineVerifier(DG_LOGIN, DG_BODY, DG_WHO);

    const error = await rejection(apiRequest("POST", DG_LOGIN, { ...DG_BODY, password: "Cocoa-Harvest-2025" }));

    expect(rejectedBody(error)).toEqual({
      success: false,
      message: AUTH_MESSAGES.offlineWrongPassword,
      offlineMode: true,
    });
    expect(serverMessage(error, "fallback")).toBe(
      "You are offline and the password does not match the one last used on this device.",
    );
  });

  it("rejects an account that never signed in on this device", async () => {
    const error = await rejection(apiRequest("POST", DG_LOGIN, DG_BODY));

    expect(rejectedBody(error)).toEqual({
      success: false,
      message: AUTH_MESSAGES.offlineNoVerifier,
      offlineMode: true,
    });
    expect(serverMessage(error, "fallback")).toBe(
      "You are offline and this account has not signed in on this device before. Connect to the internet to sign in the first time.",
    );
  });

  it("does not accept a verifier stored for another login ID or another endpoint", async () => {
    await storeOfflineVerifier(DG_LOGIN, DG_BODY, DG_WHO);

    const otherId = await rejection(apiRequest("POST", DG_LOGIN, { ...DG_BODY, username: "dg.deputy" }));
    expect(serverMessage(otherId, "fallback")).toBe(AUTH_MESSAGES.offlineNoVerifier);

    const otherPortal = await rejection(apiRequest("POST", "/api/auth/ddgaf-login", DG_BODY));
    expect(serverMessage(otherPortal, "fallback")).toBe(AUTH_MESSAGES.offlineNoVerifier);
  });

  it("treats a GET to a login URL as an ordinary unavailable request, not a sign-in", async () => {
    await storeOfflineVerifier(DG_LOGIN, DG_BODY, DG_WHO);

    expect(await (await apiRequest("GET", DG_LOGIN)).json()).toEqual({
      success: false,
      message: "Feature not available offline",
      offlineMode: true,
    });
  });
});

describe("online", () => {
  it("goes to the network instead of answering locally", async () => {
    vi.stubGlobal("navigator", { onLine: true });
    fetchMock.mockResolvedValueOnce(new Response('{"live":true}', { headers: { "Content-Type": "application/json" } }));

    const res = await apiRequest("GET", "/api/dashboard/metrics");

    expect(await res.json()).toEqual({ live: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
