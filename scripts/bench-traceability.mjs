// Traceability benchmarks (`npm run bench`, after the page and login figures):
//   1. bulk import of 10,000 farmers with one plot each (POST /api/imports), then the same file
//      again (must store nothing new);
//   2. risk assessment of 1,000 plots against the sample layers (POST /api/eudr/assess in the
//      allowed chunks) and a county job (POST /api/eudr/jobs);
//   3. registry search on 100,000 farmers (GET /api/farmers and /farmers-list).
//   4. the re-check of every stored plot under the current rule set (bench-recheck.mjs, ADR 029).
// The large registry (and 1,000 Nimba plots for part 2) is written straight into the bench's own
// local D1 state by `prepare()` BEFORE the server starts (the Worker cannot be fed 100,000
// registrations quickly enough).
// Parts: bench-traceability-data.mjs (the synthetic registry), -api.mjs (HTTP helpers),
// -import.mjs (part 1).
// Figures are printed, never asserted. A part whose API is missing prints "skipped: <reason>".
import { COUNTIES } from "../worker/content/counties.ts";
import { recheckBench } from "./bench-recheck.mjs";
import { api, fmt, noEndpoint, part, secs, signIn, sleep } from "./bench-traceability-api.mjs";
import {
  chunkedInserts,
  directPlotGeometry,
  EUDR,
  executeLocalSql,
  farmerIdOf,
  nameKey,
  person,
  sqlText,
} from "./bench-traceability-data.mjs";
import { IMPORT_ROWS, importBench } from "./bench-traceability-import.mjs";
import { rng } from "./seeded-random.ts";

const REGISTRY_SIZE = Number(process.env.BENCH_REGISTRY ?? 100_000);
const ASSESS_PLOTS = 1_000;
/** Bulk farmers are FRM000101…; the demo farmer accounts use FRM000001/2. */
const FIRST_BULK_NUMBER = 101;
/** Plots of the direct-SQL registry: Nimba, across the sample layers (see worker/services/demo/sample-layers.ts). */
const DIRECT_PLOT_COUNTY = "Nimba County";
/** From POST /api/eudr/assess's schema (worker/contracts/eudr.ts MAX_SYNC_PLOTS); a 413/400 tells us if it changed. */
const ASSESS_CHUNK = 200;
const SESSION_COOKIE = "__Host-eip_session";

/**
 * Writes the large registry into the bench's local D1 state (`wrangler d1 execute --persist-to`):
 * REGISTRY_SIZE farmers with their farmer_crops rows and name keys as registration stores them
 * (worker/services/registry/register-farmer.ts prepareFarmer), and ASSESS_PLOTS plots of Nimba farmers.
 * No audit rows: this is fixture data, not a registration.
 */
