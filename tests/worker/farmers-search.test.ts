/** Registry search (GET /api/farmers) over a registry seeded through the bulk importer's path. */
import { beforeAll, describe, expect, it } from "vitest";
import { type FarmerFilter, farmerSearchStatements } from "#db/queries/farmers";
import { apiCall, db, inspector, type Seed, seedIds, seedRegistry, signInRegistryStaff } from "./farmers-fixtures";
import { queryPlan } from "./helpers";

beforeAll(signInRegistryStaff);
beforeAll(seedRegistry);

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
        const plan = await queryPlan(statement);
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
