/**
 * The service worker's push listeners (ADR 028), run in a stand-in service-worker
 * global: a push shows the notice's title and body and keeps its link; a click opens the record,
 * focusing (and navigating) an open window of the app rather than opening another.
 */
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

type Listener = (event: Record<string, unknown>) => void;
type Win = {
  url: string;
  focused: boolean;
  navigatedTo?: string;
  focus(): Promise<Win>;
  navigate(u: string): Promise<Win>;
};

function serviceWorker(windows: { url: string }[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const wins: Win[] = windows.map((w) => {
    const win: Win = {
      url: w.url,
      focused: false,
      focus() {
        win.focused = true;
        return Promise.resolve(win);
      },
      navigate(u: string) {
        win.navigatedTo = u;
        return Promise.resolve(win);
      },
    };
    return win;
  });
  const self = {
    location: new URL("https://eip.example.gov.lr/sw.js"),
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    registration: {
      showNotification: (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: {
      matchAll: () => Promise.resolve(wins),
      openWindow: (url: string) => {
        opened.push(url);
        return Promise.resolve(null);
      },
      claim: () => Promise.resolve(),
    },
    skipWaiting: () => Promise.resolve(),
  };
  // Only the push part (appended at the end of sw.js), so the caching code around it may change freely.
  const source = readFileSync("public/sw.js", "utf8");
  const start = source.indexOf("/* Push notifications (ADR 028)");
  expect(start).toBeGreaterThan(-1);
  runInNewContext(source.slice(start), { self, URL, console });
  async function fire(type: string, event: Record<string, unknown>) {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  }
  return { fire, shown, opened, wins };
}

const pushEvent = (data: unknown) => ({ data: { json: () => data, text: () => JSON.stringify(data) } });
const clickEvent = (url: string) => {
  const notification = {
    data: { url },
    closed: false,
    close() {
      this.closed = true;
    },
  };
  return { notification };
};

describe("service worker: push", () => {
  it("shows the notice with its title and body, tagged, and keeps the record's link", async () => {
    const sw = serviceWorker();
    await sw.fire(
      "push",
      pushEvent({
        title: "New message",
        body: "Order ORD-9",
        url: "/messages/T1",
        tag: "n1",
        kind: "message_received",
      }),
    );
    expect(sw.shown).toHaveLength(1);
    expect(sw.shown[0]!.title).toBe("New message");
    expect(sw.shown[0]!.options).toMatchObject({ body: "Order ORD-9", tag: "n1", data: { url: "/messages/T1" } });
  });

  it("a link that leaves the app is replaced by the notices page", async () => {
    const sw = serviceWorker();
    await sw.fire("push", pushEvent({ title: "x", body: "y", url: "https://evil.example/" }));
    expect(sw.shown[0]!.options).toMatchObject({ data: { url: "/profile/notifications" } });
  });
});

describe("service worker: notification click", () => {
  it("opens the record in a new window when none of the app is open", async () => {
    const sw = serviceWorker([{ url: "https://other.example/" }]);
    await sw.fire("notificationclick", clickEvent("/messages/T1"));
    expect(sw.opened).toEqual(["https://eip.example.gov.lr/messages/T1"]);
  });

  it("focuses an open window of the app and navigates it to the record", async () => {
    const sw = serviceWorker([{ url: "https://eip.example.gov.lr/buyer-dashboard" }]);
    await sw.fire("notificationclick", clickEvent("/messages/T1"));
    expect(sw.opened).toEqual([]);
    expect(sw.wins[0]!.focused).toBe(true);
    expect(sw.wins[0]!.navigatedTo).toBe("https://eip.example.gov.lr/messages/T1");
  });

  it("a window already on the record is focused, not navigated", async () => {
    const sw = serviceWorker([
      { url: "https://eip.example.gov.lr/buyer-dashboard" },
      { url: "https://eip.example.gov.lr/messages/T1" },
    ]);
    await sw.fire("notificationclick", clickEvent("/messages/T1"));
    expect(sw.wins[1]!.focused).toBe(true);
    expect(sw.wins[1]!.navigatedTo).toBeUndefined();
    expect(sw.wins[0]!.focused).toBe(false);
  });
});