export async function prepare({ stateDir, env }) {
  const started = performance.now();
  const r = rng(20_260_101);
  const farmerRows = [];
  const cropRows = [];
  const plotRows = [];
  for (let i = 0; i < REGISTRY_SIZE; i++) {
    const n = FIRST_BULK_NUMBER + i;
    const farmerId = farmerIdOf(n);
    const p = person(r, n, i % COUNTIES.length);
    const reg = `${2019 + Math.floor(r() * 7)}-${String(1 + Math.floor(r() * 12)).padStart(2, "0")}-${String(1 + Math.floor(r() * 28)).padStart(2, "0")}`;
    farmerRows.push(
      `(${[
        sqlText(crypto.randomUUID()),
        sqlText(farmerId),
        sqlText(p.firstName),
        sqlText(p.lastName),
        sqlText(p.gender),
        sqlText(p.dateOfBirth),
        sqlText(p.phone),
        sqlText(p.county),
        sqlText(p.district),
        sqlText(p.community),
        sqlText(JSON.stringify(p.crops)),
        sqlText(`LRB${String(n).padStart(8, "0")}`),
        sqlText(reg),
        sqlText("demo-office-admin"),
        sqlText(nameKey(p.firstName, p.lastName)),
        sqlText(nameKey(p.lastName, p.firstName)),
      ].join(",")})`,
    );
    for (const crop of p.crops) cropRows.push(`(${sqlText(farmerId)},${sqlText(crop)})`);
    if (p.county === DIRECT_PLOT_COUNTY && plotRows.length < ASSESS_PLOTS) {
      const k = plotRows.length;
      const g = directPlotGeometry(k);
      const crop = p.crops.find((c) => EUDR.has(c)) ?? p.crops[0];
      plotRows.push(
        `(${[
          sqlText(crypto.randomUUID()),
          sqlText(`PLT-${String(n).padStart(6, "0")}-01`),
          sqlText(farmerId),
          sqlText(g.json),
          sqlText(g.type),
          g.area,
          ...g.box.map((v) => Number(v)),
          sqlText(crop),
          2005 + (k % 15),
          sqlText(p.county),
          sqlText("valid"),
          sqlText('{"warnings":[]}'),
          sqlText("demo-office-admin"),
        ].join(",")})`,
      );
    }
  }
  const sql = [
    ...chunkedInserts(
      farmerRows,
      "INSERT INTO farmers (id, farmer_id, first_name, last_name, gender, date_of_birth, phone, county, district, community, crops, national_id, registration_date, registered_by, name_key, last_name_key)",
    ),
    ...chunkedInserts(cropRows, "INSERT INTO farmer_crops (farmer_id, crop)"),
    ...chunkedInserts(
      plotRows,
      "INSERT INTO land_plots (id, plot_code, farmer_id, geometry, geometry_type, area_hectares, min_lon, min_lat, max_lon, max_lat, crop, planting_year, county, validation_state, validation_issues, created_by)",
    ),
  ].join("\n");
  executeLocalSql(sql, { stateDir, env, what: "the bench registry" });
  const mib = (Buffer.byteLength(sql) / 1024 / 1024).toFixed(1);
  console.log(
    `Bench registry: ${REGISTRY_SIZE.toLocaleString("en")} farmers, ${cropRows.length.toLocaleString("en")} crop rows, ${plotRows.length} Nimba plots written to ${stateDir} (${mib} MiB SQL) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

// ---------------------------------------------------------------------------------------------
// Helpers while the server runs.

// ---------------------------------------------------------------------------------------------
// 2. Risk assessment.

async function assessBench(BASE, token) {
  const layers = await api(BASE, token, "/api/eudr/layers/sample", { method: "POST" });
  if (noEndpoint(layers)) throw new Error("POST /api/eudr/layers/sample is not available");
  if (layers.status !== 200 && layers.status !== 201)
    throw new Error(`sample layers not installed: HTTP ${layers.status} ${layers.body?.message ?? ""}`);
  const listed = await api(BASE, token, "/api/eudr/layers");
  console.log(`  sample layers active: ${listed.body?.layers?.length ?? "?"}`);

  // 1,000 plot ids of the county, newest first, page by page as a client would.
  const county = encodeURIComponent(DIRECT_PLOT_COUNTY);
  const ids = [];
  const listStarted = performance.now();
  let pages = 0;
  for (let page = 1; ids.length < ASSESS_PLOTS; page++) {
    const got = await api(BASE, token, `/api/plots?county=${county}&page=${page}`);
    if (got.status !== 200) throw new Error(`GET /api/plots answered HTTP ${got.status}: ${got.body?.message ?? ""}`);
    pages++;
    ids.push(...got.body.plots.map((p) => p.id));
    if (page >= got.body.pages) break;
  }
  const listMs = performance.now() - listStarted;
  ids.length = Math.min(ids.length, ASSESS_PLOTS);
  console.log(
    `  listing ${fmt(ids.length)} plot ids of ${DIRECT_PLOT_COUNTY}: ${pages} pages of GET /api/plots in ${secs(listMs)} (${(listMs / pages).toFixed(0)} ms a page)`,
  );
  if (!ids.length) throw new Error(`no plots in ${DIRECT_PLOT_COUNTY} to assess`);

  const counts = {};
  let chunk = ASSESS_CHUNK;
  let calls = 0;
  const started = performance.now();
  for (let i = 0; i < ids.length; ) {
    const part = ids.slice(i, i + chunk);
    const got = await api(BASE, token, "/api/eudr/assess", { method: "POST", json: { plotIds: part } });
    if (!calls && got.status === 500 && chunk > 99) {
      // Seen: more than 99 ids overflow D1's 100 bound parameters in the count of the scope.
      console.log(`  ${chunk} plot ids per call → HTTP 500 (see the server log); using 99 per call`);
      chunk = 99;
      continue;
    }
    if (!calls && (got.status === 400 || got.status === 413) && chunk > 25) {
      chunk = Math.floor(chunk / 2); // the cap changed: halve until accepted
      continue;
    }
    if (got.status !== 200)
      throw new Error(`POST /api/eudr/assess answered HTTP ${got.status}: ${got.body?.message ?? ""}`);
    calls++;
    for (const r of got.body.results ?? []) counts[r.verdict] = (counts[r.verdict] ?? 0) + 1;
    i += part.length;
  }
  const ms = performance.now() - started;
  const verdicts = (c) =>
    Object.entries(c)
      .map(([k, v]) => `${k} ${fmt(v)}`)
      .join(" · ") || "none";
  console.log(
    `  assess ${fmt(ids.length)} plots: ${calls} × POST /api/eudr/assess (≤ ${chunk} each) in ${secs(ms)} → ${(ids.length / (ms / 1000)).toFixed(0)} plots/s`,
  );
  console.log(`             verdicts: ${verdicts(counts)}`);

  const jobStarted = performance.now();
  const created = await api(BASE, token, "/api/eudr/jobs", {
    method: "POST",
    json: { scope: "county", value: "Nimba" },
  });
  if (created.status !== 202)
    throw new Error(`POST /api/eudr/jobs answered HTTP ${created.status}: ${created.body?.message ?? ""}`);
  let job = created.body.job;
  while (job.status === "queued" || job.status === "running") {
    await sleep(500);
    const got = await api(BASE, token, `/api/eudr/jobs/${job.id}`);
    if (got.status !== 200) throw new Error(`GET /api/eudr/jobs/${job.id} answered HTTP ${got.status}`);
    job = got.body.job;
    if (performance.now() - jobStarted > 15 * 60_000)
      throw new Error(`the county job is still ${job.status} after 15 min (${job.done}/${job.total})`);
  }
  const jobMs = performance.now() - jobStarted;
  console.log(
    `  county job (Nimba, ${fmt(job.total)} plots): ${job.status} in ${secs(jobMs)} → ${(job.done / (jobMs / 1000)).toFixed(0)} plots/s (polled every 0.5 s)${job.lastError ? `; last error: ${job.lastError}` : ""}`,
  );
  console.log(`             verdicts: ${verdicts(job.counts ?? {})}`);
}

// ---------------------------------------------------------------------------------------------
// 3. Registry search.

async function searchBench(BASE, token, load, CONNECTIONS, DURATION) {
  const probe = await api(BASE, token, "/api/farmers?pageSize=1");
  if (noEndpoint(probe)) throw new Error("GET /api/farmers is not available");
  if (probe.status !== 200)
    throw new Error(`GET /api/farmers answered HTTP ${probe.status}: ${probe.body?.message ?? ""}`);
  console.log(
    `  registry: ${fmt(probe.body.total)} farmers; ${CONNECTIONS} connections × ${DURATION}s per query, signed in as office.admin`,
  );
  const someId = farmerIdOf(FIRST_BULK_NUMBER + Math.floor(REGISTRY_SIZE / 2) + 22);
  const queries = [
    ["name prefix", "q=kol"],
    ["farmer ID", `q=${someId}`],
    ["county + crop", `county=${encodeURIComponent("Nimba County")}&crop=Cocoa`],
    ["page 50", "page=50"],
  ];
  const rows = [];
  for (const [label, qs] of queries) {
    const hits = await api(BASE, token, `/api/farmers?${qs}`);
    for (const [kind, path, headers] of [
      ["GET /api/farmers", `/api/farmers?${qs}`, { Authorization: `Bearer ${token}` }],
      ["/farmers-list", `/farmers-list?${qs}`, { Cookie: `${SESSION_COOKIE}=${token}` }],
    ]) {
      // One client alone first (what one user waits), then under load.
      const alone = [];
      for (let i = 0; i < 10; i++) {
        const t = performance.now();
        await (await fetch(BASE + path, { headers })).arrayBuffer();
        alone.push(performance.now() - t);
      }
      alone.sort((a, b) => a - b);
      const r = await load(path, { headers });
      rows.push({
        kind,
        label,
        total: hits.body?.total,
        alone: alone[5],
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        bad: r.errors + r.non2xx,
      });
    }
  }
  console.log(
    `  endpoint           query           matches   alone ms │ ${CONNECTIONS} conns: req/s   p50 ms   p99 ms   errors`,
  );
  for (const r of rows) {
    console.log(
      `  ${r.kind.padEnd(18)} ${r.label.padEnd(14)} ${String(r.total === undefined ? "?" : fmt(r.total)).padStart(8)} ${r.alone.toFixed(0).padStart(10)} │ ${r.rps.toFixed(0).padStart(15)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)}   ${r.bad}`,
    );
  }
  console.log("  (alone: median of 10 requests one after another; then autocannon)");
}

/** Runs after the page benchmarks, on the same server and state. */
export default async function traceabilityBench({ BASE, load, CONNECTIONS, DURATION }) {
  console.log("\nTraceability");
  let token;
  try {
    token = await signIn(BASE);
  } catch (e) {
    console.log(`  skipped: ${e.message}`);
    return;
  }
  // BENCH_TRACE_PARTS=2,3 runs only those parts (e.g. while one API is being changed).
  const parts = new Set((process.env.BENCH_TRACE_PARTS ?? "1,2,3,4").split(",").map((p) => p.trim()));
  if (parts.has("1"))
    await part(`1. Bulk import (${fmt(IMPORT_ROWS)} farmers with plots, POST /api/imports)`, () =>
      importBench(BASE, token),
    );
  if (parts.has("2"))
    await part(`2. Risk assessment (${fmt(ASSESS_PLOTS)} plots, sample layers)`, () => assessBench(BASE, token));
  if (parts.has("3"))
    await part(`3. Registry search (${fmt(REGISTRY_SIZE)} farmers + imported)`, () =>
      searchBench(BASE, token, load, CONNECTIONS, DURATION),
    );
  if (parts.has("4"))
    await part(`4. Re-check of stored plots under a new rule set (${fmt(REGISTRY_SIZE)}-farmer registry)`, () =>
      recheckBench(BASE, token),
    );
}
