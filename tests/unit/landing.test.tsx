import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ModuleCard } from "#app/components/module-card";
import { MODULES, REDIRECT_TO_LANDING, SESSION_KEYS } from "#app/content/landing";
import { clearMonitoringSession } from "#app/lib/browser-session";
import { MemoryStorage } from "./memory-storage";

function render(node: React.ReactNode) {
  return renderToString(<MemoryRouter>{node}</MemoryRouter>);
}

describe("module cards", () => {
  it("has the eight modules of the spec, all active, with the spec's routes", () => {
    expect(MODULES.map((m) => [m.title.split(" ")[0], m.href, m.active])).toEqual([
      ["Agricultural", "/portals", true],
      ["Live", "/live-trace", true],
      ["Land", "/landmap360-portal", true],
      ["Mine", "/mine-watch", true],
      ["Forest", "/forest-guard", true],
      ["Aqua", "/aqua-trace", true],
      ["Blue", "/blue-carbon360", true],
      ["Carbon", "/carbon-trace", true],
    ]);
  });

  it("an active card is a link with an 'Active' badge", () => {
    const html = render(<ModuleCard module={MODULES[1]!} />);
    expect(html).toMatch(/^<a [^>]*href="\/live-trace"/);
    expect(html).toContain(">Active<");
    expect(html).not.toContain("Coming Soon");
  });

  it("a card switched off shows 'Coming Soon' and is not a link", () => {
    const html = render(<ModuleCard module={{ ...MODULES[1]!, active: false }} />);
    expect(html).toContain(">Coming Soon<");
    expect(html).not.toContain("<a ");
    expect(html).not.toContain("href=");
    expect(html).toContain('aria-disabled="true"');
  });

  it("the routes that redirect home are exactly the spec's eight", () => {
    expect([...REDIRECT_TO_LANDING]).toEqual([
      "/live-trace",
      "/landmap360-portal",
      "/mine-watch",
      "/forest-guard",
      "/aqua-trace",
      "/blue-carbon360",
      "/carbon-trace",
      "/system-monitoring",
    ]);
  });
});

describe("landing load clears an oversight session", () => {
  it("removes the five session keys when userType is 'monitoring'", () => {
    const storage = new MemoryStorage();
    for (const key of SESSION_KEYS) storage.setItem(key, "x");
    storage.setItem("userType", "monitoring");
    storage.setItem("dgToken", "keep");
    expect(clearMonitoringSession(storage)).toBe(true);
    expect(storage.keys()).toEqual(["dgToken"]);
  });

  it("keeps other users signed in", () => {
    const storage = new MemoryStorage();
    for (const key of SESSION_KEYS) storage.setItem(key, "x");
    storage.setItem("userType", "farmer");
    expect(clearMonitoringSession(storage)).toBe(false);
    expect(storage.length).toBe(5);
  });
});

import { routePath } from "#app/lib/route-path";

describe("routePath", () => {
  it("maps client data requests back to the page path", () => {
    expect(routePath(new Request("https://x/dg-dashboard.data?_routes=a"))).toBe("/dg-dashboard");
    expect(routePath(new Request("https://x/_root.data"))).toBe("/");
    expect(routePath(new Request("https://x/farmer-login"))).toBe("/farmer-login");
  });
});
