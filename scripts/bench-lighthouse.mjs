// Lighthouse in the bench: performance and accessibility scores of /, /portals, one
// login page, one dashboard (signed in), /qr/<code> and /verify/<number>, with Lighthouse's
// default mobile settings (Moto G Power screen, simulated slow 4G and 4× CPU slowdown), behind
// compression as the edge serves it: a small proxy on 127.0.0.1 in front of the bench server
// brotli-compresses text, JS, CSS, JSON and SVG (Content-Encoding: br). Goals: performance ≥ 95,
// accessibility 100; for a page under a goal the failing audits are listed. Printed, never asserted.
// Called by bench.mjs with { BASE }; also runs alone: node scripts/bench-lighthouse.mjs <base URL>
import { createServer, request as httpRequest } from "node:http";
import { brotliCompressSync, constants } from "node:zlib";
import { CHROMIUM_PATH, fixtures, SESSION_COOKIE, signIn } from "./bench-pages.mjs";

export const GOALS = { performance: 95, accessibility: 100 };
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

/**
 * A compressing reverse proxy on 127.0.0.1 (random port) in front of `BASE`. Hashed build assets
 * are compressed once at the highest brotli level (the edge serves them pre-compressed); pages
 * and API answers at level 5, as a CDN compresses dynamic responses on the fly.
 */
export async function compressingProxy(BASE) {
  const upstream = new URL(BASE);
  const cache = new Map();
  const server = createServer((req, res) => {
    const headers = { ...req.headers, host: upstream.host };
    delete headers["accept-encoding"];
    const up = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (upRes) => {
        const chunks = [];
        upRes.on("data", (c) => chunks.push(c));
        upRes.on("end", () => {
          const body = Buffer.concat(chunks);
          const out = { ...upRes.headers };
          const type = String(out["content-type"] ?? "");
          const wantsBr = /\bbr\b/.test(String(req.headers["accept-encoding"] ?? ""));
          if (wantsBr && body.length > 0 && COMPRESSIBLE.test(type) && !out["content-encoding"]) {
            const asset = req.url.startsWith("/assets/");
            const key = asset ? req.url : null;
            const br =
              (key && cache.get(key)) ??
              brotliCompressSync(body, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: asset ? 11 : 5,
                  [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              });
            if (key) cache.set(key, br);
            out["content-encoding"] = "br";
            out["content-length"] = String(br.length);
            out.vary = out.vary ? `${out.vary}, Accept-Encoding` : "Accept-Encoding";
            delete out["transfer-encoding"];
            res.writeHead(upRes.statusCode ?? 502, out);
            res.end(req.method === "HEAD" ? undefined : br);
          } else {
            delete out["transfer-encoding"];
            if (req.method !== "HEAD") out["content-length"] = String(body.length);
            res.writeHead(upRes.statusCode ?? 502, out);
            res.end(req.method === "HEAD" ? undefined : body);
          }
        });
      },
    );
    up.on("error", (e) => {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`proxy: ${e.message}`);
    });
    req.pipe(up);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** One Lighthouse run (fresh Chromium each time): the report (lhr). */
async function lighthouseRun(url, extraHeaders) {
  const [{ default: lighthouse }, { launch }] = await Promise.all([import("lighthouse"), import("chrome-launcher")]);
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      ...(extraHeaders ? { extraHeaders } : {}),
    });
    return result?.lhr;
  } finally {
    await chrome.kill();
  }
}

const score = (category) => (category?.score == null ? null : Math.round(category.score * 100));

