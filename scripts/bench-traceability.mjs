// Traceability benchmarks (`npm run bench`, after the page and login figures):
//   1. bulk import of 10,000 farmers with one plot each (POST /api/imports), then the same file
//      again (must store nothing new);
//   2. risk assessment of 1,000 plots against the sample layers (POST /api/eudr/assess in the
//      allowed chunks) and a county job (POST /api/eudr/jobs);
//   3. registry search on 100,000 farmers (GET /api/farmers and /farmers-list).
// The large registry (and 1,000 Nimba plots for part 2) is written straight into the bench's own
// local D1 state by `prepare()` BEFORE the server starts (the Worker cannot be fed 100,000
// registrations quickly enough).
// Figures are printed, never asserted. A part whose API is missing prints "skipped: <reason>".
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COUNTIES } from "../worker/content/counties.ts";
import { CROPS } from "../worker/domain/commodities.ts";
import { COUNTY_CENTRES } from "../worker/domain/counties-geo.ts";
import { IMPORT_COLUMNS } from "../worker/domain/import-rows.ts";

const REGISTRY_SIZE = Number(process.env.BENCH_REGISTRY ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const ASSESS_PLOTS = 1_000;
/** Bulk farmers are FRM000101…; the demo farmer accounts use FRM000001/2. */
const FIRST_BULK_NUMBER = 101;
/** Plots of the direct-SQL registry: Nimba, across the sample layers (see worker/services/demo/sample-layers.ts). */
const DIRECT_PLOT_COUNTY = "Nimba County";
/** From POST /api/eudr/assess's schema (worker/contracts/eudr.ts MAX_SYNC_PLOTS); a 413/400 tells us if it changed. */
const ASSESS_CHUNK = 200;
const OFFICE_ADMIN = { username: "office.admin", password: "Office#2026", role: "office_admin" };
const SESSION_COOKIE = "__Host-eip_session";

// ---------------------------------------------------------------------------------------------
// Realistic data (deterministic: the same seed gives the same registry and the same CSV).

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (r, list) => list[Math.floor(r() * list.length)];

const FEMALE = [
  "Musu",
  "Fatu",
  "Korto",
  "Garmai",
  "Yei",
  "Jartu",
  "Hawa",
  "Massa",
  "Kebbeh",
  "Comfort",
  "Esther",
  "Mary",
  "Patience",
  "Blessing",
  "Oretha",
  "Ellen",
  "Martha",
  "Satta",
  "Finda",
  "Weade",
  "Decontee",
  "Youngor",
  "Mamie",
  "Nyenpu",
  "Sianneh",
  "Lorpu",
  "Kou",
  "Wokie",
];
const MALE = [
  "Sekou",
  "Mulbah",
  "Tarnue",
  "Varney",
  "Momo",
  "Alieu",
  "Boakai",
  "Siaffa",
  "Joseph",
  "Emmanuel",
  "Samuel",
  "James",
  "Prince",
  "Augustine",
  "Kpakolo",
  "Flomo",
  "Saye",
  "Gbessay",
  "Jallah",
  "Tokpa",
  "Kerkula",
  "Sumo",
  "Nathaniel",
  "Moses",
  "Abraham",
  "Dorbor",
  "Zayzay",
  "Arthur",
];
const SURNAMES = [
  "Kollie",
  "Flomo",
  "Kpoto",
  "Sirleaf",
  "Weah",
  "Tubman",
  "Johnson",
  "Doe",
  "Toe",
  "Gbowee",
  "Dolo",
  "Zinnah",
  "Kamara",
  "Sesay",
  "Konneh",
  "Kromah",
  "Paye",
  "Gaye",
  "Tarpeh",
  "Mulbah",
  "Wleh",
  "Saye",
  "Gono",
  "Barclay",
  "Cooper",
  "Nyumah",
  "Bility",
  "Kiadii",
  "Massaquoi",
  "Jallah",
  "Karnley",
  "Yarkpawolo",
  "Dahn",
  "Sackor",
  "Kpadeh",
  "Gbelee",
  "Quiwonkpa",
  "Nimely",
  "Tweh",
  "Wesseh",
  "Sayeh",
  "Dennis",
  "Brown",
  "Kerkula",
  "Fahnbulleh",
  "Zubah",
  "Gweh",
  "Suah",
];
/** Districts and towns per county (real names; only for realistic text). */
const PLACES = {
  Bomi: [
    ["Klay", "Dewoin", "Senjeh", "Suehn Mecca"],
    ["Tubmanburg", "Klay", "Gbah", "Beafini"],
  ],
  Bong: [
    ["Jorquelleh", "Panta", "Salala", "Suakoko", "Kokoyah"],
    ["Gbarnga", "Totota", "Palala", "Phebe", "Gbartala"],
  ],
  Gbarpolu: [
    ["Bopolu", "Belleh", "Kongba", "Gounwolaila"],
    ["Bopolu", "Henry Town", "Gbarma", "Weasua"],
  ],
  "Grand Bassa": [
    ["District #1", "District #2", "District #3", "Owensgrove"],
    ["Buchanan", "Compound #1", "Little Bassa", "Edina"],
  ],
  "Grand Cape Mount": [
    ["Garwula", "Commonwealth", "Porkpa", "Tewor"],
    ["Robertsport", "Sinje", "Bo Waterside", "Mano River"],
  ],
  "Grand Gedeh": [
    ["Tchien", "Gbarzon", "Konobo", "Cavala"],
    ["Zwedru", "Toe Town", "Putu", "Polar"],
  ],
  "Grand Kru": [
    ["Barclayville", "Buah", "Forpoh", "Upper Kru Coast"],
    ["Barclayville", "Grandcess", "Sasstown", "Picnicess"],
  ],
  Lofa: [
    ["Voinjama", "Kolahun", "Foya", "Zorzor", "Salayea"],
    ["Voinjama", "Foya", "Zorzor", "Kolahun", "Vahun"],
  ],
  Margibi: [
    ["Kakata", "Firestone", "Gibi", "Mambah-Kaba"],
    ["Kakata", "Harbel", "Worhn", "Cinta"],
  ],
  Maryland: [
    ["Harper", "Pleebo-Sodeken", "Karluway", "Barrobo"],
    ["Harper", "Pleebo", "Karloken", "Fish Town Junction"],
  ],
  Montserrado: [
    ["Careysburg", "Todee", "St. Paul River", "Greater Monrovia"],
    ["Bensonville", "Todee", "Arthington", "Kle"],
  ],
  Nimba: [
    ["Sanniquellie-Mahn", "Saclepea-Mahn", "Tappita", "Zoegeh", "Gbehlay-Geh"],
    ["Sanniquellie", "Ganta", "Saclepea", "Gbedin", "Karnplay", "Tappita"],
  ],
  "River Cess": [
    ["Morweh", "Timbo", "Yarnee", "Doedain"],
    ["Cestos City", "Yarpah Town", "Timbo", "Gozohn"],
  ],
  "River Gee": [
    ["Webbo", "Gbeapo", "Chedepo", "Potupo"],
    ["Fish Town", "Kanweaken", "Gbeapo", "Ziah"],
  ],
  Sinoe: [
    ["Greenville", "Juarzon", "Butaw", "Kpayan"],
    ["Greenville", "Juarzon", "Butaw", "Jedepo"],
  ],
};
/** Cash crops by county (EUDR commodities where they are grown), then staples. */
const COUNTY_CROPS = {
  Nimba: ["Cocoa", "Coffee", "Rubber"],
  Lofa: ["Cocoa", "Coffee", "Rice"],
  Bong: ["Cocoa", "Coffee", "Rubber"],
  "Grand Gedeh": ["Cocoa", "Coffee", "Oil Palm"],
  Margibi: ["Rubber", "Oil Palm", "Cassava"],
  Montserrado: ["Rubber", "Cassava", "Plantain"],
  "Grand Bassa": ["Oil Palm", "Rubber", "Cocoa"],
  Sinoe: ["Oil Palm", "Cocoa", "Rubber"],
};
const STAPLES = ["Cassava", "Rice", "Plantain", "Pepper", "Kola Nut", "Banana", "Groundnut", "Sweet Potato"];
const EUDR = new Set(["Cocoa", "Coffee", "Rubber", "Oil Palm"]);

/** One person: name, county (spread over all 15), crops (the county's cash crop first). */
function person(r, n, countyIndex) {
  const county = COUNTIES[countyIndex];
  const short = county.replace(/ County$/, "");
  const gender = r() < 0.5 ? "female" : "male";
  const firstName = pick(r, gender === "female" ? FEMALE : MALE);
  const lastName = pick(r, SURNAMES);
  const cash = COUNTY_CROPS[short] ?? ["Cocoa", "Rubber", "Oil Palm", "Cassava"];
  const crops = new Set([cash[r() < 0.7 ? 0 : Math.floor(r() * cash.length)]]);
  if (r() < 0.6) crops.add(pick(r, STAPLES));
  if (r() < 0.2) crops.add(pick(r, cash));
  const [districts, towns] = PLACES[short];
  const year = 1950 + Math.floor(r() * 56);
  const month = 1 + Math.floor(r() * 12);
  const day = 1 + Math.floor(r() * 28);
  return {
    firstName,
    lastName,
    gender,
    dateOfBirth: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
    // 9-digit mobile numbers (77/88 networks), stored form "+231 77 123 4567".
    phone: `+231 ${pick(r, ["77", "88", "55"])} ${String(100 + (n % 900)).padStart(3, "0")} ${String(Math.floor(r() * 10000)).padStart(4, "0")}`,
    county,
    district: pick(r, districts),
    community: pick(r, towns),
    // In the list's order (as registration stores them: worker/contracts/farmer.ts).
    crops: CROPS.filter((c) => crops.has(c)),
  };
}

/** lower("first last"), single spaces: worker/contracts/farmer.ts `nameKey` (the registry's search keys). */
const nameKey = (...parts) => parts.join(" ").trim().replace(/\s+/g, " ").toLowerCase();

/** 6 decimals with a non-zero last digit: a trailing zero would be lost in JSON/Number and fail the EUDR precision rule. */
function coord(x) {
  let s = x.toFixed(6);
  if (s.endsWith("0")) s = (x + (x < 0 ? -0.000001 : 0.000001)).toFixed(6);
  return s;
}

/** A square of `hectares` with its south-west corner at (lon, lat), as GeoJSON text. */
function squareJson(lon, lat, hectares) {
  const side = Math.sqrt(hectares * 10_000);
  const dLat = side / 110_574;
  const dLon = side / (111_320 * Math.cos((lat * Math.PI) / 180));
  const [x0, y0, x1, y1] = [coord(lon), coord(lat), coord(lon + dLon), coord(lat + dLat)];
  // Counter-clockwise exterior ring (RFC 7946), closed.
  return `{"type":"Polygon","coordinates":[[[${x0},${y0}],[${x1},${y0}],[${x1},${y1}],[${x0},${y1}],[${x0},${y0}]]]}`;
}

// ---------------------------------------------------------------------------------------------
// Before the server starts: 100,000 farmers (and 1,000 Nimba plots) straight into local D1.

const sqlText = (v) => (v === null || v === undefined ? "NULL" : `'${String(v).replaceAll("'", "''")}'`);
const farmerIdOf = (n) => `FRM${String(n).padStart(6, "0")}`;

/** The 1,000 direct plots: a 40 × 25 grid over the sample layers' Nimba area (lon −8.72…−8.40, lat 7.10…7.40). */
function directPlotGeometry(k) {
  const lon = -8.72 + (k % 40) * 0.008 + 0.0011;
  const lat = 7.1 + Math.floor(k / 40) * 0.012 + 0.0013;
  if (k % 2) {
    return {
      json: `{"type":"Point","coordinates":[${coord(lon)},${coord(lat)}]}`,
      type: "Point",
      area: 4,
      box: [lon, lat, lon, lat],
    };
  }
  const ha = 0.5 + (k % 11) * 0.25;
  const json = squareJson(lon, lat, ha);
  const ring = JSON.parse(json).coordinates[0];
  return { json, type: "Polygon", area: ha, box: [ring[0][0], ring[0][1], ring[2][0], ring[2][1]] };
}

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
  // Multi-row INSERTs kept under D1's 100 KB statement limit (SQLITE_TOOBIG); no bound parameters here.
  const chunked = (rows, head) => {
    const out = [];
    let current = [];
    let size = 0;
    for (const row of rows) {
      if (current.length && size + row.length > 90_000) {
        out.push(`${head} VALUES\n${current.join(",\n")};`);
        current = [];
        size = 0;
      }
      current.push(row);
      size += row.length + 2;
    }
    if (current.length) out.push(`${head} VALUES\n${current.join(",\n")};`);
    return out;
  };
  const sql = [
    ...chunked(
      farmerRows,
      "INSERT INTO farmers (id, farmer_id, first_name, last_name, gender, date_of_birth, phone, county, district, community, crops, national_id, registration_date, registered_by, name_key, last_name_key)",
    ),
    ...chunked(cropRows, "INSERT INTO farmer_crops (farmer_id, crop)"),
    ...chunked(
      plotRows,
      "INSERT INTO land_plots (id, plot_code, farmer_id, geometry, geometry_type, area_hectares, min_lon, min_lat, max_lon, max_lat, crop, planting_year, county, validation_state, validation_issues, created_by)",
    ),
  ].join("\n");
  const dir = mkdtempSync(join(tmpdir(), "eip-bench-"));
  const file = join(dir, "registry.sql");
  writeFileSync(file, sql);
  try {
    const res = spawnSync("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--file", file], {
      stdio: ["ignore", "ignore", "pipe"],
      env,
      encoding: "utf8",
    });
    if (res.status !== 0) throw new Error(`loading the bench registry failed: ${res.stderr.slice(-2000)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const mib = (Buffer.byteLength(sql) / 1024 / 1024).toFixed(1);
  console.log(
    `Bench registry: ${REGISTRY_SIZE.toLocaleString("en")} farmers, ${cropRows.length.toLocaleString("en")} crop rows, ${plotRows.length} Nimba plots written to ${stateDir} (${mib} MiB SQL) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

// ---------------------------------------------------------------------------------------------
// Helpers while the server runs.

const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
const fmt = (n) => Math.round(n).toLocaleString("en");
const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

async function signIn(BASE) {
  const res = await fetch(`${BASE}/api/auth/regulatory-login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.70.0.1" },
    body: JSON.stringify(OFFICE_ADMIN),
  });
  const body = await res.json().catch(() => ({}));
  if (res.status !== 200 || !body.token)
    throw new Error(`office.admin could not sign in (HTTP ${res.status}: ${body.message ?? "no token"})`);
  return body.token;
}

/** fetch + JSON with the bearer token; never throws on HTTP errors (the status is returned). */
async function api(BASE, token, path, init = {}) {
  const headers = { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) };
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(BASE + path, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    // vite preview answers a dropped Worker request with an HTML page: keep its first line.
    const pre = /<pre>(.*?)(<br>|<\/pre>)/s.exec(text)?.[1];
    body = { message: (pre ?? text).slice(0, 200) };
  }
  return { status: res.status, body };
}

/** True when the API answered "no such endpoint" (worker/api/errors.ts onApiNotFound). */
const noEndpoint = (r) => r.status === 404 && /^No API endpoint at /.test(r.body?.message ?? "");

async function part(title, fn) {
  console.log(`\n${title}`);
  try {
    await fn();
  } catch (e) {
    console.log(`  skipped: ${e instanceof Error ? e.message : String(e)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Bulk import.

/** The import file: IMPORT_COLUMNS, one plot per farmer, alternating GPS points and small squares, no two overlapping. */
function importCsv(rows) {
  const r = rng(20_260_202);
  const perCounty = new Array(COUNTIES.length).fill(0);
  const side = Math.ceil(Math.sqrt(rows / COUNTIES.length));
  const csvField = (v) =>
    v === undefined || v === null ? "" : /[",\n]/.test(String(v)) ? `"${String(v).replaceAll('"', '""')}"` : String(v);
  const lines = [IMPORT_COLUMNS.join(",")];
  for (let i = 0; i < rows; i++) {
    const countyIndex = i % COUNTIES.length;
    const p = person(r, 500_000 + i, countyIndex);
    // The county's plots on a grid around its centre, 0.003° (≈ 330 m) apart; squares are at
    // most 3 ha (≈ 173 m a side), so neighbours never touch. The direct Nimba plots lie east of −8.72.
    const k = perCounty[countyIndex]++;
    const [cLon, cLat] = COUNTY_CENTRES[p.county];
    const lon = cLon + ((k % side) - side / 2) * 0.003 + 0.0004;
    const lat = cLat + (Math.floor(k / side) - side / 2) * 0.003 + 0.0004;
    const crop = p.crops.find((c) => EUDR.has(c)) ?? p.crops[0];
    const point = i % 2 === 0;
    const fields = {
      farmer_ref: `BENCH-${String(i + 1).padStart(6, "0")}`,
      first_name: p.firstName,
      last_name: p.lastName,
      gender: p.gender,
      date_of_birth: p.dateOfBirth,
      phone: p.phone,
      county: p.county,
      district: p.district,
      community: p.community,
      crops: p.crops.join(";"),
      national_id: `LRI${String(i + 1).padStart(8, "0")}`,
      plot_ref: "P1",
      plot_crop: crop,
      planting_year: 2000 + (i % 20),
      tenure_reference: `CLC-${String(i + 1).padStart(6, "0")}/${2010 + (i % 14)}`,
      latitude: point ? coord(lat) : "",
      longitude: point ? coord(lon) : "",
      geometry: point ? "" : squareJson(lon, lat, 0.5 + (i % 11) * 0.25),
    };
    lines.push(IMPORT_COLUMNS.map((c) => csvField(fields[c])).join(","));
  }
  return `${lines.join("\n")}\n`;
}

/** Splits a CSV into parts of at most `maxBytes`, each with the header. */
function splitCsv(csv, maxBytes) {
  const [header, ...rows] = csv.trimEnd().split("\n");
  const parts = [];
  let current = [];
  let size = header.length + 1;
  for (const row of rows) {
    if (current.length && size + row.length + 1 > maxBytes) {
      parts.push(`${header}\n${current.join("\n")}\n`);
      current = [];
      size = header.length + 1;
    }
    current.push(row);
    size += row.length + 1;
  }
  if (current.length) parts.push(`${header}\n${current.join("\n")}\n`);
  return parts;
}

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

async function importBench(BASE, token) {
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
  const parts = new Set((process.env.BENCH_TRACE_PARTS ?? "1,2,3").split(",").map((p) => p.trim()));
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
}
