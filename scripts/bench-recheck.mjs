// Part 4 of the traceability benchmarks (bench-traceability.mjs): the re-check of every stored plot
// under the current rule set (ADR 029) on the bench registry (100,000 farmers; its plots
// are written straight into D1, so they read the legacy rule set, as a database from before the
// rule-set versions would). Drives /recheck-jobs as the administrator does: "Start the re-check",
// then "Continue" until no plot waits; each request runs the job for up to 10 s of its own.
import { fmt, secs, sleep } from "./bench-traceability-api.mjs";

const SESSION_COOKIE = "__Host-eip_session";

async function page(BASE, token) {
  const res = await fetch(`${BASE}/recheck-jobs`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
  const html = await res.text();
  if (res.status !== 200) throw new Error(`GET /recheck-jobs answered HTTP ${res.status}`);
  const waiting = /(\d[\d,]*) stored plot\(s\) were last checked under an older rule set/.exec(html);
  return {
    csrf: /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "",
    waiting: waiting ? Number(waiting[1].replace(/,/g, "")) : 0,
    row:
      /<tbody[^>]*>\s*<tr[^>]*>(.*?)<\/tr>/s
        .exec(html)?.[1]
        ?.replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim() ?? "",
  };
}

export async function recheckBench(BASE, token) {
  const first = await page(BASE, token);
  console.log(`  plots waiting under an older rule set: ${fmt(first.waiting)}`);
  if (!first.waiting) return;
  const started = performance.now();
  let requests = 0;
  let state = first;
  while (state.waiting > 0) {
    const res = await fetch(`${BASE}/recheck-jobs`, {
      method: "POST",
      headers: {
        Cookie: `${SESSION_COOKIE}=${token}`,
        Origin: BASE,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ csrf: state.csrf }).toString(),
      redirect: "manual",
    });
    requests++;
    await res.arrayBuffer();
    if (res.status !== 302 && res.status !== 303) throw new Error(`POST /recheck-jobs answered HTTP ${res.status}`);
    state = await page(BASE, token);
    if (performance.now() - started > 30 * 60_000) throw new Error(`still ${state.waiting} plots after 30 min`);
    if (state.waiting > 0) await sleep(100);
  }
  const ms = performance.now() - started;
  console.log(
    `  re-check of ${fmt(first.waiting)} plots: ${requests} request(s) of ≤ 10 s in ${secs(ms)} → ${(first.waiting / (ms / 1000)).toFixed(0)} plots/s`,
  );
  console.log(`  job: ${state.row}`);
}
