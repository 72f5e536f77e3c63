import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { LOGIN_PATHS } from "#app/content/login-paths";
import { DASHBOARD_PATHS, type Role } from "#worker/auth/roles";
import { workPages } from "../chromium";
import { demoLogin, SIGNED_IN_ROLES } from "../login-api";
import { open } from "./helpers";

// Helpers of the accessibility spec: API sign-in per role, the pages to check, and
// axe's serious or critical violations as readable lines.

export { DASHBOARD_PATHS, LOGIN_PATHS, SIGNED_IN_ROLES };

/**
 * Signs `request` in as the first demo account of `role` (no password change pending). With a
 * page's or context's request, the session cookie lands in that browser context. Returns the token.
 */
export async function signInAs(request: APIRequestContext, role: Role): Promise<string> {
  const { path, body } = demoLogin(role);
  const res = await request.post(path, { data: body });
  if (res.status() !== 200) throw new Error(`sign-in as ${role} failed: HTTP ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export type Fixtures = { batchCode: string | null; plotId: string | null; certificateNumber: string | null };

/** The demo data (POST /api/demo/seed as the system administrator; idempotent, as on `npm start`). */
export async function seedDemo(request: APIRequestContext) {
  const admin = await signInAs(request, "system_administrator");
  const seeded = await request.post("/api/demo/seed", {
    headers: { Authorization: `Bearer ${admin}` },
    timeout: 120_000,
  });
  if (seeded.status() !== 200) throw new Error(`demo seed failed: HTTP ${seeded.status()} ${await seeded.text()}`);
}

/**
 * What the parametrised pages need: the demo data (POST /api/demo/seed, idempotent, as on
 * `npm start`), a batch code, a plot id of FRM000001 and an issued certificate number (the EUDR
 * paper of test profile 3; issued by POST where issuing has moved there, by GET otherwise).
 */
export async function fixtures(request: APIRequestContext): Promise<Fixtures> {
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  await seedDemo(request);
  const dg = await signInAs(request, "dg");
  const list = async <T>(path: string, key: string): Promise<T[]> =>
    ((await (await request.get(path, { headers: bearer(dg) })).json()) as Record<string, T[]>)[key] ?? [];
  const batches = await list<{ batchCode: string; status: string }>("/api/batches", "batches");
  const plots = await list<{ id: string; farmerId: string }>("/api/plots", "plots");
  let certificateNumber: string | null = null;
  for (const method of ["POST", "GET"]) {
    const res = await request.fetch("/api/test/eudr-certificate/3", { method, headers: bearer(dg), maxRedirects: 0 });
    const match = res.headers()["content-disposition"]?.match(/(LR-[A-Z]+-[A-Z0-9-]+)\.pdf/);
    if (match) {
      certificateNumber = match[1]!;
      break;
    }
  }
  return {
    batchCode: (batches.find((b) => b.status === "exported") ?? batches[0])?.batchCode ?? null,
    plotId: (plots.find((p) => p.farmerId === "FRM000001") ?? plots[0])?.id ?? null,
    certificateNumber,
  };
}

export function publicPages(fx: Fixtures) {
  return [
    "/",
    "/portals",
    "/install-app",
    "/mobile-app-download",
    "/pwa-test",
    "/monitoring-dashboard", // its public, aggregate-only view
    "/not-a-page", // the 404 (landing content)
    "/world-market-pricing",
    fx.batchCode && `/qr/${fx.batchCode}`,
    fx.certificateNumber && `/verify/${fx.certificateNumber}`,
  ].filter((p): p is string => Boolean(p));
}

/** Every page a signed-in person may reach (app/routes.ts); each role checks those it may open. */
export function signedInPages(fx: Fixtures) {
  return [
    ...DASHBOARD_PATHS,
    ...workPages(fx),
    // Signed in, a regulator sees the revocation form here.
    fx.certificateNumber && `/verify/${fx.certificateNumber}`,
  ].filter((p): p is string => Boolean(p));
}

/** Does the page answer this session with itself (200, no redirect to a login or another page)? */
export async function mayOpen(page: Page, path: string) {
  const res = await page.request.get(path, { maxRedirects: 0 });
  return res.status() === 200;
}

export type Finding = { page: string; who: string; rule: string; impact: string; targets: string[]; help: string };

/**
 * The page's markup as axe judges it: every element with its attributes, each text reduced to
 * "is there text". Two pages with the same fingerprint give axe the same elements, names, roles,
 * relations and styles (data differs only in words), so the second needs no second analysis:
 * the five executive roles see most pages alike, and analysing each again was most of this suite's time.
 */
async function fingerprint(page: Page): Promise<string> {
  const markup = await page.evaluate(() => {
    const out: string[] = [];
    const walk = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) {
        if (node.textContent?.trim()) out.push("#t");
        return;
      }
      if (!(node instanceof Element)) return;
      // Per-request values (CSRF tokens in hidden inputs, script nonces) say nothing to axe.
      const perRequest = (name: string) =>
        name === "nonce" || (name === "value" && node.getAttribute("type") === "hidden");
      const attrs = [...node.attributes].map((a) => (perRequest(a.name) ? a.name : `${a.name}=${a.value}`)).sort();
      out.push(`<${node.tagName} ${attrs.join(" ")}>`);
      for (const child of node.childNodes) walk(child);
      out.push(`</${node.tagName}>`);
    };
    walk(document.documentElement);
    return out.join("");
  });
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(markup));
  return Buffer.from(digest).toString("hex");
}

/** Fingerprints already analysed in this run (the spec runs its tests one after another in one process). */
const analysed = new Set<string>();

/**
 * Opens `path` (hydrated) and returns axe's serious and critical violations on it. A page whose
 * markup was already analysed in this run (same fingerprint) returns none: its findings, if any,
 * were reported with the first page that had it.
 */
export async function seriousViolations(page: Page, path: string, who: string): Promise<Finding[]> {
  await open(page, path);
  const print = await fingerprint(page);
  if (analysed.has(print)) {
    if (process.env.A11Y_TRACE) console.log(`same markup, not analysed again: ${path} [${who}]`);
    return [];
  }
  analysed.add(print);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      page: path,
      who,
      rule: v.id,
      impact: v.impact ?? "",
      targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} ${n.html.replace(/\s+/g, " ").slice(0, 100)}`),
      help: `${v.help} (${v.helpUrl.replace(/\?.*$/, "")})`,
    }));
}

export function report(findings: Finding[]) {
  return `${findings.length} serious or critical axe violation(s):\n${findings
    .map((f) => `  ${f.page} [${f.who}] ${f.rule} (${f.impact}): ${f.targets.join(" | ")}\n      ${f.help}`)
    .join("\n")}`;
}
