// The daily backup's time and size on the bench registry (100,000 farmers). Called by
// bench.mjs once the server is up: it fires the nightly trigger (which starts the backup), then
// the 5-minute trigger until the run is done, as production does, and reads the run's record.
// Also alone, against a served state: node scripts/bench-backup.mjs <base-url> <state-dir>
import { spawnSync } from "node:child_process";

const query = (stateDir, env, sql) => {
  const r = spawnSync(
    "wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--json", "--command", sql],
    { env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (r.status !== 0) throw new Error(`wrangler d1 execute failed: ${r.stderr}`);
  return JSON.parse(r.stdout)[0].results;
};
let handlerMs = 0;
/** Fires a cron trigger; the answer comes when the scheduled handler is done, so its time is the job's. */
async function trigger(BASE, cron) {
  const t = performance.now();
  const res = await fetch(`${BASE}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}`);
  await res.arrayBuffer();
  handlerMs += performance.now() - t;
  return res;
}

export default async function backupBench({ BASE, stateDir, env = process.env }) {
  console.log("\nDaily backup of D1 to R2: the whole database, sliced as the cron runs it");
  handlerMs = 0;
  let res = await trigger(BASE, "0 2 * * *");
  if (!res.ok) throw new Error(`nightly trigger answered ${res.status}`);
  let invocations = 1;
  let run;
  for (;;) {
    [run] = query(
      stateDir,
      env,
      "SELECT id, status, bytes, tables, table_names, created_at, updated_at FROM backup_runs ORDER BY created_at DESC LIMIT 1",
    );
    if (run?.status !== "running" || invocations > 200) break;
    res = await trigger(BASE, "*/5 * * * *");
    invocations += 1;
  }
  const seconds = handlerMs / 1000;
  if (run?.status !== "done") throw new Error(`backup did not finish: ${run?.status ?? "no run"}`);
  const tables = JSON.parse(run.tables);
  const rows = tables.reduce((n, t) => n + t.rows, 0);
  const farmers = tables.find((t) => t.name === "farmers")?.rows ?? 0;
  const parts = tables.reduce((n, t) => n + t.parts.length, 0);
  console.log(
    `backup ${run.id}: ${tables.length} tables, ${rows.toLocaleString("en")} rows (${farmers.toLocaleString("en")} farmers), ` +
      `${parts} encrypted gzip parts, ${(run.bytes / 1024 / 1024).toFixed(1)} MiB in R2`,
  );
  console.log(
    `time ${seconds.toFixed(1)} s in the scheduled handler (the first call includes the other nightly jobs) over ${invocations} cron invocations · ` +
      `${((rows / seconds) | 0).toLocaleString("en")} rows/s`,
  );
  const biggest = [...tables]
    .sort((a, b) => b.parts.reduce((n, p) => n + p.bytes, 0) - a.parts.reduce((n, p) => n + p.bytes, 0))
    .slice(0, 3);
  for (const t of biggest)
    console.log(
      `  ${t.name.padEnd(18)} ${String(t.rows).padStart(8)} rows  ${(t.parts.reduce((n, p) => n + p.bytes, 0) / 1024).toFixed(0).padStart(8)} KiB gzip`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await backupBench({
    BASE: process.argv[2] ?? "http://127.0.0.1:8791",
    stateDir: process.argv[3] ?? ".wrangler/bench-state",
  });
}
