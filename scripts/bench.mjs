// `npm run bench`: measures the locally served production build (vite preview = workerd).
// Reports req/s and p50/p99 latency for pages and endpoints next to a bare JSON "hello"
// served by the same runtime in the same run, and the first-load bytes (gzip) of pages.
// Figures are printed, never asserted: speed is reported, not tested.
// Runs on its own local state (BENCH_STATE_DIR, default .wrangler/bench-state), recreated each
// run: migrated, seeded with the demo accounts and a 100,000-farmer registry, so the benchmarks
// never touch the developer's `npm start` data. EIP_BUILD_DIR picks the build directory.
//   --no-build   reuse the last build in EIP_BUILD_DIR (default build/)
// Other knobs: BENCH_PORT, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_SERVER_LOG (file for the
// server's output), BENCH_TRACE_PARTS, BENCH_REGISTRY, BENCH_IMPORT_ROWS (bench-traceability.mjs).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const PORT = Number(process.env.BENCH_PORT ?? 8791);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const STATE = process.env.BENCH_STATE_DIR ?? ".wrangler/bench-state";
const BUILD = process.env.EIP_BUILD_DIR ?? "build";
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true", EIP_STATE_DIR: STATE };

function must(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"], env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
}

async function waitFor(url, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start: ${url}`);
}

function load(path, opts = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url: BASE + path, connections: CONNECTIONS, duration: DURATION, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

const gz = (buf) => gzipSync(buf, { level: 6 }).length;
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

/** Bytes a first visit loads: the HTML, then every module script and preload it names. */
async function firstLoad(path) {
  const html = await (await fetch(BASE + path)).text();
  const urls = new Set();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]);
  let js = 0;
  for (const url of urls) js += gz(Buffer.from(await (await fetch(BASE + url)).arrayBuffer()));
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  let cssBytes = 0;
  for (const url of css) cssBytes += gz(Buffer.from(await (await fetch(BASE + url)).arrayBuffer()));
  return { html: gz(Buffer.from(html)), js, css: cssBytes, scripts: urls.size };
}

// `vite preview` serves the build named in .wrangler/deploy/config.json, i.e. whichever build
// ran LAST in this checkout (any EIP_BUILD_DIR). The bench points it at its own build while the
// server starts, then puts back what was there before the bench (and its build) ran.
const deployConfig = ".wrangler/deploy/config.json";
const previousDeployConfig = existsSync(deployConfig) ? readFileSync(deployConfig, "utf8") : null;
if (!process.argv.includes("--no-build")) {
  console.log(`Building into ${BUILD}/…`);
  must("react-router", ["build"]);
}
if (!existsSync(`${BUILD}/server/wrangler.json`)) throw new Error(`no build in ${BUILD}/: run without --no-build`);
console.log(`Fresh bench state in ${STATE}: migrations, demo accounts, large registry…`);
rmSync(STATE, { recursive: true, force: true });
must("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
must("node", ["scripts/seed-local.mjs"]);
/** An optional benchmark module that cannot load is reported and skipped. */
function skipped(what, e) {
  console.log(`${what} benchmarks skipped: ${e.message}`);
  return null;
}
let trace = await import("./bench-traceability.mjs").catch((e) => skipped("Traceability", e));
try {
  await trace?.prepare({ stateDir: STATE, env });
} catch (e) {
  trace = skipped("Traceability", e);
}
// A 1,000-plot shipment for the due-diligence package bench (timed once the server is up).
let dds = await import("./bench-dds-package.mjs").catch((e) => skipped("Due-diligence package", e));
try {
  await dds?.prepare({ stateDir: STATE, env });
} catch (e) {
  dds = skipped("Due-diligence package", e);
}

mkdirSync(".wrangler/deploy", { recursive: true });
writeFileSync(
  deployConfig,
  JSON.stringify({
    configPath: relative(".wrangler/deploy", resolve(BUILD, "server/wrangler.json")),
    auxiliaryWorkers: [],
  }),
);
// BENCH_SERVER_LOG=<file> keeps the server's output (Worker errors) for a look afterwards.
const log = process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, "w") : "ignore";
const server = spawn("vite", ["preview", "--port", String(PORT), "--host", "127.0.0.1", "--strictPort"], {
  env,
  stdio: ["ignore", log, log],
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
};
process.on("exit", stop);

try {
  try {
    await waitFor(`${BASE}/api/health`);
  } finally {
    if (previousDeployConfig !== null) writeFileSync(deployConfig, previousDeployConfig);
  }
  // Warm up every path once (module loading, D1 open).
  for (const p of ["/", "/portals", "/api/health", "/api/hello"]) await fetch(BASE + p);

  console.log(`\nThroughput: ${CONNECTIONS} connections × ${DURATION}s per path, same local workerd\n`);
  const rows = [];
  for (const path of ["/api/hello", "/", "/portals", "/api/health"]) {
    const r = await load(path);
    rows.push({ path, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx });
  }
  const hello = rows[0].rps;
  console.log("path            req/s     p50 ms   p99 ms   vs hello   errors");
  for (const r of rows) {
    console.log(
      `${r.path.padEnd(14)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)}   ${(r.rps / hello).toFixed(2).padStart(6)}   ${r.errors}`,
    );
  }

  console.log("\nFirst load (gzip): budgets JS ≤ 130 KiB, HTML ≤ 30 KiB");
  for (const path of ["/", "/portals"]) {
    const f = await firstLoad(path);
    const ok = f.js <= 130 * 1024 && f.html <= 30 * 1024 ? "within budget" : "OVER BUDGET";
    console.log(
      `${path.padEnd(10)} JS ${kib(f.js)} in ${f.scripts} files · HTML ${kib(f.html)} · CSS ${kib(f.css)} — ${ok}`,
    );
  }
  const extra = await import("./bench-extra.mjs").catch(() => null);
  if (extra?.default) await extra.default({ BASE, load, CONNECTIONS, DURATION });
  if (trace?.default) await trace.default({ BASE, load, CONNECTIONS, DURATION });
  // Certificates: first generation vs cached download, per type.
  const certs = await import("./bench-certificates.mjs").catch((e) => skipped("Certificate", e));
  if (certs?.certificatesBench) await certs.certificatesBench({ BASE, load });
  // The due-diligence package (ZIP) of a shipment of 1,000 plots.
  if (dds?.default)
    await dds.default({ BASE }).catch((e) => console.log(`Due-diligence package bench failed: ${e.message}`));
  // The daily backup's time and size on the 100,000-farmer registry.
  const backup = await import("./bench-backup.mjs").catch((e) => skipped("Backup", e));
  if (backup?.default)
    await backup.default({ BASE, stateDir: STATE, env }).catch((e) => console.log(`Backup bench failed: ${e.message}`));
  // Plot validation: CPU time of the pure validator at 100 / 1,000 / cap vertices.
  const geometry = await import("./bench-geometry.mjs").catch((e) => skipped("Geometry", e));
  if (geometry?.geometryBench) await geometry.geometryBench();
  // The offline app: precache size and outbox throughput (records/s after reconnect, with photos).
  await import("./bench-offline.mjs")
    .then((mod) => mod.default({ BASE }))
    .catch((e) => console.log(`bench-offline.mjs failed: ${e.message}`));
  // Server time of every page on the 100,000-farmer registry; first-load JS of
  // every page in Chromium (budget 130 KiB), then Lighthouse behind brotli.
  for (const m of ["./bench-page-times.mjs", "./bench-pages.mjs", "./bench-lighthouse.mjs"])
    await import(m).then((mod) => mod.default({ BASE })).catch((e) => console.log(`${m} failed: ${e.message}`));
} finally {
  stop();
}
process.exit(0);
