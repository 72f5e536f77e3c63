/**
 * No dead ends: every role opens its dashboard, and from there every page it can reach by links;
 * every link and form action on those pages, requested as that role, answers neither 403 nor 404
 * (a link the person is shown must lead somewhere they may go). Run on the demo data, so the
 * pages have records to link to.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { HOME_DASHBOARD, ROLES } from "#worker/auth/roles";
import { call } from "./helpers";
import { everyRoleSignedIn } from "./role-matrix-fixtures";

const { api, page } = everyRoleSignedIn();

beforeAll(async () => {
  const res = await api("system_administrator", "/api/demo/seed", "POST");
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  await res.arrayBuffer();
}, 120_000);

/** Same-origin targets named on a page: links and form actions (no fragments, no external sites). */
function targetsOf(html: string, from: string): string[] {
  const found = new Set<string>();
  const attr = /<(a|form)\b[^>]*?\s(href|action)="([^"]*)"/g;
  for (const m of html.matchAll(attr)) {
    const raw = m[3]!.replaceAll("&amp;", "&");
    if (raw === "" || raw.startsWith("#") || /^(mailto|tel|sms|javascript):/i.test(raw)) continue;
    const url = new URL(raw, `https://eip.example.gov.lr${from}`);
    if (url.origin !== "https://eip.example.gov.lr") continue;
    if (url.pathname === "/logout") continue;
    found.add(`${url.pathname}${url.search}`);
  }
  return [...found];
}

const isPage = (path: string) => !path.startsWith("/api/") && !/\.(pdf|csv|zip|png|svg|json|geojson)$/.test(path);
/** Pages walked per role (breadth first from the dashboard); every target on them is still checked. */
const MAX_PAGES = 70;

describe("every link and form action, as every role", () => {
  it.each(ROLES.map((r) => [r]))("%s: nothing it is shown answers 403 or 404", async (role) => {
    const seen = new Set<string>([HOME_DASHBOARD[role]]);
    const queue: string[] = [HOME_DASHBOARD[role]];
    const dead: string[] = [];
    let walked = 0;
    while (queue.length > 0 && walked < MAX_PAGES) {
      const from = queue.shift()!;
      const res = await page(role, from);
      const html = await res.text();
      walked += 1;
      if (res.status !== 200 || !(res.headers.get("content-type") ?? "").includes("text/html")) continue;
      for (const target of targetsOf(html, from)) {
        if (seen.has(target)) continue;
        seen.add(target);
        const answer = target.startsWith("/api/") ? await api(role, target) : await page(role, target);
        await answer.arrayBuffer();
        if (answer.status === 403 || answer.status === 404) dead.push(`${from} → ${target}: ${answer.status}`);
        else if (answer.status === 200 && isPage(target)) queue.push(target);
      }
    }
    expect(dead, `dead ends for ${role}`).toEqual([]);
    expect(walked).toBeGreaterThan(1);
  });

  it("a mistyped address answers 404 with a page that says so and links home", async () => {
    const res = await call("/no-such-page-here");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page not found");
    expect(html).toMatch(/href="\/"/);
  });
});
