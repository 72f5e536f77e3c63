/**
 * What the batch tests share (batches*.test.ts): farmers and plots with known risk, the roles
 * who sign in, request helpers, and the batches later tests start from — the first purchase
 * taken to export, and a merge of a split child with a high-risk batch — built with the same
 * requests batches.test.ts checks step by step.
 */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { d1, insertFarmer, sessionAs } from "./factories";
import { bearer, one, plotInsert, rows } from "./helpers";
import { issueLicence } from "./licence-fixtures";

export type Pos = [number, number];
export type Batch = {
  id: string;
  batchCode: string;
  commodity: string;
  hsCode: string;
  weightKg: number;
  grade: string | null;
  status: string;
  complianceStatus: string;
  complianceReason: string | null;
  county: string | null;
  holderId: string | null;
  volumeFlag: boolean;
  volumeNote: string | null;
  ddsReference: string | null;
  ddsVerification: string | null;
};
export type Json = {
  success: boolean;
  message?: string;
  errors?: Record<string, string[]>;
  batch: Batch;
  [k: string]: unknown;
};

/** A ≈1 ha square (≈100 m a side) with its south-west corner at `sw`, 6 decimals, closed. */
export const square = ([lon, lat]: Pos, d = 0.000903): Pos[] => [
  [lon, lat],
  [+(lon + d).toFixed(6), lat],
  [+(lon + d).toFixed(6), +(lat + d).toFixed(6)],
  [lon, +(lat + d).toFixed(6)],
  [lon, lat],
];

// Farmers: the first is the demo farmer account's own register entry (login FRM000001).
export const FARMERS = [
  {
    id: "f-1",
    farmerId: "FRM000001",
    first: "Korto",
    last: "Gbowee",
    county: "Bong County",
    nationalId: "LR-NID-5550101",
    userId: "demo-farmer",
  },
  {
    id: "f-2",
    farmerId: "FRM100002",
    first: "Yassah",
    last: "Kpadeh",
    county: "Nimba County",
    nationalId: "LR-NID-5550102",
    userId: null,
  },
  {
    id: "f-3",
    farmerId: "FRM100003",
    first: "Blamo",
    last: "Sumo",
    county: "Lofa County",
    nationalId: "LR-NID-5550103",
    userId: null,
  },
  {
    id: "f-4",
    farmerId: "FRM100004",
    first: "Ma Hawa",
    last: "Dorley",
    county: "Bong County",
    nationalId: "LR-NID-5550104",
    userId: null,
  },
];
// Plots: code, farmer, crop, area (ha), risk, validation, south-west corner (Liberia).
export const PLOTS = [
  {
    id: "p-1",
    code: "PLT-000001-01",
    farmer: "FRM000001",
    crop: "Cocoa",
    ha: 1.0,
    risk: "low",
    valid: "valid",
    sw: [-9.472311, 6.995412] as Pos,
    county: "Bong County",
  },
  {
    id: "p-2",
    code: "PLT-000001-02",
    farmer: "FRM000001",
    crop: "Cocoa",
    ha: 0.5,
    risk: "low",
    valid: "valid",
    sw: [-9.468842, 6.991127] as Pos,
    county: "Bong County",
  },
  {
    id: "p-3",
    code: "PLT-000001-03",
    farmer: "FRM000001",
    crop: "Rubber",
    ha: 2.0,
    risk: "low",
    valid: "valid",
    sw: [-9.461234, 6.987654] as Pos,
    county: "Bong County",
  },
  {
    id: "p-4",
    code: "PLT-100002-01",
    farmer: "FRM100002",
    crop: "Cocoa",
    ha: 2.0,
    risk: "high",
    valid: "valid",
    sw: [-8.601234, 7.201234] as Pos,
    county: "Nimba County",
  },
  {
    id: "p-5",
    code: "PLT-100003-01",
    farmer: "FRM100003",
    crop: "Cocoa",
    ha: 1.0,
    risk: "more_information_needed",
    valid: "valid",
    sw: [-9.731245, 8.012387] as Pos,
    county: "Lofa County",
  },
  {
    id: "p-6",
    code: "PLT-100004-01",
    farmer: "FRM100004",
    crop: "Coffee",
    ha: 1.0,
    risk: "low",
    valid: "valid",
    sw: [-9.552318, 6.873416] as Pos,
    county: "Bong County",
  },
  {
    id: "p-7",
    code: "PLT-100004-02",
    farmer: "FRM100004",
    crop: "Cocoa",
    ha: 1.0,
    risk: "low",
    valid: "invalid",
    sw: [-9.541276, 6.861932] as Pos,
    county: "Bong County",
  },
];

