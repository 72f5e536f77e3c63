// First-load JavaScript of every page type, measured in real Chromium on a phone-sized
// screen (360×740): every JS response a first visit loads until the network is idle, each body
// gzipped (zlib level 6, as bench.mjs does for / and /portals), summed per page, against the
// 130 KiB budget. Public pages and every login page signed out; every dashboard signed in as its
// own role; every work page signed in as a role that may open it. Also reports pages wider than
// the screen (document.documentElement.scrollWidth > 360). Service workers are blocked so the
// figure is the page's own first load, not a precache.
// Called by bench.mjs with { BASE } once the server is up; also runs alone against any server:
//   node scripts/bench-pages.mjs http://127.0.0.1:8787
// The sign-in and fixture helpers here (demo accounts, a batch code, a plot id, a certificate
// number) are shared with bench-lighthouse.mjs.
import { gzipSync } from "node:zlib";
import { LOGIN_PATHS } from "../app/content/login-paths.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH, workPages } from "../tests/chromium.ts";
import { demoLogin, SIGNED_IN_ROLES } from "../tests/login-api.ts";
import { DASHBOARDS } from "../worker/auth/roles.ts";

export const BUDGET_KIB = 130;
export const VIEWPORT = { width: 360, height: 740 };
export { CHROMIUM_ARGS, CHROMIUM_PATH };
export const SESSION_COOKIE = "__Host-eip_session";

