// Server time of every page ("each new page's server time on the 100,000-farmer
// registry"): the same page plan as bench-pages.mjs (public, login, every dashboard as its own
// role, every work page as the first role that may open it), requested one after another so the
// figure is the server's time for one request, not a queue. Reports the median and the slowest of
// PAGE_TIME_RUNS requests (default 9) after one warm-up, and the HTML size. Printed, never asserted.
// Called by bench.mjs with { BASE } after the 100,000-farmer registry is loaded; also alone:
//   node scripts/bench-page-times.mjs http://127.0.0.1:8787

import { SIGNED_IN_ROLES } from "../tests/login-api.ts";
import { DASHBOARD_PATHS } from "../worker/auth/roles.ts";
import { fixtures, pagePlan, SESSION_COOKIE, signIn } from "./bench-pages.mjs";

const RUNS = Number(process.env.PAGE_TIME_RUNS ?? 9);

async function timeOnce(url, headers) {
  const start = performance.now();
  const res = await fetch(url, { headers, redirect: "manual" });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - start, status: res.status, bytes: body.byteLength };
}

const LOAD_RUNS = Number(process.env.DASHBOARD_RUNS ?? 40);
const CONNECTIONS = 10;

/** The p-th percentile (0..100) of sorted numbers, nearest rank. */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Each dashboard's server time, p50 and p99, alone (LOAD_RUNS requests one after
 * another) and under 10 connections (10 clients each sending LOAD_RUNS / 2 requests back to back).
 */
async function dashboardLoad(BASE, plan, tokens) {
  console.log(
    `\nDashboards: server time alone (${LOAD_RUNS} sequential) and under ${CONNECTIONS} connections (${CONNECTIONS} × ${LOAD_RUNS / 2})`,
  );
  console.log("dashboard                                  as                 alone p50   p99    10 conn p50    p99");
  const dashboards = plan.filter((p) => !p.unopened && DASHBOARD_PATHS.includes(p.path));
  for (const { path, role } of dashboards) {
    const headers = role && tokens[role] ? { Cookie: `${SESSION_COOKIE}=${tokens[role]}` } : {};
    await timeOnce(BASE + path, headers);
    const alone = [];
    for (let i = 0; i < LOAD_RUNS; i++) alone.push((await timeOnce(BASE + path, headers)).ms);
    const loaded = [];
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        for (let i = 0; i < LOAD_RUNS / 2; i++) loaded.push((await timeOnce(BASE + path, headers)).ms);
      }),
    );
    alone.sort((a, b) => a - b);
    loaded.sort((a, b) => a - b);
    const f = (n) => n.toFixed(1).padStart(8);
    console.log(
      `${path.slice(0, 42).padEnd(42)} ${(role ?? "signed out").padEnd(18)} ${f(percentile(alone, 50))} ${f(percentile(alone, 99))} ${f(percentile(loaded, 50))} ${f(percentile(loaded, 99))}`,
    );
  }
}

export default async function pageTimesBench({ BASE }) {
  console.log(`\nServer time per page (sequential, median and max of ${RUNS} after a warm-up)`);
  const tokens = {};
  for (const role of SIGNED_IN_ROLES) tokens[role] = await signIn(BASE, role).catch(() => null);
  const fx = await fixtures(BASE);
  const plan = await pagePlan(BASE, fx, tokens);
  console.log(
    "page                                       as                     median ms   max ms   HTML KiB  status",
  );
  for (const { path, role, unopened } of plan) {
    if (unopened) continue;
    const headers = role && tokens[role] ? { Cookie: `${SESSION_COOKIE}=${tokens[role]}` } : {};
    await timeOnce(BASE + path, headers);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await timeOnce(BASE + path, headers));
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
    const last = runs.at(-1);
    console.log(
      `${path.slice(0, 42).padEnd(42)} ${(role ?? "signed out").padEnd(22)} ${ms[Math.floor(ms.length / 2)].toFixed(1).padStart(9)} ${ms.at(-1).toFixed(1).padStart(8)} ${(last.bytes / 1024).toFixed(1).padStart(10)}  ${last.status}`,
    );
  }
  await dashboardLoad(BASE, plan, tokens);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await pageTimesBench({ BASE: process.argv[2] ?? "http://127.0.0.1:8787" });
}