export { one, rows };

export let who: Record<
  "buyer" | "warehouse" | "port" | "exporter" | "dg" | "farmer" | "ddgots",
  { token: string; cookie: string; account: { id: string } }
>;

export function api(path: string, as: keyof typeof who | null, body?: unknown) {
  return bearer(as ? who[as].token : null, `/api/batches${path}`, body === undefined ? "GET" : "POST", body);
}
export async function json(res: Response) {
  return (await res.json()) as Json;
}

export const purchase = (over: Record<string, unknown> = {}) => ({
  farmerIds: ["FRM000001"],
  plotCodes: ["PLT-000001-01", "PLT-000001-02"],
  commodity: "Cocoa",
  weightKg: 1000,
  grade: "A",
  harvestDate: "2026-10-20",
  latitude: 6.998877,
  longitude: -9.470011,
  location: "Gbarnga market",
  ...over,
});
export async function buy(over: Record<string, unknown> = {}) {
  const res = await api("", "buyer", purchase(over));
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.batch;
}
export const step = (toStatus: string, weightOutKg: number, over: Record<string, unknown> = {}) => ({
  toStatus,
  weightOutKg,
  location: "Gbarnga warehouse",
  ...over,
});
/** An export order's request body (0.7 t of cocoa for Hamburg, FOB, delivered Nov–Dec), `over` it. */
export const exportOrder = (over: Record<string, unknown> = {}) => ({
  buyerName: "Hamburg Cocoa Trading GmbH",
  buyerCountry: "DE",
  commodity: "Cocoa",
  quantity: "0.7",
  unit: "t",
  price: "3250.00",
  currency: "USD",
  incoterm: "FOB",
  deliveryFrom: "2026-11-01",
  deliveryTo: "2026-12-15",
  ...over,
});

/**
 * A batch bought (`over` the default purchase), received and inspected at the warehouse; unless
 * `compliant` is false, also inspected at the port and marked EUDR-compliant there.
 */
export async function portReadyBatch(over: Record<string, unknown>, kg: number, compliant = true) {
  const b = await buy({ weightKg: kg, ...over });
  const t = (by: "warehouse" | "port", body: unknown) => api(`/${b.batchCode}/transfer`, by, body);
  expect((await t("warehouse", step("warehouse_received", kg))).status).toBe(200);
  expect((await t("warehouse", step("warehouse_inspected", kg, { grade: "A" }))).status).toBe(200);
  if (!compliant) return b;
  expect((await t("port", step("port_inspected", kg, { location: "Freeport of Monrovia" }))).status).toBe(200);
  const c = await api(`/${b.batchCode}/compliance`, "port", { decision: "mark_compliant" });
  expect(c.status, JSON.stringify(await c.clone().json())).toBe(200);
  return b;
}

export type SeedFarmer = {
  id: string;
  farmerId: string;
  userId: string | null;
  first: string;
  last: string;
  county: string;
  nationalId: string;
};
export type SeedPlot = {
  id: string;
  code: string;
  farmer: string;
  crop: string;
  ha: number;
  risk: string;
  valid: string;
  sw: Pos;
  county: string;
};

