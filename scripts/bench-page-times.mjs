// Server time of every page (issue 13: "each new page's server time on the 100,000-farmer
// registry"): the same page plan as bench-pages.mjs (public, login, every dashboard as its own
// role, every work page as the first role that may open it), requested one after another so the
// figure is the server's time for one request, not a queue. Reports the median and the slowest of
// PAGE_TIME_RUNS requests (default 9) after one warm-up, and the HTML size. Printed, never asserted.
// Called by bench.mjs with { BASE } after the 100,000-farmer registry is loaded; also alone:
//   node scripts/bench-page-times.mjs http://127.0.0.1:8787

import { SIGNED_IN_ROLES } from "../tests/login-api.ts";
import { fixtures, pagePlan, SESSION_COOKIE, signIn } from "./bench-pages.mjs";

const RUNS = Number(process.env.PAGE_TIME_RUNS ?? 9);

async function timeOnce(url, headers) {
  const start = performance.now();
  const res = await fetch(url, { headers, redirect: "manual" });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - start, status: res.status, bytes: body.byteLength };
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
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await pageTimesBench({ BASE: process.argv[2] ?? "http://127.0.0.1:8787" });
}
