/**
 * What the farmer registry tests share (farmers*.test.ts): request helpers, the staff who sign
 * in, a valid registration, and a seeded registry to search.
 */
import { env } from "cloudflare:workers";
import { database } from "#db/client";
import { prepareFarmer } from "#worker/services/registry/register-farmer";
import { sessionAs } from "./factories";
import { call, one, rows } from "./helpers";

export { decodeHtml as decode } from "./html";

export const db = () => database(env.DB);

export { one, rows as all };

let ipCounter = 0;
export const nextIp = () => `10.44.${Math.floor(ipCounter / 200)}.${(ipCounter++ % 200) + 1}`;

export function apiCall(path: string, token: string | null = null, init: RequestInit = {}) {
  const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
  if (token) headers.Authorization = `Bearer ${token}`;
  return call(path, { ...init, headers });
}
export function postJson(path: string, token: string | null, body: unknown) {
  return apiCall(path, token, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}
export let inspector: Awaited<ReturnType<typeof sessionAs>>;
export let agent: Awaited<ReturnType<typeof sessionAs>>;

/** Sessions for the land inspector and the field agent every farmer test uses (tests/worker/factories.ts). */
export async function signInRegistryStaff() {
  inspector = await sessionAs("land_inspector");
  agent = await sessionAs("field_agent");
}

export const registration = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Gbessay",
  lastName: "Zinnah",
  gender: "female",
  dateOfBirth: "1979-11-02",
  phone: "0886 555 010",
  county: "Grand Bassa County",
  district: "District #3",
  community: "Compound 1",
  crops: ["Plantain", "Cassava"],
  nationalId: "LR7700110",
  submissionId: crypto.randomUUID(),
  ...overrides,
});

export type Created = {
  success: true;
  created: boolean;
  farmer: { farmerId: string; crops: string[] };
  temporaryPassword: string | null;
  message: string;
};

export async function farmerLogin(farmerId: string, password: string) {
  return postJson("/api/farmers/login", null, { credentialId: farmerId, password }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as { success?: boolean; token?: string; message?: string },
  }));
}

// Search: a registry seeded through prepareFarmer (the bulk importer's path), then searched.

const FIRST = ["Musu", "Korto", "Kebeh", "James", "Tokpa", "Fatu"];
const LAST = ["Kollie", "Flomo", "Kpoto", "Weah", "Dolo"];
const SEED_COUNTIES = ["Lofa County", "Bong County", "Nimba County"] as const;
export type Seed = {
  farmerId: string;
  firstName: string;
  lastName: string;
  county: string;
  crops: string[];
  phone: string;
};
export const seeds: Seed[] = [];

/** Seeds the registry through prepareFarmer (the bulk importer's path): 45 farmers and a legacy one. */
export async function seedRegistry() {
  for (let i = 0; i < 45; i++) {
    seeds.push({
      farmerId: `FRM8${String(i + 1).padStart(5, "0")}`,
      firstName: FIRST[i % FIRST.length]!,
      lastName: LAST[(i * 7) % LAST.length]!,
      county: SEED_COUNTIES[i % 3]!,
      crops:
        i % 4 === 0 ? ["Cocoa", "Coffee"] : i % 4 === 1 ? ["Rubber"] : i % 4 === 2 ? ["Cocoa"] : ["Oil Palm", "Rice"],
      phone: `+231 77 ${String(100 + i).padStart(3, "0")} ${String(4000 + i)}`,
    });
  }
  // A legacy-numbered farmer (sequence 42 of the national series).
  seeds.push({
    farmerId: "FRM000042",
    firstName: "Old",
    lastName: "Register",
    county: "Maryland County",
    crops: ["Coconut"],
    phone: "+231 88 000 0042",
  });
  const d = db();
  for (const s of seeds) {
    const { statements } = prepareFarmer(
      {
        ...s,
        gender: "male",
        dateOfBirth: "1980-01-01",
        community: "Town",
        district: undefined,
        nationalId: undefined,
      } as never,
      {
        db: d,
        actor: { id: "seed", role: "system_administrator" },
        farmerId: s.farmerId,
        id: crypto.randomUUID(),
        registrationDate: "2026-01-15",
        importKey: `test-seed:${s.farmerId}`,
      },
    );
    await d.batch(statements);
  }
}

export const seedIds = (pick: (s: Seed) => boolean) =>
  seeds
    .filter(pick)
    .map((s) => s.farmerId)
    .sort();
