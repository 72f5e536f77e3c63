/**
 * What the land plot tests share (plots*.test.ts): a 2 ha square and its corners, two farmers,
 * the land inspector, request helpers, and the plots the list and details tests start from.
 */
import { sessionAs } from "./factories";
import { bearer, count, farmerInsert, postForm } from "./helpers";

export type Pos = [number, number];
export type Issue = { rule: string; message: string };

/** A ≈2 ha square in Nimba County (141 m × 141 m), 6 decimals, corners in order. */
export const A: Pos = [-8.601234, 7.201234];
export const B: Pos = [-8.599957, 7.201234];
export const C: Pos = [-8.599957, 7.199955];
export const D: Pos = [-8.601234, 7.199955];
export const TWO_HA = { type: "Polygon", coordinates: [[A, B, C, D, A]] };
/** Another ≈2 ha square 1 km further east, for the second farmer. */
export const shift = (ring: Pos[], dLon: number, dLat = 0) =>
  ring.map(([lon, lat]) => [+(lon + dLon).toFixed(6), +(lat + dLat).toFixed(6)] as Pos);

export async function insertFarmer(farmerId: string, county: string, firstName: string, lastName: string) {
  await farmerInsert({ farmerId, firstName, lastName, county, registrationDate: "2025-01-15" }).run();
}

export { count };
export const plotCount = () => count("SELECT COUNT(*) AS n FROM land_plots");
export const auditCount = () => count("SELECT COUNT(*) AS n FROM audit_log WHERE entity_type = 'land_plot'");

export function post(token: string, body: unknown) {
  return bearer(token, "/api/plots", "POST", body);
}

export function form(path: string, fields: Record<string, string>, cookie: string) {
  return postForm(path, cookie, fields, { "CF-Connecting-IP": "10.40.0.9" });
}

export let inspector: Awaited<ReturnType<typeof sessionAs>>;

/** Inserts the two farmers and signs in the land inspector. */
export async function seedFarmersAndSignIn() {
  await insertFarmer("FRM100001", "Nimba County", "Comfort", "Gbah");
  await insertFarmer("FRM100002", "Nimba County", "Joseph", "Zuo");
  inspector = await sessionAs("land_inspector");
}

/** Stores a plot through the API; it must be created. Returns its id. */
async function stored(body: unknown): Promise<string> {
  const res = await post(inspector.token, body);
  const reply = (await res.json()) as { plot?: { id: string }; message?: string };
  if (res.status !== 201) throw new Error(`plot not stored: HTTP ${res.status} ${reply.message}`);
  return reply.plot!.id;
}

/** The first plot plots.test.ts stores (PLT-100001-01): FRM100001's cocoa on the 2 ha square. */
export const FIRST_PLOT = {
  farmerId: "FRM100001",
  geometry: TWO_HA,
  crop: "Cocoa",
  plantingYear: 2012,
  tenureReference: "Customary land certificate NIM-0042",
  submissionId: "11111111-aaaa-4bbb-8ccc-000000000001",
};

/**
 * The plots plots.test.ts stores one by one (PLT-100001-01 and -02, PLT-100002-01 and -02), stored
 * with the same data through the API. Returns the id of PLT-100001-01.
 */
export async function storeThePlots(): Promise<string> {
  const first = await stored(FIRST_PLOT);
  await stored({
    farmerId: "FRM100001",
    feature: {
      type: "Feature",
      properties: {},
      geometry: { type: "Polygon", coordinates: [shift([A, B, C, D, A], 0.0006)] },
    },
    crop: "Cocoa",
    plantingYear: 2019,
    submissionId: crypto.randomUUID(),
  });
  const ring = shift([A, B, C, D], 0.009);
  await stored({
    farmerId: "FRM100002",
    geometry: { type: "Polygon", coordinates: [[...ring, ring[0]]] },
    crop: "Coffee",
    plantingYear: 2016,
    tenureReference: "Deed 77/2016",
    submissionId: crypto.randomUUID(),
  });
  await stored({
    farmerId: "FRM100002",
    geometry: { type: "Point", coordinates: [-8.589123, 7.215678] },
    declaredAreaHectares: 1.5,
    crop: "Rubber",
    plantingYear: 2001,
    submissionId: crypto.randomUUID(),
  });
  return first;
}
