import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiRequest, fetchQueryKey, isConnectionError, serverMessage } from "#app/lib/api-client";
import { rejection, stubBrowserEachTest } from "./browser-stubs";
import type { MemoryStorage } from "./memory-storage";

type FetchArgs = [url: string, init: RequestInit];

let storage: MemoryStorage;
let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

function reply(body: BodyInit | null, init: ResponseInit = {}) {
  fetchMock.mockResolvedValueOnce(new Response(body, init));
}

function json(body: unknown, status = 200) {
  reply(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const browser = stubBrowserEachTest(true, () => vi.fn<(...args: FetchArgs) => Promise<Response>>());
beforeEach(() => {
  storage = browser.storage;
  fetchMock = browser.fetch;
});

describe("apiRequest (docs/product.md §7)", () => {
  it("sends JSON, credentials and the stored bearer token", async () => {
    storage.setItem("authToken", "tok-123");
    json({ success: true });

    const res = await apiRequest("POST", "/api/farmers/profile", { name: "Musu" });

    expect(await res.json()).toEqual({ success: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/farmers/profile");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("include");
    expect(init.headers).toEqual({ "Content-Type": "application/json", Authorization: "Bearer tok-123" });
    expect(init.body).toBe('{"name":"Musu"}');
  });

  it("sends no Authorization header to URLs containing /auth/, even with a stored token", async () => {
    storage.setItem("authToken", "tok-123");
    json({ success: true });

    await apiRequest("POST", "/api/auth/buyer-login", { buyerId: "BYR-1", password: "secret1" });

    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.headers).toEqual({ "Content-Type": "application/json" });
    expect(init.credentials).toBe("include");
    expect(init.body).toBe('{"buyerId":"BYR-1","password":"secret1"}');
  });

  it("sends no Authorization header when no token is stored, and no body without data", async () => {
    json({ ok: 1 });

    await apiRequest("GET", "/api/dashboard/metrics");

    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.method).toBe("GET");
    expect(init.headers).toEqual({ "Content-Type": "application/json" });
    expect(init.body).toBeUndefined();
  });

  it("throws '<status>: <body text>' for a non-OK reply", async () => {
    json({ success: false, message: "Invalid credentials" }, 401);

    const error = await rejection(apiRequest("POST", "/api/auth/exporter-login", { username: "x", password: "y" }));

    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('401: {"success":false,"message":"Invalid credentials"}');
  });

  it("throws '<status>: <status text>' when the non-OK body is empty", async () => {
    reply(null, { status: 503, statusText: "Service Unavailable" });

    const error = await rejection(apiRequest("GET", "/api/anything"));

    expect(error.message).toBe("503: Service Unavailable");
  });

  it("rejects an OK reply with an HTML content type", async () => {
    reply("<!doctype html><title>Sign in</title>", {
      status: 200,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });

    const error = await rejection(apiRequest("GET", "/api/dashboard/metrics"));

    expect(error.message).toBe("Received HTML response instead of JSON - possible authentication issue");
  });

  it("turns a fetch failure into the network connection message", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("fetch failed"));

    const error = await rejection(apiRequest("POST", "/api/auth/dg-login", { username: "dg", password: "pw" }));

    expect(error.message).toBe("Network connection failed. Please check your internet connection and try again.");
    expect(isConnectionError(error)).toBe(true);
  });
});

describe("fetchQueryKey (the default query fetcher)", () => {
  it("GETs the query key parts joined by slashes, with credentials and bearer token", async () => {
    storage.setItem("authToken", "tok-9");
    json({ id: 12, name: "Farm 12" });

    const data = await fetchQueryKey(["/api/farms", 12, "plots"]);

    expect(data).toEqual({ id: 12, name: "Farm 12" });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/farms/12/plots");
    expect(init.method ?? "GET").toBe("GET");
    expect(init.body).toBeUndefined();
    expect(init.credentials).toBe("include");
    expect(init.headers).toEqual({ "Content-Type": "application/json", Authorization: "Bearer tok-9" });
  });

  it("sends no bearer token for /auth/ query keys", async () => {
    storage.setItem("authToken", "tok-9");
    json({ success: true });

    await fetchQueryKey(["/api/auth/me"]);

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/auth/me");
    expect(init.headers).toEqual({ "Content-Type": "application/json" });
  });

  it("turns a fetch failure into the unable-to-connect message", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("fetch failed"));

    const error = await rejection(fetchQueryKey(["/api/dashboard/metrics"]));

    expect(error.message).toBe("Unable to connect to the server. Please check your internet connection.");
    expect(isConnectionError(error)).toBe(true);
  });

  it("throws '<status>: <body>' for a non-OK reply, or answers null on 401 when asked to", async () => {
    reply("Not here", { status: 404, statusText: "Not Found" });
    expect((await rejection(fetchQueryKey(["/api/missing"]))).message).toBe("404: Not here");

    reply('{"message":"Your session has ended. Please log in again."}', { status: 401 });
    expect((await rejection(fetchQueryKey(["/api/auth/me"]))).message).toBe(
      '401: {"message":"Your session has ended. Please log in again."}',
    );

    reply('{"message":"Your session has ended. Please log in again."}', { status: 401 });
    expect(await fetchQueryKey(["/api/auth/me"], "returnNull")).toBeNull();
  });

  it("rejects an HTML reply", async () => {
    reply("<html></html>", { status: 200, headers: { "Content-Type": "text/html" } });

    const error = await rejection(fetchQueryKey(["/api/auth/me"]));

    expect(error.message).toBe("Received HTML response instead of JSON - possible authentication issue");
  });
});

describe("serverMessage", () => {
  const fallback = "Login failed. Please check your credentials.";

  it("extracts the JSON message of a '<status>: {json}' error", () => {
    expect(serverMessage(new Error('401: {"success":false,"message":"Invalid credentials"}'), fallback)).toBe(
      "Invalid credentials",
    );
    expect(
      serverMessage(
        new Error('429: {"message":"Too many failed login attempts. Please wait 5 minutes and try again."}'),
        fallback,
      ),
    ).toBe("Too many failed login attempts. Please wait 5 minutes and try again.");
  });

  it("extracts the message from a real apiRequest rejection", async () => {
    json({ success: false, message: "Access denied. Exporter credentials required." }, 403);

    const error = await rejection(apiRequest("POST", "/api/auth/exporter-login", { username: "x", password: "y" }));

    expect(serverMessage(error, fallback)).toBe("Access denied. Exporter credentials required.");
  });

  it("returns the fallback when there is no usable message", () => {
    expect(
      serverMessage(
        new Error("Network connection failed. Please check your internet connection and try again."),
        fallback,
      ),
    ).toBe(fallback);
    expect(serverMessage(new Error('401: {"success":false}'), fallback)).toBe(fallback);
    expect(serverMessage(new Error('401: {"message":""}'), fallback)).toBe(fallback);
    expect(serverMessage(new Error('401: {"message":42}'), fallback)).toBe(fallback);
    expect(serverMessage(new Error("401: "), fallback)).toBe(fallback);
    expect(serverMessage('401: {"message":"not an Error"}', fallback)).toBe(fallback);
    expect(serverMessage(undefined, fallback)).toBe(fallback);
  });

  it("shows a plain-text body as it is (e.g. the worker's 403 'Cross-site request refused')", () => {
    expect(serverMessage(new Error("403: Cross-site request refused"), fallback)).toBe("Cross-site request refused");
  });
});
