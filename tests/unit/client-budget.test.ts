import { existsSync, readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

/**
 * ADR 032: the first-load JavaScript of every route, read
 * from the built client (build/client, what `npm test` builds before the unit suite), stays within
 * 130 KiB gzip. A route's first load is the client entry, the route manifest and every module the
 * manifest lists for the route and its parents (what the page's HTML loads). With lazy route
 * discovery (React Router's default for SSR, checked below) the HTML carries only the manifest
 * entries of the matched routes, not the whole manifest file, so those entries are what is counted:
 * a new route elsewhere does not weigh on every page. Counting inline JSON as script makes this a
 * little stricter than scripts/bench-pages.mjs, which measures in Chromium.
 */
const BUDGET_KIB = 130;
const ASSETS = new URL("../../build/client/assets/", import.meta.url);
const SERVER_ASSETS = new URL("../../build/server/assets/", import.meta.url);
const built = existsSync(ASSETS);

type Entry = { module: string; imports?: string[]; parentId?: string };
type Manifest = { entry: Entry; routes: Record<string, Entry> };

function firstLoads() {
  const manifestFile = readdirSync(ASSETS).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error("no route manifest in build/client/assets");
  const text = readFileSync(new URL(manifestFile, ASSETS), "utf8");
  const manifest = JSON.parse(text.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as Manifest;
  const gzipped = new Map<string, number>();
  const size = (path: string) => {
    if (!gzipped.has(path)) {
      gzipped.set(path, gzipSync(readFileSync(new URL(path.replace(/^\/assets\//, ""), ASSETS)), { level: 6 }).length);
    }
    return gzipped.get(path)!;
  };
  return Object.entries(manifest.routes).map(([id]) => {
    const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    const inline: Record<string, Entry> = {};
    for (let route: Entry | undefined = manifest.routes[id]; route; route = manifest.routes[route.parentId ?? ""]) {
      for (const f of [route.module, ...(route.imports ?? [])]) files.add(f);
      inline[route.module] = route;
    }
    const inlineManifest = gzipSync(JSON.stringify({ entry: manifest.entry, routes: inline }), { level: 6 }).length;
    const bytes = [...files].reduce((sum, f) => sum + size(f), inlineManifest);
    return { id, kib: Math.round((bytes / 1024) * 10) / 10 };
  });
}

describe.skipIf(!built)("first-load JavaScript of every route", () => {
  it("is built with lazy route discovery (pages carry only their own manifest entries)", () => {
    const server = readdirSync(SERVER_ASSETS)
      .filter((f) => f.endsWith(".js"))
      .map((f) => readFileSync(new URL(f, SERVER_ASSETS), "utf8"))
      .join("\n");
    expect(server).toMatch(/routeDiscovery = \{\s*"mode": "lazy"/);
  });

  it(`is at most ${BUDGET_KIB} KiB gzip`, () => {
    const loads = firstLoads();
    expect(loads.length).toBeGreaterThan(20);
    const over = loads.filter((l) => l.kib > BUDGET_KIB).map((l) => `${l.id}: ${l.kib} KiB`);
    expect(over).toEqual([]);
  });
});
