import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { type FarmerFilter, farmerSearchStatements } from "#db/queries/farmers";
import { FarmerSchema, FARMER_MESSAGES as M } from "#worker/contracts/farmer";
import { CROPS } from "#worker/domain/commodities";
import { prepareFarmer, registerFarmer } from "#worker/services/registry/register-farmer";
import { signInAs } from "./auth-helpers";
import { call, ORIGIN } from "./helpers";

const decode = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");

const db = () => database(env.DB);

async function one<T>(sql: string, ...params: unknown[]) {
  return (await env.DB.prepare(sql)
    .bind(...params)
    .first<T>())!;
}
async function all<T>(sql: string, ...params: unknown[]) {
  return (
    await env.DB.prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;
}

let ipCounter = 0;
const nextIp = () => `10.44.${Math.floor(ipCounter / 200)}.${(ipCounter++ % 200) + 1}`;

function apiCall(path: string, token: string | null = null, init: RequestInit = {}) {
  const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
  if (token) headers.Authorization = `Bearer ${token}`;
  return call(path, { ...init, headers });
}
function postJson(path: string, token: string | null, body: unknown) {
  return apiCall(path, token, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

let inspector: Awaited<ReturnType<typeof signInAs>>;
let agent: Awaited<ReturnType<typeof signInAs>>;

beforeAll(async () => {
  inspector = await signInAs("land_inspector", nextIp());
  agent = await signInAs("field_agent", nextIp());
});

const registration = (overrides: Record<string, unknown> = {}) => ({
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

type Created = {
  success: true;
  created: boolean;
  farmer: { farmerId: string; crops: string[] };
  temporaryPassword: string | null;
  message: string;
};

async function farmerLogin(farmerId: string, password: string) {
  return postJson("/api/farmers/login", null, { credentialId: farmerId, password }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as { success?: boolean; token?: string; message?: string },
  }));
}

describe("POST /api/farmers", () => {
  it("registers the farmer, their crops, a farmer account and audit rows, and the farmer can sign in", async () => {
    const before = await one<{ n: number }>("SELECT COUNT(*) AS n FROM audit_log");
    const body = registration();
    const res = await postJson("/api/farmers", inspector.token, body);
    expect(res.status).toBe(201);
    const created = (await res.json()) as Created;
    expect(created.success).toBe(true);
    expect(created.created).toBe(true);
    expect(created.farmer.farmerId).toMatch(/^FRM\d{6}$/);
    expect(created.farmer).toMatchObject({
      firstName: "Gbessay",
      lastName: "Zinnah",
      phone: "+231 88 655 5010",
      county: "Grand Bassa County",
      crops: ["Cassava", "Plantain"],
      nationalId: "LR7700110",
      status: "active",
      registeredBy: inspector.account.id,
      hasPhoto: false,
    });
    expect(created.temporaryPassword).toMatch(/^[a-z2-9]{10}$/);
    const { farmerId } = created.farmer;

    const row = await one<Record<string, unknown>>("SELECT * FROM farmers WHERE farmer_id = ?", farmerId);
    expect(row).toMatchObject({
      name_key: "gbessay zinnah",
      last_name_key: "zinnah gbessay",
      import_key: body.submissionId,
      registered_by: inspector.account.id,
    });
    expect(row.registration_date).toBe(new Date().toISOString().slice(0, 10));
    expect(await all("SELECT crop FROM farmer_crops WHERE farmer_id = ? ORDER BY crop", farmerId)).toEqual([
      { crop: "Cassava" },
      { crop: "Plantain" },
    ]);

    const account = await one<Record<string, unknown>>("SELECT * FROM users WHERE id = ?", row.user_id);
    expect(account).toMatchObject({
      login_id: farmerId,
      role: "farmer",
      must_change_password: 1,
      county: "Grand Bassa County",
      phone: "+231 88 655 5010",
      is_demo: 0,
    });
    expect(String(account.password_hash)).toMatch(/^scrypt\$/);
    expect(String(account.password_hash)).not.toContain(created.temporaryPassword!);

    const audit = await all<Record<string, string>>(
      "SELECT * FROM audit_log WHERE id > ? ORDER BY id",
      (await before).n,
    );
    expect(audit.map((a) => [a.action, a.entity_type, a.entity_id, a.actor_id, a.actor_role])).toEqual([
      ["farmer.register", "farmer", farmerId, inspector.account.id, "land_inspector"],
      ["user.create", "user", row.user_id, inspector.account.id, "land_inspector"],
    ]);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({
      farmerId,
      county: "Grand Bassa County",
      crops: ["Cassava", "Plantain"],
    });
    expect(audit.map((a) => a.after).join("")).not.toContain(created.temporaryPassword!);

    // The farmer signs in with the farmer ID and the temporary password, and must change it first.
    const login = await farmerLogin(farmerId, created.temporaryPassword!);
    expect(login.status).toBe(200);
    expect(login.body.success).toBe(true);
    const me = (await (await apiCall("/api/auth/me", login.body.token!)).json()) as {
      user: { role: string; mustChangePassword: boolean };
    };
    expect(me.user).toMatchObject({ role: "farmer", mustChangePassword: true });

    const portal = await call("/farmer-login-portal", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, "CF-Connecting-IP": nextIp() },
      body: new URLSearchParams({
        _form: "farmer-portal",
        credentialId: farmerId,
        password: created.temporaryPassword!,
      }).toString(),
    });
    expect(portal.status).toBe(302);
    expect(portal.headers.get("location")).toBe("/change-password");
  });

  it("issues IDs in sequence: the highest FRM + 6-digit ID plus one", async () => {
    const a = (await (
      await postJson("/api/farmers", agent.token, registration({ nationalId: undefined }))
    ).json()) as Created;
    const b = (await (
      await postJson("/api/farmers", agent.token, registration({ nationalId: undefined, firstName: "Sumo" }))
    ).json()) as Created;
    expect(Number(b.farmer.farmerId.slice(3))).toBe(Number(a.farmer.farmerId.slice(3)) + 1);
    const highest = await one<{ id: string }>(
      "SELECT max(id) AS id FROM (SELECT farmer_id AS id FROM farmers UNION ALL SELECT login_id_normalized FROM users WHERE role = 'farmer')",
    );
    expect(highest.id).toBe(b.farmer.farmerId);
  });

  it("a repeated submission ID returns the same farmer, never a duplicate", async () => {
    const body = registration({ nationalId: "LR7700222", firstName: "Yassah" });
    const first = await postJson("/api/farmers", inspector.token, body);
    expect(first.status).toBe(201);
    const a = (await first.json()) as Created;
    const again = await postJson("/api/farmers", inspector.token, body);
    expect(again.status).toBe(200);
    const b = (await again.json()) as Created;
    expect(b.created).toBe(false);
    expect(b.farmer.farmerId).toBe(a.farmer.farmerId);
    expect(await one("SELECT COUNT(*) AS n FROM farmers WHERE import_key = ?", body.submissionId)).toEqual({ n: 1 });
    expect(await one("SELECT COUNT(*) AS n FROM users WHERE login_id = ?", a.farmer.farmerId)).toEqual({ n: 1 });
    expect(await one("SELECT COUNT(*) AS n FROM farmer_crops WHERE farmer_id = ?", a.farmer.farmerId)).toEqual({
      n: 2,
    });

    // The first answer may never have arrived: the account is unused, so a fresh password replaces it.
    expect(b.temporaryPassword).toMatch(/^[a-z2-9]{10}$/);
    expect(b.temporaryPassword).not.toBe(a.temporaryPassword);
    expect((await farmerLogin(a.farmer.farmerId, a.temporaryPassword!)).status).toBe(401);
    expect((await farmerLogin(a.farmer.farmerId, b.temporaryPassword!)).status).toBe(200);
    expect(
      await one(
        "SELECT action FROM audit_log WHERE action = 'user.reissue_password' AND entity_id = (SELECT user_id FROM farmers WHERE farmer_id = ?)",
        a.farmer.farmerId,
      ),
    ).toEqual({
      action: "user.reissue_password",
    });

    // Once the farmer has signed in, a repeat changes nothing and reveals nothing.
    const third = (await (await postJson("/api/farmers", inspector.token, body)).json()) as Created;
    expect(third).toMatchObject({ created: false, temporaryPassword: null, farmer: { farmerId: a.farmer.farmerId } });
    // Someone else repeating the submission never gets a password either.
    const other = (await (await postJson("/api/farmers", agent.token, body)).json()) as Created;
    expect(other.temporaryPassword).toBeNull();
  });

  it("refuses a national ID already registered, naming the farmer who holds it", async () => {
    const first = (await (
      await postJson("/api/farmers", inspector.token, registration({ nationalId: "LR-99-00-77" }))
    ).json()) as Created;
    const count = await one<{ n: number }>("SELECT COUNT(*) AS n FROM farmers");
    const res = await postJson(
      "/api/farmers",
      inspector.token,
      registration({ nationalId: "lr 990077", firstName: "Other" }),
    );
    expect(res.status).toBe(409);
    const message = `This national ID number is already registered to farmer ${first.farmer.farmerId}`;
    expect(await res.json()).toEqual({ success: false, message, errors: { nationalId: [message] } });
    expect(await one("SELECT COUNT(*) AS n FROM farmers")).toEqual(count);
  });

  it("answers 400 with every message for an invalid body", async () => {
    const res = await postJson("/api/farmers", inspector.token, {
      firstName: " ",
      dateOfBirth: "2015-01-01",
      phone: "12",
      crops: ["Tea"],
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { success: false; message: string; errors: Record<string, string[]> };
    expect(body.success).toBe(false);
    expect(body.message).toBe(M.firstName);
    expect(body.errors).toEqual({
      firstName: [M.firstName],
      lastName: [M.lastName],
      gender: [M.gender],
      dateOfBirth: [M.dateOfBirthAge],
      phone: [M.phone],
      county: [M.county],
      community: [M.community],
      "crops.0": [M.cropUnknown],
    });
    const notJson = await apiCall("/api/farmers", inspector.token, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "x",
    });
    expect(notJson.status).toBe(415);
  });
});

describe("registerFarmer when another registration gets there first", () => {
  const actor = { id: "demo-office-admin", role: "office_admin" };
  const fields = (submissionId: string) =>
    FarmerSchema.parse(registration({ submissionId, nationalId: undefined, firstName: "Race" }));
  const squatter = async (farmerId: string, importKey: string) => {
    const { statements } = prepareFarmer(
      FarmerSchema.parse(registration({ nationalId: undefined, firstName: "First" })),
      {
        db: db(),
        actor,
        farmerId,
        id: crypto.randomUUID(),
        registrationDate: "2026-02-01",
        importKey,
      },
    );
    await db().batch(statements);
  };
  const highest = async () =>
    (
      await one<{ id: string }>(
        "SELECT max(farmer_id) AS id FROM farmers WHERE farmer_id GLOB 'FRM[0-9][0-9][0-9][0-9][0-9][0-9]'",
      )
    ).id;

  it("takes the next free ID when its ID was taken between the check and the write", async () => {
    const taken = `FRM${String(Number((await highest()).slice(3)) + 1).padStart(6, "0")}`;
    const result = await registerFarmer(fields(crypto.randomUUID()), {
      db: db(),
      actor,
      newPassword: () => "race-pass-1",
      // Runs after the ID was chosen and before the batch: another registration lands then.
      hash: async (secret) => {
        await squatter(taken, crypto.randomUUID());
        return `test$${secret}`;
      },
    });
    expect(result.ok && result.created).toBe(true);
    if (!result.ok) throw new Error("expected success");
    expect(result.farmer.farmerId).toBe(`FRM${String(Number(taken.slice(3)) + 1).padStart(6, "0")}`);
    expect(await one("SELECT first_name FROM farmers WHERE farmer_id = ?", taken)).toEqual({ first_name: "First" });
    expect(await one("SELECT COUNT(*) AS n FROM users WHERE login_id = ?", taken)).toEqual({ n: 0 });
  });

  it("answers with the other farmer when the same submission was stored meanwhile", async () => {
    const submissionId = crypto.randomUUID();
    let squatterId = "";
    const result = await registerFarmer(fields(submissionId), {
      db: db(),
      actor,
      newPassword: () => "race-pass-2",
      hash: async (secret) => {
        squatterId = `FRM${String(Number((await highest()).slice(3)) + 1).padStart(6, "0")}`;
        await squatter(squatterId, submissionId);
        return `test$${secret}`;
      },
    });
    expect(result).toMatchObject({ ok: true, created: false, farmer: { farmerId: squatterId, firstName: "First" } });
    expect(await one("SELECT COUNT(*) AS n FROM farmers WHERE import_key = ?", submissionId)).toEqual({ n: 1 });
  });

  it("a photo that cannot be stored leaves no photo key behind, and says so", async () => {
    const result = await registerFarmer(
      {
        ...fields(crypto.randomUUID()),
        photo: { body: new Uint8Array([0xff, 0xd8, 0xff]).buffer, contentType: "image/jpeg" },
      },
      {
        db: db(),
        actor,
        newPassword: () => "photo-pass",
        hash: async (s) => `test$${s}`,
        photos: { put: async () => Promise.reject(new Error("R2 down")) },
      },
    );
    if (!result.ok) throw new Error("expected success");
    expect(result.photoError).toBe("The farmer was registered, but the photo could not be stored.");
    expect(result.farmer.hasPhoto).toBe(false);
    expect(await one("SELECT photo_key FROM farmers WHERE farmer_id = ?", result.farmer.farmerId)).toEqual({
      photo_key: null,
    });
    expect(
      await one("SELECT action FROM audit_log WHERE entity_id = ? ORDER BY id DESC LIMIT 1", result.farmer.farmerId),
    ).toEqual({ action: "farmer.clear_photo" });
  });
});

describe("who may use the registry", () => {
  it("farmers, buyers and exporters get 403; signed out gets 401", async () => {
    for (const role of ["farmer", "buyer", "exporter"]) {
      const { token } = await signInAs(role, nextIp());
      expect((await postJson("/api/farmers", token, registration())).status, role).toBe(403);
      expect((await apiCall("/api/farmers", token)).status, role).toBe(403);
      expect((await apiCall("/api/farmers/FRM000001", token)).status, role).toBe(403);
    }
    expect((await postJson("/api/farmers", null, registration())).status).toBe(401);
    expect((await apiCall("/api/farmers")).status).toBe(401);
    expect((await apiCall("/api/farmers/FRM000001/photo")).status).toBe(401);
  });

  it("a port inspector may read the registry but not register farmers", async () => {
    const { token, cookie } = await signInAs("port_inspector", nextIp());
    expect((await apiCall("/api/farmers", token)).status).toBe(200);
    expect((await postJson("/api/farmers", token, registration())).status).toBe(403);
    const page = await call("/onboard-farmer", { headers: { Cookie: cookie } });
    expect(page.status).toBe(403);
    expect(decode(await page.text())).toContain("You cannot open Onboard a farmer");
    expect((await call("/farmers-list", { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it("pages: farmer, buyer and exporter get 403; signed out goes to the portals", async () => {
    for (const role of ["farmer", "buyer", "exporter"]) {
      const { cookie } = await signInAs(role, nextIp());
      for (const path of ["/onboard-farmer", "/farmers-list", "/farmers/FRM000001"]) {
        const res = await call(path, { headers: { Cookie: cookie } });
        expect(res.status, `${role} ${path}`).toBe(403);
        expect(decode(await res.text())).toContain("403 — Access denied");
      }
    }
    for (const path of ["/onboard-farmer", "/farmers-list"]) {
      const res = await call(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/portals?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  it("the login endpoint under /api/farmers still works for farmers", async () => {
    const res = await postJson("/api/farmers/login", null, { credentialId: "FRM000001", password: "Farmer#2026" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, farmer: { farmerId: "FRM000001" } });
  });
});

// ---------------------------------------------------------------------------------------------
// Search: a registry seeded through prepareFarmer (the bulk importer's path), then searched.

const FIRST = ["Musu", "Korto", "Kebeh", "James", "Tokpa", "Fatu"];
const LAST = ["Kollie", "Flomo", "Kpoto", "Weah", "Dolo"];
const SEED_COUNTIES = ["Lofa County", "Bong County", "Nimba County"] as const;
type Seed = { farmerId: string; firstName: string; lastName: string; county: string; crops: string[]; phone: string };
const seeds: Seed[] = [];

beforeAll(async () => {
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
});

type ListReply = {
  farmers: { farmerId: string; firstName: string; lastName: string; crops: string[] }[];
  page: number;
  pageSize: number;
  total: number;
};

async function list(query: string, token = inspector.token): Promise<ListReply> {
  const res = await apiCall(`/api/farmers?${query}`, token);
  expect(res.status, query).toBe(200);
  return (await res.json()) as ListReply;
}

/** Every farmer ID of a search, walking all its pages. */
async function allIds(query: string) {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const r = await list(`${query}&pageSize=10&page=${page}`);
    ids.push(...r.farmers.map((f) => f.farmerId));
    if (page * 10 >= r.total) return { ids, total: r.total };
  }
}

const seedIds = (pick: (s: Seed) => boolean) =>
  seeds
    .filter(pick)
    .map((s) => s.farmerId)
    .sort();

describe("GET /api/farmers search", () => {
  it("by the start of a first or last name, any case", async () => {
    const starts = (s: Seed, p: string) =>
      `${s.firstName} ${s.lastName}`.toLowerCase().startsWith(p) ||
      `${s.lastName} ${s.firstName}`.toLowerCase().startsWith(p);
    for (const q of ["ko", "KOLLIE", "musu k", "weah tok"]) {
      const { ids, total } = await allIds(`q=${encodeURIComponent(q)}`);
      const expected = seedIds((s) => starts(s, q.toLowerCase()));
      expect(expected.length, q).toBeGreaterThan(0);
      expect(ids.sort(), q).toEqual(expected);
      expect(total).toBe(expected.length);
    }
  });

  it("by farmer ID, including lower case and the legacy FRM-2024-001 form", async () => {
    for (const q of ["FRM800007", "frm-800007"])
      expect((await list(`q=${q}`)).farmers.map((f) => f.farmerId)).toEqual(["FRM800007"]);
    const legacy = await list("q=FRM-2024-042");
    expect(legacy.total).toBe(1);
    expect(legacy.farmers[0]).toMatchObject({ farmerId: "FRM000042", firstName: "Old", lastName: "Register" });
  });

  it("by phone number, however it is written", async () => {
    for (const q of ["+231 77 105 4005", "0771054005", "231-77-105-4005"]) {
      expect(
        (await list(`q=${encodeURIComponent(q)}`)).farmers.map((f) => f.farmerId),
        q,
      ).toEqual(["FRM800006"]);
    }
  });

  it("filters by county and crop, alone and together (totals counted on the server)", async () => {
    const cases: [string, (s: Seed) => boolean][] = [
      ["county=Lofa%20County", (s) => s.county === "Lofa County"],
      ["crop=Cocoa", (s) => s.crops.includes("Cocoa")],
      ["county=Nimba%20County&crop=Rice", (s) => s.county === "Nimba County" && s.crops.includes("Rice")],
      // A name prefix matches the start of the first name or of the last name.
      [
        "q=k&county=Bong%20County&crop=Cocoa",
        (s) =>
          s.county === "Bong County" &&
          s.crops.includes("Cocoa") &&
          (/^k/i.test(s.firstName) || /^k/i.test(s.lastName)),
      ],
    ];
    for (const [query, pick] of cases) {
      const { ids, total } = await allIds(query);
      const expected = seedIds(pick);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(ids.sort(), query).toEqual(expected);
      expect(total, query).toBe(expected.length);
    }
  });

  it("pages are in name order, do not overlap, and report the total", async () => {
    const p1 = await list("county=Lofa%20County&pageSize=5&page=1");
    const p2 = await list("county=Lofa%20County&pageSize=5&page=2");
    expect(p1).toMatchObject({ page: 1, pageSize: 5, total: seedIds((s) => s.county === "Lofa County").length });
    expect(p1.farmers).toHaveLength(5);
    const names = [...p1.farmers, ...p2.farmers].map((f) => `${f.firstName} ${f.lastName}`.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(new Set([...p1.farmers, ...p2.farmers].map((f) => f.farmerId)).size).toBe(10);
    const beyond = await list("county=Lofa%20County&pageSize=5&page=99");
    expect(beyond).toMatchObject({ farmers: [], page: 99, total: p1.total });
  });

  it("refuses filters it does not know", async () => {
    const res = await apiCall("/api/farmers?county=Atlantis&pageSize=500", inspector.token);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(body.errors).toEqual({
      county: ["Choose a county from the list"],
      pageSize: ["pageSize must be a whole number from 1 to 100"],
    });
  });

  it("every search path uses an index (EXPLAIN QUERY PLAN)", async () => {
    const paths: [string, FarmerFilter, RegExp][] = [
      ["none", {}, /farmers_name_key_idx/],
      ["farmer ID", { farmerId: "FRM800001" }, /farmers_farmer_id_unique \(farmer_id=\?\)/],
      ["phone", { phone: "+231 77 100 4000" }, /farmers_phone_idx \(phone=\?\)/],
      [
        "name",
        { namePrefix: "kol" },
        /MULTI-INDEX OR.*farmers_name_key_idx \(name_key>\? AND name_key<\?\).*farmers_last_name_key_idx/,
      ],
      ["county", { county: "Lofa County" }, /farmers_county_name_key_idx \(county=\?\)/],
      [
        "name + county",
        { namePrefix: "kol", county: "Lofa County" },
        /farmers_county_name_key_idx \(county=\? AND name_key>\? AND name_key<\?\).*farmers_last_name_key_idx/,
      ],
      ["crop", { crop: "Cocoa" }, /farmer_crops_crop_idx \(crop=\?\)/],
      [
        "county + crop",
        { county: "Lofa County", crop: "Cocoa" },
        /farmers_county_name_key_idx \(county=\?\).*farmer_crops/,
      ],
      ["name + crop", { namePrefix: "kol", crop: "Cocoa" }, /farmers_name_key_idx.*farmer_crops/],
    ];
    for (const [label, filter, expected] of paths) {
      const { rows, total } = farmerSearchStatements(db(), filter, 3, 25);
      for (const [kind, statement] of [
        ["rows", rows],
        ["total", total],
      ] as const) {
        const { sql, params } = statement.toSQL();
        const plan = (
          await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
            .bind(...params)
            .all<{ detail: string }>()
        ).results.map((r) => r.detail);
        const text = plan.join(" | ");
        // A bare "SCAN farmers" (no index) would read every farmer.
        expect(
          plan.some((d) => /^SCAN (farmers|farmer_crops)$/.test(d)),
          `${label} ${kind}: ${text}`,
        ).toBe(false);
        if (kind === "rows") expect(text, `${label} ${kind}`).toMatch(expected);
        else if (label !== "none") expect(text, `${label} ${kind}`).toMatch(/USING (COVERING )?INDEX|PRIMARY KEY/);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Pages, with JavaScript off: plain GET and multipart form POSTs.

async function onboardPage(cookie: string) {
  const html = await (await call("/onboard-farmer", { headers: { Cookie: cookie } })).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
  const submissionId = /<input[^>]*name="submissionId"[^>]*>/.exec(html)![0].match(/value="([^"]+)"/)![1]!;
  return { html, csrf, submissionId };
}

function farmerForm(fields: Record<string, string | string[]>, photo?: File) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const value of Array.isArray(v) ? v : [v]) body.append(k, value);
  body.append("photo", photo ?? new File([], ""));
  return body;
}

function postForm(path: string, cookie: string, body: FormData) {
  return call(path, { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN }, body });
}

// A real 1×1 PNG.
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

const formFields = (csrf: string, submissionId: string, overrides: Record<string, string | string[]> = {}) => ({
  csrf,
  submissionId,
  firstName: "Garmai",
  lastName: "Sumo",
  gender: "female",
  dateOfBirth: "1990-07-26",
  phone: "+231 77 321 9876",
  nationalId: "",
  county: "Nimba County",
  district: "Sanniquellie-Mahn",
  community: "Ganta",
  crops: ["Cocoa", "Coffee"],
  ...overrides,
});

describe("/onboard-farmer without JavaScript", () => {
  it("shows the form with a fresh submission ID each time", async () => {
    const a = await onboardPage(inspector.cookie);
    const b = await onboardPage(inspector.cookie);
    expect(a.submissionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.submissionId).not.toBe(b.submissionId);
    const html = decode(a.html);
    // Attribute names are case-insensitive in HTML (React writes encType).
    expect(html).toMatch(/<form[^>]*enctype="multipart\/form-data"[^>]*method="post"/i);
    for (const label of ["First name", "Date of birth", "County", "Crops grown", "Photo of the farmer (optional)"])
      expect(html).toContain(label);
    // Counties in the spec's order, every crop as a box.
    expect(html.indexOf(">Bomi County<")).toBeLessThan(html.indexOf(">Sinoe County<"));
    for (const crop of CROPS) expect(html).toContain(`value="${crop}"`);
  });

  it("registers with a photo and shows the ID and the temporary password once, with the next steps", async () => {
    const { csrf, submissionId } = await onboardPage(inspector.cookie);
    const photo = new File([PNG], "garmai.png", { type: "image/png" });
    const res = await postForm("/onboard-farmer", inspector.cookie, farmerForm(formFields(csrf, submissionId), photo));
    expect(res.status).toBe(201);
    const html = decode(await res.text());
    const farmerId = /data-testid="farmer-id">(FRM\d{6})</.exec(html)![1]!;
    const password = /data-testid="temporary-password">([a-z2-9]{10})</.exec(html)![1]!;
    expect(html).toContain("Farmer registered");
    expect(html).toContain("It is shown only this once.");
    expect(html).toContain('href="/onboard-farmer"');
    expect(html).toContain(`href="/create-land-plot?farmerId=${farmerId}"`);
    expect(html).toContain(`href="/farmers/${farmerId}"`);
    expect(html).toContain("Register another farmer");
    expect(html).toContain("Add a land plot for this farmer");
    expect(html).toContain("View farmer");

    const row = await one<Record<string, unknown>>("SELECT * FROM farmers WHERE farmer_id = ?", farmerId);
    expect(row).toMatchObject({
      first_name: "Garmai",
      county: "Nimba County",
      photo_key: `farmers/${farmerId}/photo`,
      import_key: submissionId,
      crops: '["Cocoa","Coffee"]',
    });
    const stored = await env.CERTS.get(`farmers/${farmerId}/photo`);
    expect(stored?.httpMetadata?.contentType).toBe("image/png");
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(PNG);

    const photoRes = await call(`/api/farmers/${farmerId}/photo`, { headers: { Cookie: inspector.cookie } });
    expect(photoRes.status).toBe(200);
    expect(photoRes.headers.get("content-type")).toBe("image/png");
    expect(photoRes.headers.get("cache-control")).toBe("private, max-age=300");
    expect(new Uint8Array(await photoRes.arrayBuffer())).toEqual(PNG);

    const details = decode(
      await (await call(`/farmers/${farmerId}`, { headers: { Cookie: inspector.cookie } })).text(),
    );
    expect(details).toContain(`src="/api/farmers/${farmerId}/photo"`);
    expect(details).toContain('alt="Garmai Sumo"');

    expect((await farmerLogin(farmerId, password)).status).toBe(200);

    // The same form sent again (double click, reload): the same farmer, not a second one.
    const again = await postForm(
      "/onboard-farmer",
      inspector.cookie,
      farmerForm(formFields(csrf, submissionId), photo),
    );
    expect(again.status).toBe(200);
    const againHtml = decode(await again.text());
    expect(againHtml).toContain("This farmer was already registered");
    expect(againHtml).toContain(`data-testid="farmer-id">${farmerId}<`);
    expect(againHtml).toContain("no new temporary password was issued");
    expect(await one("SELECT COUNT(*) AS n FROM farmers WHERE import_key = ?", submissionId)).toEqual({ n: 1 });
  });

  it("re-renders errors next to the fields and in the summary, keeping everything typed", async () => {
    const { csrf, submissionId } = await onboardPage(agent.cookie);
    const res = await postForm(
      "/onboard-farmer",
      agent.cookie,
      farmerForm(
        formFields(csrf, submissionId, {
          firstName: "",
          dateOfBirth: "2031-01-01",
          phone: "12345",
          crops: ["Rubber", "Ginger"],
          district: "Zota",
        }),
      ),
    );
    expect(res.status).toBe(400);
    const html = decode(await res.text());
    expect(html).toContain('data-testid="error-summary"');
    const page = html.replace(/<script[\s\S]*?<\/script>/g, "");
    for (const m of [M.firstName, M.dateOfBirthPast, M.phone]) {
      expect(page.split(m).length - 1, m).toBe(2); // once in the summary, once by the field
    }
    expect(html).toContain('href="#');
    expect(html).toContain('value="Sumo"');
    expect(html).toContain('value="12345"');
    expect(html).toContain('value="Zota"');
    expect(html).toContain('value="2031-01-01"');
    expect(html).toMatch(/<option value="Nimba County" selected="">/);
    expect(html).toMatch(/value="Rubber"[^>]*checked=""|checked=""[^>]*value="Rubber"/);
    expect(html).toMatch(/value="Ginger"[^>]*checked=""|checked=""[^>]*value="Ginger"/);
    expect(html).not.toMatch(/value="Cocoa"[^>]*checked=""|checked=""[^>]*value="Cocoa"/);
    expect(html).toMatch(/value="female"[^>]*checked=""|checked=""[^>]*value="female"/);
    // The same submission ID is kept, so the corrected form still registers once.
    expect(html).toContain(`value="${submissionId}"`);
    expect(await one("SELECT COUNT(*) AS n FROM farmers WHERE import_key = ?", submissionId)).toEqual({ n: 0 });
  });

  it("a photo over 2 MB or not an image is refused clearly, nothing is stored", async () => {
    const { csrf, submissionId } = await onboardPage(agent.cookie);
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 10)], "big.jpg", { type: "image/jpeg" });
    const res = await postForm("/onboard-farmer", agent.cookie, farmerForm(formFields(csrf, submissionId), big));
    expect(res.status).toBe(400);
    const html = decode(await res.text());
    expect(html).toContain(M.photoSize);
    expect(html).toContain('value="Garmai"');
    expect(html).toContain("If you had chosen a photo, choose it again.");

    // Declared as a JPEG, but its bytes are not an image.
    const fake = new File([new TextEncoder().encode("<html>not a photo</html>")], "me.jpg", { type: "image/jpeg" });
    const res2 = await postForm("/onboard-farmer", agent.cookie, farmerForm(formFields(csrf, submissionId), fake));
    expect(res2.status).toBe(400);
    expect(decode(await res2.text())).toContain(M.photoType);
    expect(await one("SELECT COUNT(*) AS n FROM farmers WHERE import_key = ?", submissionId)).toEqual({ n: 0 });
  });

  it("a form without its token is refused", async () => {
    const { submissionId } = await onboardPage(agent.cookie);
    const res = await postForm("/onboard-farmer", agent.cookie, farmerForm(formFields("forged", submissionId)));
    expect(res.status).toBe(403);
    expect(decode(await res.text())).toContain("The form could not be verified");
    expect(await one("SELECT COUNT(*) AS n FROM farmers WHERE import_key = ?", submissionId)).toEqual({ n: 0 });
  });
});

describe("/farmers-list", () => {
  it("searches with a plain GET form and shows the count and page links", async () => {
    const res = await call("/farmers-list?county=Lofa%20County&crop=Cocoa", { headers: { Cookie: inspector.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = decode(await res.text());
    const expected = seedIds((s) => s.county === "Lofa County" && s.crops.includes("Cocoa"));
    expect(html).toContain(`${expected.length} farmers match`);
    for (const id of expected) expect(html).toContain(`href="/farmers/${id}"`);
    expect(html).toMatch(
      /<form[^>]*(method="get"[^>]*action="\/farmers-list"|action="\/farmers-list"[^>]*method="get")/,
    );
    expect(html).toMatch(/<option value="Lofa County" selected="">/);

    const all = decode(await (await call("/farmers-list", { headers: { Cookie: inspector.cookie } })).text());
    const total = (await one<{ n: number }>("SELECT COUNT(*) AS n FROM farmers")).n;
    expect(all).toContain(`${total} farmers registered — showing 1 to 25`);
    expect(all).toContain(`Page 1 of ${Math.ceil(total / 25)}`);
    expect(all).toContain('href="/farmers-list?page=2"');

    const p2 = decode(await (await call("/farmers-list?page=2", { headers: { Cookie: inspector.cookie } })).text());
    expect(p2).toContain("showing 26 to");
    expect(p2).toContain('aria-current="page"');
  });

  it("finds a farmer by the legacy ID form and says so when nothing matches", async () => {
    const legacy = decode(
      await (await call("/farmers-list?q=FRM-2024-042", { headers: { Cookie: inspector.cookie } })).text(),
    );
    expect(legacy).toContain("1 farmer match");
    expect(legacy).toContain('href="/farmers/FRM000042"');
    const none = decode(await (await call("/farmers-list?q=Zzyzx", { headers: { Cookie: inspector.cookie } })).text());
    expect(none).toContain("No farmers match");
    expect(none).toContain('value="Zzyzx"');
  });

  it("ignores a tampered filter with a notice instead of failing", async () => {
    const html = decode(
      await (await call("/farmers-list?county=Atlantis&page=x", { headers: { Cookie: inspector.cookie } })).text(),
    );
    expect(html).toContain("Some search values were not understood and were ignored: county, page.");
    expect(html).toContain("farmers registered");
  });
});

describe("/farmers/:farmerId and GET /api/farmers/:farmerId", () => {
  it("shows the farmer, their photo, their plots and their history", async () => {
    const created = (await (
      await postJson("/api/farmers", inspector.token, registration({ nationalId: "LR5550001", firstName: "Wleh" }))
    ).json()) as Created;
    const { farmerId } = created.farmer;
    await env.DB.prepare(
      `INSERT INTO land_plots (id, plot_code, farmer_id, geometry, geometry_type, area_hectares, min_lon, min_lat, max_lon, max_lat, crop, county, validation_state)
       VALUES ('plot-test-1', 'PLT-TEST-0001', ?, '{"type":"Point","coordinates":[-9.472316,7.000541]}', 'Point', 1.5, -9.472316, 7.000541, -9.472316, 7.000541, 'Cocoa', 'Bong County', 'valid')`,
    )
      .bind(farmerId)
      .run();
    const res = await call(`/farmers/${farmerId}`, { headers: { Cookie: agent.cookie } });
    expect(res.status).toBe(200);
    const html = decode(await res.text());
    expect(html).toContain("Wleh Zinnah");
    expect(html).toContain("Female");
    expect(html).toContain("1979-11-02");
    expect(html).toContain("+231 88 655 5010");
    expect(html).toContain("Cassava, Plantain");
    expect(html).toContain("Joseph Sirleaf (land.inspector)");
    expect(html).toContain('href="/land-plot-details/plot-test-1"');
    expect(html).toContain("PLT-TEST-0001");
    expect(html).toContain("Farmer registered");
    expect(html).toContain("Sign-in account created");
    expect(html).toContain("No photo on record.");
    expect(html).toContain(`href="/create-land-plot?farmerId=${farmerId}"`);

    const api = await apiCall(`/api/farmers/${farmerId.toLowerCase()}`, agent.token);
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({
      success: true,
      farmer: { farmerId, firstName: "Wleh", crops: ["Cassava", "Plantain"], photoUrl: null },
    });
    const noPhoto = await apiCall(`/api/farmers/${farmerId}/photo`, agent.token);
    expect(noPhoto.status).toBe(404);
    expect(await noPhoto.json()).toEqual({ success: false, message: `Farmer ${farmerId} has no photo` });
  });

  it("an unknown farmer is a clear 404 with a way back; other spellings go to the canonical page", async () => {
    const res = await call("/farmers/FRM999998", { headers: { Cookie: agent.cookie } });
    expect(res.status).toBe(404);
    const html = decode(await res.text());
    expect(html).toContain("No farmer with ID FRM999998");
    expect(html).toContain('href="/farmers-list"');
    const lower = await call("/farmers/frm000042", { headers: { Cookie: agent.cookie } });
    expect(lower.status).toBe(302);
    expect(lower.headers.get("location")).toBe("/farmers/FRM000042");
    const api = await apiCall("/api/farmers/FRM999998", agent.token);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ success: false, message: "No farmer with ID FRM999998" });
  });
});