/** Signs in the first demo account of `role` through its login API: its session token. */
export async function signIn(BASE, role) {
  const { path, body } = demoLogin(role);
  const res = await fetch(BASE + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.82.0.1" },
    body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (res.status !== 200 || !json.token) throw new Error(`sign-in as ${role} failed: HTTP ${res.status}`);
  return json.token;
}

/**
 * What the parametrised pages need: the demo data (seeded through POST /api/demo/seed if it is
 * not there yet), a batch code, a plot id and the number of an issued certificate.
 */
export async function fixtures(BASE) {
  const admin = await signIn(BASE, "system_administrator");
  const auth = (token) => ({ Authorization: `Bearer ${token}`, "CF-Connecting-IP": "10.82.0.1" });
  const dg = await signIn(BASE, "dg");
  const list = async (path, key) => (await (await fetch(BASE + path, { headers: auth(dg) })).json())[key] ?? [];
  let batches = await list("/api/batches", "batches");
  if (batches.length === 0) {
    await fetch(`${BASE}/api/demo/seed`, { method: "POST", headers: auth(admin) });
    batches = await list("/api/batches", "batches");
  }
  const plots = await list("/api/plots", "plots");
  // A certificate number: the EUDR paper of test profile 1 (issued on first request; POST where
  // issuing has moved to POST, GET otherwise).
  let certificateNumber = null;
  for (const method of ["POST", "GET"]) {
    const res = await fetch(`${BASE}/api/test/eudr-certificate/1`, { method, headers: auth(dg), redirect: "manual" });
    const match = res.headers.get("content-disposition")?.match(/(LR-[A-Z]+-[A-Z0-9-]+)\.pdf/);
    await res.arrayBuffer();
    if (match) {
      certificateNumber = match[1];
      break;
    }
  }
  const batch = batches.find((b) => b.status === "exported") ?? batches[0];
  // A document of the office register (the demo seed registers four).
  const officeDocuments = await list("/api/office/documents", "documents");
  const plot = plots.find((p) => p.farmerId === "FRM000001") ?? plots[0];
  // A plot the demo land inspector may visit (their county): the registry's first plots may lie
  // elsewhere (the bench's large registry has no FRM000001).
  const inspector = await signIn(BASE, "land_inspector");
  let fieldPlot = null;
  for (const p of plots.slice(0, 50)) {
    if (await opens(BASE, `/land-plot-details/${p.id}/visit`, inspector)) {
      fieldPlot = p;
      break;
    }
  }
  return {
    officeDocumentId: officeDocuments[0]?.id ?? null,
    batchCode: batch?.batchCode ?? null,
    plotId: plot?.id ?? null,
    farmerId: plot?.farmerId ?? null,
    fieldPlotId: fieldPlot?.id ?? null,
    certificateNumber,
  };
}

export function publicPages({ batchCode, certificateNumber }) {
  return [
    "/",
    "/front-page",
    "/polipus",
    "/portals",
    "/install-app",
    "/mobile-app-download",
    "/pwa-test",
    "/offline",
    "/api-reference",
    "/world-market-pricing",
    "/world-market-pricing?commodity=coffee_arabica&range=all",
    batchCode && `/qr/${batchCode}`,
    certificateNumber && `/verify/${certificateNumber}`,
  ].filter(Boolean);
}

/** Roles tried, in order, for a work page: the first one the page answers 200 for measures it. */
const WORK_ROLES = [
  "land_inspector",
  "office_admin",
  "dg",
  "system_administrator",
  "buyer",
  "farmer",
  "port_inspector",
  "warehouse_inspector",
  "exporter",
  "monitoring_observer",
];

/** May `token`'s holder open `path` (a 200 without redirect)? */
export async function opens(BASE, path, token) {
  const res = await fetch(BASE + path, {
    headers: token ? { Cookie: `${SESSION_COOKIE}=${token}` } : {},
    redirect: "manual",
  });
  await res.arrayBuffer();
  return res.status === 200;
}

/** Every page to measure: { path, role } (role null = signed out). */
export async function pagePlan(BASE, fx, tokens) {
  const plan = [
    ...publicPages(fx).map((path) => ({ path, role: null })),
    ...LOGIN_PATHS.map((path) => ({ path, role: null })),
  ];
  for (const [path, rule] of Object.entries(DASHBOARDS)) {
    plan.push({ path, role: rule.roles[0] });
    if (rule.publicView) plan.push({ path, role: null });
  }
  for (const path of workPages(fx)) {
    let found = null;
    for (const role of WORK_ROLES) {
      if (tokens[role] && (await opens(BASE, path, tokens[role]))) {
        found = role;
        break;
      }
    }
    plan.push({ path, role: found, unopened: found === null });
  }
  return plan;
}

/**
 * The session cookie for Playwright's addCookies. Chromium accepts a `__Host-` cookie on
 * http://127.0.0.1 (a trustworthy origin) when given as domain + path + secure; the `url` form is
 * refused ("Invalid cookie fields").
 */
export function sessionCookie(BASE, token) {
  const { hostname } = new URL(BASE);
  return {
    name: SESSION_COOKIE,
    value: token,
    domain: hostname,
    path: "/",
    secure: true,
    httpOnly: true,
    sameSite: "Lax",
  };
}

async function launch() {
  const { chromium, devices } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const { viewport: _v, ...phone } = devices["Pixel 5"];
  return { browser, phone };
}

/** One cold first visit: JS bytes (gzip) and files until network idle, and the page's width. */
async function measure(browser, phone, BASE, path, token) {
  const context = await browser.newContext({ ...phone, viewport: VIEWPORT, serviceWorkers: "block" });
  if (token) await context.addCookies([sessionCookie(BASE, token)]);
  const page = await context.newPage();
  const bodies = [];
  page.on("response", (res) => {
    const type = res.headers()["content-type"] ?? "";
    if (res.request().resourceType() === "script" || /javascript/.test(type))
      bodies.push(
        res
          .body()
          .then((b) => ({ url: res.url(), bytes: gzipSync(b, { level: 6 }).length }))
          .catch(() => null),
      );
  });
  try {
    const res = await page.goto(BASE + path, { waitUntil: "networkidle", timeout: 60_000 });
    const files = (await Promise.all(bodies)).filter(Boolean);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    const finalPath = new URL(page.url()).pathname;
    return {
      status: res?.status() ?? 0,
      js: files.reduce((n, f) => n + f.bytes, 0),
      files: files.length,
      largest: files.sort((a, b) => b.bytes - a.bytes).slice(0, 4),
      width,
      redirected: finalPath !== new URL(BASE + path).pathname ? finalPath : null,
    };
  } finally {
    await context.close();
  }
}

const kib = (n) => (n / 1024).toFixed(1);

export default async function benchPages({ BASE }) {
  console.log(
    `\nFirst-load JS per page (Chromium, ${VIEWPORT.width}×${VIEWPORT.height}, every JS response until network idle, gzip level 6; budget ${BUDGET_KIB} KiB)`,
  );
  const tokens = {};
  for (const role of SIGNED_IN_ROLES) tokens[role] = await signIn(BASE, role).catch(() => null);
  const fx = await fixtures(BASE);
  if (!fx.batchCode) console.log("  (no batch found: /qr and /batches/<code> not measured)");
  if (!fx.certificateNumber) console.log("  (no certificate could be issued: /verify not measured)");
  const plan = await pagePlan(BASE, fx, tokens);
  const { browser, phone } = await launch();
  const rows = [];
  try {
    for (const p of plan) {
      if (p.unopened) {
        rows.push({ ...p, error: "no demo role opens it" });
        continue;
      }
      try {
        rows.push({ ...p, ...(await measure(browser, phone, BASE, p.path, p.role ? tokens[p.role] : null)) });
      } catch (e) {
        rows.push({ ...p, error: e instanceof Error ? e.message.split("\n")[0] : String(e) });
      }
    }
  } finally {
    await browser.close();
  }

  const w = Math.max(...rows.map((r) => r.path.length), 4) + 2;
  console.log(`${"page".padEnd(w)}${"role".padEnd(22)}${"JS KiB".padStart(8)}${"files".padStart(7)}   budget`);
  const over = [];
  const wide = [];
  for (const r of rows) {
    if (r.error) {
      console.log(
        `${r.path.padEnd(w)}${(r.role ?? "signed out").padEnd(22)}${"—".padStart(8)}${"—".padStart(7)}   not measured: ${r.error}`,
      );
      continue;
    }
    const ok = r.js <= BUDGET_KIB * 1024;
    if (!ok) over.push(r.role ? `${r.path} (${r.role})` : r.path);
    if (r.width > VIEWPORT.width) wide.push(`${r.path}${r.role ? ` (${r.role})` : ""} ${r.width}px`);
    const notes = [r.status !== 200 && `HTTP ${r.status}`, r.redirected && `→ ${r.redirected}`].filter(Boolean);
    console.log(
      `${r.path.padEnd(w)}${(r.role ?? "signed out").padEnd(22)}${kib(r.js).padStart(8)}${String(r.files).padStart(7)}   ${ok ? "within budget" : "OVER BUDGET"}${notes.length ? `  (${notes.join(", ")})` : ""}`,
    );
    // BENCH_PAGES_FILES=1: the largest files of each page over budget, to see what to split.
    if (!ok && process.env.BENCH_PAGES_FILES)
      for (const f of r.largest)
        console.log(`${"".padEnd(w)}  ${kib(f.bytes).padStart(6)} KiB ${new URL(f.url).pathname}`);
  }
  const measured = rows.filter((r) => !r.error).length;
  const missing = rows.length - measured;
  console.log(
    over.length === 0
      ? `first-load JS: ${measured} pages, all within the ${BUDGET_KIB} KiB budget${missing ? ` (${missing} not measured)` : ""}`
      : `first-load JS: ${measured} pages, ${over.length} OVER the ${BUDGET_KIB} KiB budget: ${over.join(", ")}`,
  );
  console.log(
    wide.length === 0
      ? `page width: all ${measured} pages fit the ${VIEWPORT.width}px screen`
      : `page width: ${wide.length} pages wider than the ${VIEWPORT.width}px screen: ${wide.join(", ")}`,
  );
  return { rows, over, wide };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchPages({ BASE: process.argv[2] ?? process.env.BASE ?? "http://127.0.0.1:8787" });
}
