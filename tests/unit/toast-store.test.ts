import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "#app/lib/query-client";

type Store = typeof import("#app/lib/toast-store");
let store: Store;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules(); // the store is module state: start every test with an empty queue
  store = await import("#app/lib/toast-store");
});

afterEach(() => {
  vi.useRealTimers();
});

describe("toast store (docs/product.md §9)", () => {
  it("has the spec's constants", () => {
    expect(store.TOAST_LIMIT).toBe(1);
    expect(store.TOAST_DURATION).toBe(5000);
    expect(store.TOAST_SWIPE_THRESHOLD).toBe(50);
    expect(store.TOAST_REMOVE_DELAY).toBe(1_000_000);
  });

  it("shows a toast as open, with the default variant unless told otherwise", () => {
    expect(store.currentToasts()).toEqual([]);

    const id = store.toast({ title: "Login Successful", description: "Welcome back, Musu!" });

    expect(store.currentToasts()).toEqual([
      { id, title: "Login Successful", description: "Welcome back, Musu!", variant: "default", open: true },
    ]);
  });

  it("keeps the destructive variant", () => {
    store.toast({ title: "Login Failed", description: "Invalid credentials", variant: "destructive" });

    expect(store.currentToasts()).toHaveLength(1);
    expect(store.currentToasts()[0]).toMatchObject({
      title: "Login Failed",
      description: "Invalid credentials",
      variant: "destructive",
    });
  });

  it("shows only one toast at a time: a new toast replaces the visible one", () => {
    const first = store.toast({
      title: "Missing Information",
      description: "Please enter both login ID and password",
      variant: "destructive",
    });
    const second = store.toast({ title: "Login Successful", description: "Welcome back, Musu!" });

    expect(second).not.toBe(first);
    const visible = store.currentToasts();
    expect(visible).toHaveLength(1);
    expect(visible[0]).toMatchObject({ id: second, title: "Login Successful", variant: "default", open: true });

    store.toast({ title: "Third" });
    expect(store.currentToasts().map((t) => t.title)).toEqual(["Third"]);
  });

  it("closes a dismissed toast at once but removes it only 1,000,000 ms later", () => {
    const id = store.toast({ title: "Login Failed", variant: "destructive" });

    store.dismissToast(id);

    expect(store.currentToasts()).toEqual([
      { id, title: "Login Failed", description: undefined, variant: "destructive", open: false },
    ]);
    vi.advanceTimersByTime(999_999);
    expect(store.currentToasts()).toHaveLength(1);
    expect(store.currentToasts()[0]!.open).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.currentToasts()).toEqual([]);
  });

  it("does not restart the removal delay when dismissed twice", () => {
    const id = store.toast({ title: "Login Failed" });

    store.dismissToast(id);
    vi.advanceTimersByTime(600_000);
    store.dismissToast(id);
    vi.advanceTimersByTime(400_000);

    expect(store.currentToasts()).toEqual([]);
  });

  it("dismissing one toast leaves a newer one alone", () => {
    const old = store.toast({ title: "Old" });
    store.dismissToast(old);
    const fresh = store.toast({ title: "Fresh" });

    vi.advanceTimersByTime(1_000_000);

    expect(store.currentToasts()).toEqual([
      { id: fresh, title: "Fresh", description: undefined, variant: "default", open: true },
    ]);
  });

  it("useToasts renders the store's current toasts", () => {
    function Titles() {
      const toasts = store.useToasts();
      return createElement(
        "ul",
        null,
        ...toasts.map((t) => createElement("li", { key: t.id }, `${t.title}|${t.variant}|${t.open}`)),
      );
    }

    expect(renderToString(createElement(Titles))).toBe("<ul></ul>");
    const id = store.toast({ title: "Login Failed", variant: "destructive" });
    expect(renderToString(createElement(Titles))).toBe("<ul><li>Login Failed|destructive|true</li></ul>");
    store.dismissToast(id);
    expect(renderToString(createElement(Titles))).toBe("<ul><li>Login Failed|destructive|false</li></ul>");
  });
});

describe("query client defaults (docs/product.md §9)", () => {
  it("never retries, never refetches on focus or interval, and treats data as never stale", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();

    expect(queries?.retry).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.staleTime).toBe(Infinity);
    expect(mutations?.retry).toBe(false);
  });

  it("fetches with the default query fetcher (GET on the key joined by slashes), once, without retrying a failure", async () => {
    vi.useRealTimers();
    const fetchMock = vi
      .fn<(url: string, init: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(new Response('{"id":7}', { headers: { "Content-Type": "application/json" } }))
      .mockResolvedValueOnce(new Response("boom", { status: 500 }));
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal("navigator", { onLine: true });
    try {
      const client = createQueryClient();

      expect(await client.fetchQuery({ queryKey: ["/api/farms", 7] })).toEqual({ id: 7 });
      expect(fetchMock.mock.calls[0]![0]).toBe("/api/farms/7");
      // staleTime Infinity: asking again answers from the cache
      expect(await client.fetchQuery({ queryKey: ["/api/farms", 7] })).toEqual({ id: 7 });
      expect(fetchMock).toHaveBeenCalledTimes(1);

      await expect(client.fetchQuery({ queryKey: ["/api/broken"] })).rejects.toThrow("500: boom");
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
