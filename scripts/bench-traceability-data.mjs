// Synthetic but realistic registry data for the traceability benchmarks (bench-traceability.mjs):
// names, places and crops per county, plot geometries and the bulk-import CSV. Deterministic:
// the same seed gives the same registry and the same CSV.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COUNTIES } from "../worker/content/counties.ts";
import { CROPS } from "../worker/domain/commodities.ts";
import { COUNTY_CENTRES } from "../worker/domain/counties-geo.ts";
import { IMPORT_COLUMNS } from "../worker/domain/import-rows.ts";
import { rng } from "./seeded-random.ts";

// ---------------------------------------------------------------------------------------------
// Realistic data (deterministic: the same seed gives the same registry and the same CSV).

export const pick = (r, list) => list[Math.floor(r() * list.length)];

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
export const PLACES = {
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
export const COUNTY_CROPS = {
  Nimba: ["Cocoa", "Coffee", "Rubber"],
  Lofa: ["Cocoa", "Coffee", "Rice"],
  Bong: ["Cocoa", "Coffee", "Rubber"],
  "Grand Gedeh": ["Cocoa", "Coffee", "Oil Palm"],
  Margibi: ["Rubber", "Oil Palm", "Cassava"],
  Montserrado: ["Rubber", "Cassava", "Plantain"],
  "Grand Bassa": ["Oil Palm", "Rubber", "Cocoa"],
  Sinoe: ["Oil Palm", "Cocoa", "Rubber"],
};
export const STAPLES = ["Cassava", "Rice", "Plantain", "Pepper", "Kola Nut", "Banana", "Groundnut", "Sweet Potato"];
export const EUDR = new Set(["Cocoa", "Coffee", "Rubber", "Oil Palm"]);

/** One person: name, county (spread over all 15), crops (the county's cash crop first). */
export function person(r, n, countyIndex) {
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
export const nameKey = (...parts) => parts.join(" ").trim().replace(/\s+/g, " ").toLowerCase();

/** 6 decimals with a non-zero last digit: a trailing zero would be lost in JSON/Number and fail the EUDR precision rule. */
export function coord(x) {
  let s = x.toFixed(6);
  if (s.endsWith("0")) s = (x + (x < 0 ? -0.000001 : 0.000001)).toFixed(6);
  return s;
}

/** A square of `hectares` with its south-west corner at (lon, lat), as GeoJSON text. */
export function squareJson(lon, lat, hectares) {
  const side = Math.sqrt(hectares * 10_000);
  const dLat = side / 110_574;
  const dLon = side / (111_320 * Math.cos((lat * Math.PI) / 180));
  const [x0, y0, x1, y1] = [coord(lon), coord(lat), coord(lon + dLon), coord(lat + dLat)];
  // Counter-clockwise exterior ring (RFC 7946), closed.
  return `{"type":"Polygon","coordinates":[[[${x0},${y0}],[${x1},${y0}],[${x1},${y1}],[${x0},${y1}],[${x0},${y0}]]]}`;
}

// ---------------------------------------------------------------------------------------------
// Before the server starts: 100,000 farmers (and 1,000 Nimba plots) straight into local D1.

/** Runs an SQL file of INSERTs against the local D1 of `stateDir` (wrangler d1 execute). */
export function executeLocalSql(sql, { stateDir, env, what }) {
  const dir = mkdtempSync(join(tmpdir(), "eip-bench-"));
  const file = join(dir, "load.sql");
  writeFileSync(file, sql);
  try {
    const res = spawnSync("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--file", file], {
      stdio: ["ignore", "ignore", "pipe"],
      env,
      encoding: "utf8",
    });
    if (res.status !== 0) throw new Error(`loading ${what} failed: ${res.stderr.slice(-2000)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Multi-row INSERTs kept under D1's 100 KB statement limit (SQLITE_TOOBIG); no bound parameters. */
export function chunkedInserts(rows, head) {
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
}

export const sqlText = (v) => (v === null || v === undefined ? "NULL" : `'${String(v).replaceAll("'", "''")}'`);
export const farmerIdOf = (n) => `FRM${String(n).padStart(6, "0")}`;

/**
 * The 1,000 direct plots: a 40 × 25 grid over the sample layers' Nimba area (lon −8.72…−8.40, lat
 * from `baseLat`, 7.10 by default, up 0.3°). Odd k: a point (4 ha stated); even k: a square.
 */
export function directPlotGeometry(k, baseLat = 7.1) {
  const lon = -8.72 + (k % 40) * 0.008 + 0.0011;
  const lat = baseLat + Math.floor(k / 40) * 0.012 + 0.0013;
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

/** The import file: IMPORT_COLUMNS, one plot per farmer, alternating GPS points and small squares, no two overlapping. */
export function importCsv(rows) {
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
      // A point plot states its area (EUDR accepts a point only with the plot's size, ≤ 4 ha).
      area_hectares: point ? (0.5 + (i % 7) * 0.5).toFixed(1) : "",
      geometry: point ? "" : squareJson(lon, lat, 0.5 + (i % 11) * 0.25),
    };
    lines.push(IMPORT_COLUMNS.map((c) => csvField(fields[c])).join(","));
  }
  return `${lines.join("\n")}\n`;
}

/** Splits a CSV into parts of at most `maxBytes`, each with the header. */
export function splitCsv(csv, maxBytes) {
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
