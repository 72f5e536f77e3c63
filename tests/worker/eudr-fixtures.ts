/**
 * What the EUDR assessment tests share (eudr-*.test.ts): farmers and plots with known outcomes
 * against the sample layers, the staff who sign in, and request helpers.
 */
import { env, exports } from "cloudflare:workers";
import turfArea from "@turf/area";
import { d1, insertPlot, type SeedGeometry, sessionAs } from "./factories";
import { bearer, call, farmerInsert } from "./helpers";

export type Pos = [number, number];
export type Evidence = {
  layerName: string;
  kind: string;
  version: string;
  sourceDate: string;
  sample: boolean;
  overlapHectares: number;
  overlapPercent: number;
  present: boolean;
};
export type Result = {
  plotId: string;
  plotCode: string;
  verdict: string;
  reasons: string[];
  evidence: Evidence[];
  assessedAt: string;
};
export type Job = {
  id: string;
  status: string;
  total: number;
  done: number;
  percent: number;
  counts: Record<string, number>;
};

export const r6 = (n: number) => Math.round(n * 1e6) / 1e6;
/** A square plot of ≈ 2.75 ha (0.0015° a side) with its south-west corner at lon, lat. */
export const square = (lon: number, lat: number, d = 0.0015): Pos[] => [
  [lon, lat],
  [r6(lon + d), lat],
  [r6(lon + d), r6(lat + d)],
  [lon, r6(lat + d)],
  [lon, lat],
];

export async function insertFarmer(
  farmerId: string,
  county: string,
  firstName: string,
  lastName: string,
  district: string,
  community: string,
) {
  const more = { district, community };
  await farmerInsert({ farmerId, firstName, lastName, county, registrationDate: "2025-02-01", more }).run();
}

export function plotStatement(
  id: string,
  farmerId: string,
  county: string,
  geometry: { type: "Polygon"; coordinates: Pos[][] } | { type: "Point"; coordinates: Pos },
  opts: { valid?: boolean; area?: number } = {},
) {
  const area = opts.area ?? Math.round((turfArea(geometry) / 10_000) * 1e6) / 1e6;
  const issues =
    opts.valid === false
      ? {
          errors: [
            {
              rule: "self-intersection",
              message: "The boundary crosses itself (1 crossing point(s)); redraw it without crossing lines",
            },
          ],
        }
      : { warnings: [] };
  return d1(
    insertPlot({
      id,
      plotCode: `PLT-${id.toUpperCase()}`,
      farmerId,
      geometry: geometry as SeedGeometry,
      areaHectares: area,
      crop: "Cocoa",
      county,
      validationState: opts.valid === false ? "invalid" : "valid",
      validationIssues: JSON.stringify(issues),
    }),
  );
}

export const poly = (lon: number, lat: number) => ({ type: "Polygon" as const, coordinates: [square(lon, lat)] });
/** Where each plot lies against the sample layers (worker/services/demo/sample-layers.ts). */
export const PLOTS = {
  cocoa: { farmer: "FRM000321", county: "Nimba County", geometry: poly(-8.601234, 7.201234) }, // cocoa in 2020 → low
  noForest: { farmer: "FRM000321", county: "Nimba County", geometry: poly(-8.601234, 6.601234) }, // inside the forest map, no forest → low
  cleared: { farmer: "FRM000321", county: "Nimba County", geometry: poly(-8.441234, 7.361234) }, // forest 2020 + disturbance after → high
  forestOnly: { farmer: "FRM000321", county: "Nimba County", geometry: poly(-8.851234, 7.001234) }, // forest 2020, nothing else → more info
  point: {
    farmer: "FRM000321",
    county: "Nimba County",
    geometry: { type: "Point" as const, coordinates: [-8.651234, 7.151234] as Pos },
    area: 1.2,
  }, // cocoa → low
  sapo: { farmer: "FRM000654", county: "Sinoe County", geometry: poly(-8.501234, 5.401234) }, // protected area → high
  monrovia: { farmer: "FRM000654", county: "Montserrado County", geometry: poly(-10.601234, 6.451234) }, // no forest data → more info
  broken: { farmer: "FRM000987", county: "Nimba County", geometry: poly(-8.601234, 6.611234), valid: false }, // would be low, but invalid
} as const;
export type PlotName = keyof typeof PLOTS;
/** Enough for a job of several chunks, and more than the 200 plots assessed within one request. */
export const EXTRA_NIMBA = 200;

export const json = (token: string, body: unknown) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
  body: JSON.stringify(body),
});
/** The real scheduled() export, as the nightly cron trigger calls it. */
export const runCron = () =>
  (exports.default as unknown as { scheduled(o: { scheduledTime: number; cron: string }): Promise<unknown> }).scheduled(
    { scheduledTime: Date.now(), cron: "0 2 * * *" },
  );
export const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

export let admin: Awaited<ReturnType<typeof sessionAs>>;
export let inspector: Awaited<ReturnType<typeof sessionAs>>;

/** Inserts the farmers and plots (with 200 extra Nimba plots for the county job) and gives the staff sessions. */
export async function seedPlotsAndSignIn() {
  await insertFarmer("FRM000321", "Nimba County", "Yah", "Gono", "Sanniquellie-Mahn", "Karnplay");
  await insertFarmer("FRM000654", "Sinoe County", "Jallah", "Weah", "Greenville", "Sanquin");
  await insertFarmer("FRM000987", "Nimba County", "Korto", "Dahn", "Tappita", "Graie");
  const statements = Object.entries(PLOTS).map(([name, p]) =>
    plotStatement(name, p.farmer, p.county, p.geometry, {
      valid: "valid" in p ? p.valid : true,
      area: "area" in p ? p.area : undefined,
    }),
  );
  // More Nimba cocoa plots, so the county job runs over several chunks.
  for (let i = 0; i < EXTRA_NIMBA; i++) {
    // A 20 × 10 grid inside the sample cocoa-2020 area (lon −8.70..−8.50, lat 7.10..7.30).
    statements.push(
      plotStatement(
        `nimba-${String(i).padStart(3, "0")}`,
        "FRM000321",
        "Nimba County",
        poly(r6(-8.695 + (i % 20) * 0.0095), r6(7.105 + Math.floor(i / 20) * 0.018)),
      ),
    );
  }
  await env.DB.batch(statements);
  admin = await sessionAs("system_administrator");
  inspector = await sessionAs("land_inspector");
}

export async function assess(body: unknown, token = inspector.token) {
  const res = await call("/api/eudr/assess", json(token, body));
  return { status: res.status, body: (await res.json()) as { assessed: number; results: Result[]; message?: string } };
}
export const verdictOf = (results: Result[], name: PlotName) => results.find((r) => r.plotId === name)!;

/** Installs the sample layers for Liberia, as the administrator's button does. */
export async function installSampleLayers() {
  const res = await bearer(admin.token, "/api/eudr/layers/sample", "POST");
  if (res.status !== 201) throw new Error(`sample layers: HTTP ${res.status}`);
}