/** The inserts of farmers registered on 2025-01-15, with the search keys the registry writes. */
export const farmerStatements = (farmers: readonly SeedFarmer[]) =>
  farmers.map((f) =>
    d1(
      insertFarmer({
        id: f.id,
        farmerId: f.farmerId,
        userId: f.userId,
        firstName: f.first,
        lastName: f.last,
        county: f.county,
        nationalId: f.nationalId,
        registrationDate: "2025-01-15",
      }),
    ),
  );

/** The inserts of ≈1 ha square plots (see `square`) with their bounding box, validation and risk. */
export const plotStatements = (plots: readonly SeedPlot[]) =>
  plots.map((p) =>
    plotInsert({
      id: p.id,
      code: p.code,
      farmerId: p.farmer,
      geometry: { type: "Polygon", coordinates: [square(p.sw)] },
      ha: p.ha,
      crop: p.crop,
      county: p.county,
      validation: p.valid,
      risk: p.risk,
    }),
  );

/**
 * Inserts the farmers and plots and gives every role a session. The demo buyer and exporter trade, so
 * each gets a licence issued through the licensing services (ADR 029) unless `licences` says
 * otherwise (a test of the licence lifecycle or gate issues its own).
 */
export function seedAndSignIn() {
  return seedAndSignInWith(["buyer", "exporter"]);
}

/** seedAndSignIn, issuing licences only to the roles named (none: the test issues its own). */
export async function seedAndSignInWith(licences: readonly ("buyer" | "exporter")[]) {
  await env.DB.batch([...farmerStatements(FARMERS), ...plotStatements(PLOTS)]);
  who = {
    buyer: await sessionAs("buyer"),
    warehouse: await sessionAs("warehouse_inspector"),
    port: await sessionAs("port_inspector"),
    exporter: await sessionAs("exporter"),
    dg: await sessionAs("dg"),
    farmer: await sessionAs("farmer"),
    ddgots: await sessionAs("ddgots"),
  };
  for (const role of licences) await issueLicence(role);
}

/** Sends a request that must succeed; returns its body. */
async function succeeds(res: Promise<Response>): Promise<Json> {
  const r = await res;
  const body = await json(r);
  if (r.status !== 200 && r.status !== 201) throw new Error(`HTTP ${r.status}: ${body.message}`);
  return body;
}

/** The first purchase taken through every custody step to export, with the EU buyer's DDS numbers. */
export async function buyAndExport(): Promise<Batch> {
  const chain = await buy();
  const code = chain.batchCode;
  const transfer = (as: keyof typeof who, body: unknown) => succeeds(api(`/${code}/transfer`, as, body));
  await transfer(
    "warehouse",
    step("warehouse_received", 990, { latitude: 6.997001, longitude: -9.471002, note: "12 bags" }),
  );
  await transfer("warehouse", step("warehouse_inspected", 985, { weightInKg: 990, grade: "A+" }));
  await transfer("port", step("port_inspected", 900, { location: "Freeport of Monrovia" }));
  await succeeds(api(`/${code}/compliance`, "port", { decision: "mark_compliant" }));
  await transfer(
    "exporter",
    step("exported", 900, { location: "Freeport of Monrovia", latitude: 6.345678, longitude: -10.801234 }),
  );
  await succeeds(api(`/${code}/dds`, "exporter", { ddsReference: "25lrxq4k3p5581", ddsVerification: "kyrpjki6" }));
  return chain;
}

/** A purchase split in two, its first child merged with a high-risk batch of another farmer. */
export async function splitAndMerge(): Promise<Batch> {
  const parent = await buy({ weightKg: 500, harvestDate: "2026-02-01" });
  const split = (await succeeds(
    api(`/${parent.batchCode}/split`, "buyer", { weights: "300, 150", location: "Gbarnga market" }),
  )) as unknown as { batches: Batch[] };
  const risky = await buy({
    farmerIds: ["FRM100002"],
    plotCodes: ["PLT-100002-01"],
    weightKg: 100,
    harvestDate: "2026-02-01",
  });
  const merge = await succeeds(
    api("/merge", "buyer", { batchCodes: [split.batches[0]!.batchCode, risky.batchCode], location: "Gbarnga market" }),
  );
  return merge.batch;
}