/** The audits that cost points in a category, heaviest first. */
function failingAudits(lhr, id) {
  const category = lhr.categories[id];
  return category.auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ ref, audit }) => audit && ref.weight > 0 && audit.score !== null && audit.score < 1)
    .sort((a, b) => b.ref.weight * (1 - b.audit.score) - a.ref.weight * (1 - a.audit.score))
    .slice(0, 6)
    .map(({ ref, audit }) => {
      const items = audit.details?.items ?? [];
      const nodes = items
        .map((i) => i.node?.selector)
        .filter(Boolean)
        .slice(0, 3);
      const value = audit.displayValue ? ` ${audit.displayValue}` : "";
      return `${ref.id} (score ${Math.round(audit.score * 100)}, weight ${ref.weight})${value}${nodes.length ? ` — ${nodes.join(" | ")}` : ""}`;
    });
}

export default async function benchLighthouse({ BASE }) {
  console.log("\nLighthouse 13 (mobile, simulated slow 4G, behind brotli): goals performance ≥ 95, accessibility 100");
  const fx = await fixtures(BASE);
  const token = await signIn(BASE, "farmer");
  const pages = [
    { path: "/" },
    { path: "/portals" },
    { path: "/farmer-login-portal" },
    { path: "/farmer-dashboard", signedIn: "farmer" },
    fx.batchCode && { path: `/qr/${fx.batchCode}` },
    fx.certificateNumber && { path: `/verify/${fx.certificateNumber}` },
  ].filter(Boolean);
  const proxy = await compressingProxy(BASE);
  const rows = [];
  try {
    for (const p of pages) {
      const headers = p.signedIn ? { Cookie: `${SESSION_COOKIE}=${token}` } : undefined;
      try {
        const lhr = await lighthouseRun(proxy.url + p.path, headers);
        if (lhr?.runtimeError) throw new Error(lhr.runtimeError.message);
        // A signed-in page that answered with its login page would score the wrong page.
        const landed = new URL(lhr.finalDisplayedUrl).pathname;
        if (landed !== p.path) throw new Error(`landed on ${landed}`);
        rows.push({
          ...p,
          lhr,
          performance: score(lhr.categories.performance),
          accessibility: score(lhr.categories.accessibility),
        });
      } catch (e) {
        rows.push({ ...p, error: e instanceof Error ? e.message.split("\n")[0] : String(e) });
      }
    }
  } finally {
    await proxy.close();
  }

  const w = Math.max(...rows.map((r) => r.path.length)) + 2;
  console.log(`${"page".padEnd(w)}${"session".padEnd(12)}  perf  a11y   FCP     LCP     TBT    CLS`);
  const under = [];
  for (const r of rows) {
    if (r.error) {
      console.log(`${r.path.padEnd(w)}${(r.signedIn ?? "—").padEnd(12)}  not measured: ${r.error}`);
      under.push(`${r.path} (not measured)`);
      continue;
    }
    const m = (id) => r.lhr.audits[id]?.displayValue?.replace(/\s/g, " ") ?? "—";
    console.log(
      `${r.path.padEnd(w)}${(r.signedIn ?? "—").padEnd(12)}  ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}   ${m("first-contentful-paint").padEnd(7)} ${m("largest-contentful-paint").padEnd(7)} ${m("total-blocking-time").padEnd(6)} ${m("cumulative-layout-shift")}`,
    );
    for (const id of ["performance", "accessibility"]) {
      if (r[id] !== null && r[id] >= GOALS[id]) continue;
      under.push(`${r.path} ${id} ${r[id]}`);
      for (const line of failingAudits(r.lhr, id)) console.log(`${"".padEnd(w)}  ${id}: ${line}`);
    }
  }
  console.log(
    under.length === 0
      ? `Lighthouse: ${rows.length} pages, all at goal (performance ≥ ${GOALS.performance}, accessibility ${GOALS.accessibility})`
      : `Lighthouse: ${rows.length} pages, ${under.length} under goal (performance ≥ ${GOALS.performance}, accessibility ${GOALS.accessibility}): ${under.join(", ")}`,
  );
  return { rows, under };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchLighthouse({ BASE: process.argv[2] ?? process.env.BASE ?? "http://127.0.0.1:8787" });
}
