// Part 1 of the traceability benchmarks: bulk import of the synthetic farmers with one plot each
// (POST /api/imports), then the same file again (must store nothing new).
import { api, fmt, noEndpoint, secs, sleep } from "./bench-traceability-api.mjs";
import { importCsv, splitCsv } from "./bench-traceability-data.mjs";

export const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
/**
 * Uploads one file and polls it to the end. A poll that fails (HTTP 5xx, connection dropped) is
 * counted and retried; when `processed` has not moved for 5 s the run is nudged with
 * POST /api/imports/<id>/continue; after 2 min without progress the run is given up.
 */
async function runImport(BASE, token, csv, name) {
  const started = performance.now();
  // A dropped upload (HTTP 5xx, connection reset) is sent again: importing is idempotent.
  let up;
  let uploadRetries = 0;
  for (;;) {
    try {
      up = await api(BASE, token, `/api/imports?fileName=${encodeURIComponent(name)}`, {
        method: "POST",
        headers: { "Content-Type": "text/csv" },
        body: csv,
      });
    } catch (e) {
      up = { status: 599, body: { message: e instanceof Error ? e.message : String(e) } };
    }
    if (up.status < 500 || uploadRetries >= 3) break;
    uploadRetries++;
    await sleep(1_000);
  }
  if (noEndpoint(up)) throw new Error("POST /api/imports is not available yet");
  if (up.status === 413) return { tooLarge: true, message: up.body?.message };
  if (up.status !== 202 && up.status !== 200 && up.status !== 201) {
    throw new Error(`POST /api/imports answered HTTP ${up.status}: ${up.body?.message ?? ""}`);
  }
  let run = up.body.run;
  if (!run?.id) throw new Error(`POST /api/imports gave no run id: ${JSON.stringify(up.body).slice(0, 200)}`);
  let lastProcessed = run.processed;
  let lastMove = performance.now();
  let lastNudge = 0;
  let nudges = 0;
  let pollErrors = 0;
  let lastError = "";
  const seen = (next) => {
    run = next;
    if (run.processed !== lastProcessed) {
      lastProcessed = run.processed;
      lastMove = performance.now();
    }
  };
  const attempt = async (path, init) => {
    try {
      const got = await api(BASE, token, path, init);
      if (got.status === 200 && got.body?.run) return got;
      if (noEndpoint(got)) return got;
      lastError = `HTTP ${got.status}: ${String(got.body?.message ?? "")
        .split("\n")[0]
        .slice(0, 120)}`;
    } catch (e) {
      lastError = e instanceof Error ? e.message : String(e);
    }
    pollErrors++;
    return null;
  };
  while (run.status === "running") {
    await sleep(500);
    const got = await attempt(`/api/imports/${run.id}`);
    if (got?.body?.run) seen(got.body.run);
    if (run.status !== "running") break;
    const still = performance.now() - lastMove;
    if (still > 120_000)
      throw new Error(
        `import ${run.id} made no progress for 2 min at ${run.processed}/${run.total} (last error: ${lastError || "none"})`,
      );
    if (still > 5_000 && performance.now() - lastNudge > 5_000) {
      const nudged = await attempt(`/api/imports/${run.id}/continue`, { method: "POST" });
      lastNudge = performance.now();
      if (nudged && !noEndpoint(nudged)) {
        nudges++;
        if (nudged.body?.run) seen(nudged.body.run);
      }
    }
  }
  return { run, ms: performance.now() - started, nudges, pollErrors, lastError, uploadRetries };
}

/** Runs the parts one after another; sums their counters. */
async function importAll(BASE, token, parts) {
  const sum = {
    total: 0,
    processed: 0,
    stored: 0,
    skipped: 0,
    failed: 0,
    ms: 0,
    nudges: 0,
    pollErrors: 0,
    uploadRetries: 0,
    lastError: "",
    errors: [],
    statuses: new Set(),
  };
  for (const [i, csv] of parts.entries()) {
    const out = await runImport(BASE, token, csv, parts.length > 1 ? `bench-part-${i + 1}.csv` : "bench.csv");
    if (out.tooLarge) return out;
    for (const k of ["total", "processed", "stored", "skipped", "failed"]) sum[k] += out.run[k] ?? 0;
    sum.ms += out.ms;
    sum.nudges += out.nudges;
    sum.pollErrors += out.pollErrors;
    sum.uploadRetries += out.uploadRetries;
    sum.lastError = out.lastError || sum.lastError;
    sum.statuses.add(out.run.status);
    sum.errors.push(...(out.run.errors ?? []));
  }
  return sum;
}

function reportImport(label, s, rows) {
  console.log(
    `  ${label.padEnd(10)} ${secs(s.ms).padStart(8)}   ${fmt(rows / (s.ms / 1000)).padStart(6)} rows/s   stored ${fmt(s.stored)} · skipped ${fmt(s.skipped)} · failed ${fmt(s.failed)} (of ${fmt(s.total)}; status ${[...s.statuses].join("/")}${s.nudges ? `; nudged ${s.nudges}×` : ""})`,
  );
  if (s.pollErrors) console.log(`             ${s.pollErrors} status/continue call(s) failed (last: ${s.lastError})`);
  if (s.uploadRetries) console.log(`             the upload was dropped ${s.uploadRetries}× (HTTP 5xx) and sent again`);
  if (s.errors.length) {
    const reasons = new Map();
    for (const e of s.errors) reasons.set(e.reason, (reasons.get(e.reason) ?? 0) + 1);
    const top = [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 3);
    console.log(
      `             line errors: ${top.map(([reason, n]) => `${n}× "${reason}"`).join("; ")}${s.errors[0] ? ` (first: line ${s.errors[0].line})` : ""}`,
    );
  }
}

export async function importBench(BASE, token) {
  const csv = importCsv(IMPORT_ROWS);
  const bytes = Buffer.byteLength(csv);
  console.log(
    `  file: ${fmt(IMPORT_ROWS)} farmers × 1 plot (half points, half 0.5–3 ha squares), ${(bytes / 1024 / 1024).toFixed(2)} MiB CSV`,
  );
  let parts = [csv];
  let first = await importAll(BASE, token, parts);
  if (first.tooLarge) {
    // /api refuses bodies over 1 MiB (worker/api/index.ts): send the rows as several files.
    parts = splitCsv(csv, 900 * 1024);
    console.log(
      `  one upload was refused (HTTP 413: ${first.message}); sending ${parts.length} files of ≤ 900 KiB instead`,
    );
    first = await importAll(BASE, token, parts);
    if (first.tooLarge) throw new Error(`even ≤ 900 KiB parts are refused: ${first.message}`);
  }
  reportImport("first run", first, IMPORT_ROWS);
  const again = await importAll(BASE, token, parts);
  reportImport("same file", again, IMPORT_ROWS);
  console.log(
    `  idempotency: the re-run stored ${fmt(again.stored)} new rows${again.stored === 0 ? " (as it should)" : " — EXPECTED 0"}`,
  );
}
