import { env } from "cloudflare:test";
import { renderSVG } from "uqr";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { insertCustodyEvent, updateBatch } from "#db/queries/batches";
import { signInAs } from "./auth-helpers";
import { call, ORIGIN } from "./helpers";

type Pos = [number, number];
type Batch = {
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
type Json = {
  success: boolean;
  message?: string;
  errors?: Record<string, string[]>;
  batch: Batch;
  [k: string]: unknown;
};

/** A ≈1 ha square (≈100 m a side) with its south-west corner at `sw`, 6 decimals, closed. */
const square = ([lon, lat]: Pos, d = 0.000903): Pos[] => [
  [lon, lat],
  [+(lon + d).toFixed(6), lat],
  [+(lon + d).toFixed(6), +(lat + d).toFixed(6)],
  [lon, +(lat + d).toFixed(6)],
  [lon, lat],
];

// Farmers: the first is the demo farmer account's own register entry (login FRM000001).
const FARMERS = [
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
const PLOTS = [
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

const decode = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");

const rows = async <T>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
const one = async <T>(sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<T>())!;

let who: Record<
  "buyer" | "warehouse" | "port" | "exporter" | "dg" | "farmer" | "ddgots",
  { token: string; cookie: string; account: { id: string } }
>;

function api(path: string, as: keyof typeof who | null, body?: unknown) {
  return call(`/api/batches${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      ...(as ? { Authorization: `Bearer ${who[as].token}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
async function json(res: Response) {
  return (await res.json()) as Json;
}

const purchase = (over: Record<string, unknown> = {}) => ({
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
async function buy(over: Record<string, unknown> = {}) {
  const res = await api("", "buyer", purchase(over));
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.batch;
}
const step = (toStatus: string, weightOutKg: number, over: Record<string, unknown> = {}) => ({
  toStatus,
  weightOutKg,
  location: "Gbarnga warehouse",
  ...over,
});

beforeAll(async () => {
  await env.DB.batch([
    ...FARMERS.map((f) =>
      env.DB.prepare(
        "INSERT INTO farmers (id, farmer_id, user_id, first_name, last_name, county, national_id, registration_date, name_key, last_name_key) VALUES (?, ?, ?, ?, ?, ?, ?, '2025-01-15', ?, ?)",
      ).bind(
        f.id,
        f.farmerId,
        f.userId,
        f.first,
        f.last,
        f.county,
        f.nationalId,
        `${f.first} ${f.last}`.toLowerCase(),
        `${f.last} ${f.first}`.toLowerCase(),
      ),
    ),
    ...PLOTS.map((p) => {
      const ring = square(p.sw);
      return env.DB.prepare(
        `INSERT INTO land_plots (id, plot_code, farmer_id, geometry, geometry_type, area_hectares, min_lon, min_lat, max_lon, max_lat, crop, county, validation_state, risk_level)
         VALUES (?, ?, ?, ?, 'Polygon', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        p.id,
        p.code,
        p.farmer,
        JSON.stringify({ type: "Polygon", coordinates: [ring] }),
        p.ha,
        ring[0]![0],
        ring[0]![1],
        ring[2]![0],
        ring[2]![1],
        p.crop,
        p.county,
        p.valid,
        p.risk,
      );
    }),
  ]);
  who = {
    buyer: await signInAs("buyer", "10.60.0.1"),
    warehouse: await signInAs("warehouse_inspector", "10.60.0.2"),
    port: await signInAs("port_inspector", "10.60.0.3"),
    exporter: await signInAs("exporter", "10.60.0.4"),
    dg: await signInAs("dg", "10.60.0.5"),
    farmer: await signInAs("farmer", "10.60.0.6"),
    ddgots: await signInAs("ddgots", "10.60.0.7"),
  };
});

let chain: Batch;

describe("POST /api/batches (a buyer's purchase)", () => {
  it("creates the batch with a readable code, HS code, origins, compliance, the first custody event and its audit row", async () => {
    chain = await buy();
    expect(chain).toMatchObject({
      commodity: "Cocoa",
      hsCode: "1801",
      weightKg: 1000,
      grade: "A",
      status: "purchased",
      complianceStatus: "pending",
      complianceReason: "Every origin plot has valid geometry and a low deforestation risk",
      county: "Bong County",
      holderId: "demo-buyer",
      volumeFlag: false,
    });
    expect(chain.batchCode).toMatch(/^LR-COC-2026-\d{6}$/);
    expect(chain.volumeNote).toBe(
      "Purchase of 1,000 kg is within what the origin plots could yield: 1.5 ha × 800 kg/ha = 1,200 kg in the 2026/27 crop year.",
    );

    const origins = await rows<{ plot_id: string; farmer_id: string; weight_kg: number }>(
      "SELECT plot_id, farmer_id, weight_kg FROM batch_origins WHERE batch_id = ? ORDER BY plot_id",
      chain.id,
    );
    expect(origins).toEqual([
      { plot_id: "p-1", farmer_id: "FRM000001", weight_kg: 666.667 },
      { plot_id: "p-2", farmer_id: "FRM000001", weight_kg: 333.333 },
    ]);
    const events = await rows<Record<string, unknown>>("SELECT * FROM custody_events WHERE batch_id = ?", chain.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      from_status: "harvested",
      to_status: "purchased",
      actor_id: "demo-buyer",
      actor_role: "buyer",
      latitude: 6.998877,
      longitude: -9.470011,
      location: "Gbarnga market",
      weight_out_kg: 1000,
    });
    const audit = await rows<{
      actor_id: string;
      actor_role: string;
      action: string;
      before: string | null;
      after: string;
    }>(
      "SELECT actor_id, actor_role, action, before, after FROM audit_log WHERE entity_type = 'batch' AND entity_id = ?",
      chain.batchCode,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: "demo-buyer",
      actor_role: "buyer",
      action: "batch.purchase",
      before: null,
    });
    const after = JSON.parse(audit[0]!.after) as {
      status: string;
      origins: { plotCode: string }[];
      custody: { toStatus: string };
    };
    expect(after.status).toBe("purchased");
    expect(after.origins.map((o) => o.plotCode)).toEqual(["PLT-000001-01", "PLT-000001-02"]);
    expect(after.custody.toStatus).toBe("purchased");
  });

  it("gives each purchase the next code", async () => {
    const next = await buy({ plotCodes: ["PLT-000001-02"], weightKg: 10 });
    expect(Number(next.batchCode.slice(-6))).toBe(Number(chain.batchCode.slice(-6)) + 1);
  });

  it("refuses, and stores nothing, when the purchase does not add up", async () => {
    const before = await one<{ n: number }>("SELECT COUNT(*) AS n FROM batches");
    expect((await api("", null, purchase())).status).toBe(401);
    const notBuyer = await api("", "warehouse", purchase());
    expect(notBuyer.status).toBe(403);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ plotCodes: ["PLT-100002-01"] }, "plotCodes", "Plot PLT-100002-01 does not belong to farmer FRM000001"],
      [{ plotCodes: ["PLT-000001-03"] }, "plotCodes", "Plot PLT-000001-03 grows Rubber, not Cocoa"],
      [{ plotCodes: ["PLT-999999-01"] }, "plotCodes", "No plot with code PLT-999999-01 is registered"],
      [
        { farmerIds: ["FRM999999"], plotCodes: ["PLT-000001-01"] },
        "farmerIds",
        "No farmer with ID FRM999999 is registered",
      ],
      [{ farmerIds: ["FRM000001", "FRM100004"] }, "plotCodes", "Choose at least one plot of farmer FRM100004"],
      [{ location: "" }, "location", "Enter the place (town or facility) where the batch was bought"],
      [{ grade: "Z" }, "grade", "Choose a quality grade from A+ to F"],
      [{ commodity: "Cassava" }, "commodity", "Choose the commodity"],
      [{ latitude: 6.5, longitude: undefined }, "longitude", "Enter both latitude and longitude, or neither"],
    ];
    for (const [over, field, message] of cases) {
      const res = await api("", "buyer", purchase(over));
      const body = await json(res);
      expect(res.status, message).toBe(400);
      expect(body.success).toBe(false);
      expect(body.errors?.[field], message).toContain(message);
    }
    expect((await one<{ n: number }>("SELECT COUNT(*) AS n FROM batches")).n).toBe(before.n);
  });
});

describe("the chain of custody, step by step", () => {
  it("refuses a skipped step or the wrong role at every stage, and records each right step", async () => {
    const code = chain.batchCode;
    const transfer = (as: keyof typeof who, body: unknown) => api(`/${code}/transfer`, as, body);
    const refused = async (res: Response, status: number, message: string) => {
      const body = await json(res);
      expect(res.status, body.message).toBe(status);
      expect(body.message).toBe(message);
    };

    // issue 11 F9: the exporter may not see a batch still with the buyer, so acting on it answers
    // 404 like reading it (it used to reveal the stage: 409 "…with the buyer…" / 403).
    await refused(await transfer("exporter", step("exported", 1000)), 404, `No batch with code ${code}`);
    await refused(await transfer("exporter", step("warehouse_received", 1000)), 404, `No batch with code ${code}`);
    await refused(
      await transfer("warehouse", step("exported", 1000)),
      409,
      "A batch with the buyer cannot go straight to export: it must pass warehouse intake first",
    );
    await refused(
      await transfer("buyer", step("warehouse_received", 1000)),
      403,
      "Only a Warehouse Inspector can record warehouse intake (you are signed in as Agricultural Buyer)",
    );
    await refused(
      await transfer("dg", step("warehouse_received", 1000)),
      403,
      "Only a Warehouse Inspector can record warehouse intake (you are signed in as Director General)",
    );
    await refused(
      await transfer("warehouse", step("warehouse_received", 1100, { weightInKg: 1100 })),
      400,
      "Weight in (1,100 kg) cannot exceed the batch's recorded weight (1,000 kg): produce cannot be added to a batch — merge batches instead",
    );

    let res = await transfer(
      "warehouse",
      step("warehouse_received", 990, { latitude: 6.997001, longitude: -9.471002, note: "12 bags" }),
    );
    let body = await json(res);
    expect(res.status, body.message).toBe(200);
    expect(body.batch).toMatchObject({
      status: "warehouse_received",
      weightKg: 990,
      holderId: "demo-warehouse-inspector",
    });

    await refused(
      await transfer("warehouse", step("port_inspected", 990)),
      409,
      "A batch at the warehouse cannot go straight to port inspection: it must pass warehouse inspection first",
    );
    await refused(
      await transfer("warehouse", step("warehouse_received", 990)),
      409,
      "This batch has already passed warehouse intake: custody only moves forward",
    );

    res = await transfer("warehouse", step("warehouse_inspected", 985, { weightInKg: 990, grade: "A+" }));
    body = await json(res);
    expect(res.status, body.message).toBe(200);
    expect(body.batch).toMatchObject({ status: "warehouse_inspected", weightKg: 985, grade: "A+" });

    // issue 11 F9: still hidden from the exporter at the warehouse (404 like the read).
    await refused(await transfer("exporter", step("exported", 985)), 404, `No batch with code ${code}`);
    await refused(
      await transfer("port", step("exported", 985)),
      409,
      "A batch at the warehouse cannot go straight to export: it must pass port inspection first",
    );
    await refused(
      await transfer("warehouse", step("port_inspected", 985)),
      403,
      "Only a Port Inspector can record port inspection (you are signed in as Warehouse Inspector)",
    );

    res = await transfer("port", step("port_inspected", 900, { location: "Freeport of Monrovia" }));
    body = await json(res);
    expect(res.status, body.message).toBe(200);
    expect((body.custodyEvent as { note: string }).note).toBe(
      "Weight loss of 8.6% (85 kg) since the last custody point exceeds 5%: check for spillage, theft or moisture loss",
    );

    // Export needs a batch marked EUDR-compliant.
    await refused(
      await transfer("exporter", step("exported", 900, { location: "Freeport of Monrovia" })),
      409,
      "Only an EUDR-compliant batch can be shipped for export. Every origin plot has valid geometry and a low deforestation risk",
    );
    expect((await api(`/${code}/compliance`, "buyer", {})).status).toBe(403);
    expect((await api(`/${code}/compliance`, "exporter", {})).status).toBe(403);
    // issue 11 F8: the decision is explicit (an empty body no longer certifies).
    res = await api(`/${code}/compliance`, "port", { decision: "mark_compliant" });
    body = await json(res);
    expect(res.status, body.message).toBe(200);
    expect(body.batch).toMatchObject({ complianceStatus: "compliant" });
    expect(body.batch.complianceReason).toBe(
      "Marked EUDR-compliant by the Port Inspector: every origin plot has valid geometry and a low deforestation risk",
    );

    await refused(
      await transfer("port", step("exported", 900)),
      403,
      "Only a Licensed Exporter can record export (you are signed in as Port Inspector)",
    );
    res = await transfer(
      "exporter",
      step("exported", 900, { location: "Freeport of Monrovia", latitude: 6.345678, longitude: -10.801234 }),
    );
    body = await json(res);
    expect(res.status, body.message).toBe(200);
    expect(body.batch).toMatchObject({ status: "exported", holderId: "demo-exporter", weightKg: 900 });
    await refused(
      await transfer("exporter", step("exported", 900)),
      409,
      "This batch has been exported: its chain of custody is complete",
    );

    const events = await rows<{
      from_status: string;
      to_status: string;
      actor_role: string;
      weight_in_kg: number | null;
      weight_out_kg: number;
      location: string;
    }>(
      "SELECT from_status, to_status, actor_role, weight_in_kg, weight_out_kg, location FROM custody_events WHERE batch_id = ? ORDER BY occurred_at, id",
      chain.id,
    );
    expect(events).toEqual([
      {
        from_status: "harvested",
        to_status: "purchased",
        actor_role: "buyer",
        weight_in_kg: null,
        weight_out_kg: 1000,
        location: "Gbarnga market",
      },
      {
        from_status: "purchased",
        to_status: "warehouse_received",
        actor_role: "warehouse_inspector",
        weight_in_kg: 1000,
        weight_out_kg: 990,
        location: "Gbarnga warehouse",
      },
      {
        from_status: "warehouse_received",
        to_status: "warehouse_inspected",
        actor_role: "warehouse_inspector",
        weight_in_kg: 990,
        weight_out_kg: 985,
        location: "Gbarnga warehouse",
      },
      {
        from_status: "warehouse_inspected",
        to_status: "port_inspected",
        actor_role: "port_inspector",
        weight_in_kg: 985,
        weight_out_kg: 900,
        location: "Freeport of Monrovia",
      },
      {
        from_status: "port_inspected",
        to_status: "exported",
        actor_role: "exporter",
        weight_in_kg: 900,
        weight_out_kg: 900,
        location: "Freeport of Monrovia",
      },
    ]);
    const audit = await rows<{ action: string; actor_role: string; before: string | null; after: string }>(
      "SELECT action, actor_role, before, after FROM audit_log WHERE entity_type = 'batch' AND entity_id = ? ORDER BY id",
      code,
    );
    expect(audit.map((a) => [a.action, a.actor_role])).toEqual([
      ["batch.purchase", "buyer"],
      ["batch.warehouse_received", "warehouse_inspector"],
      ["batch.warehouse_inspected", "warehouse_inspector"],
      ["batch.port_inspected", "port_inspector"],
      ["batch.mark_compliant", "port_inspector"],
      ["batch.exported", "exporter"],
    ]);
    const exportAudit = audit[5]!;
    expect(JSON.parse(exportAudit.before!)).toMatchObject({
      status: "port_inspected",
      holderId: "demo-port-inspector",
    });
    expect(JSON.parse(exportAudit.after)).toMatchObject({
      status: "exported",
      holderId: "demo-exporter",
      custody: { toStatus: "exported", latitude: 6.345678 },
    });
  });

  it("records a step once when two people submit it at the same moment", async () => {
    const b = await buy({ plotCodes: ["PLT-000001-02"], weightKg: 8 });
    const results = await Promise.all(
      [1, 2].map(() => api(`/${b.batchCode}/transfer`, "warehouse", step("warehouse_received", 8))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = await json(results.find((r) => r.status === 409)!);
    expect([
      "Someone else changed this batch a moment ago: reload it and check before trying again",
      "This batch has already passed warehouse intake: custody only moves forward",
    ]).toContain(loser.message);
    expect((await one<{ n: number }>("SELECT COUNT(*) AS n FROM custody_events WHERE batch_id = ?", b.id)).n).toBe(2);
    expect((await one<{ n: number }>("SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ?", b.batchCode)).n).toBe(
      2,
    );
  });

  it("a write prepared from a stale read changes nothing (guarded update + custody event)", async () => {
    const b = await buy({ plotCodes: ["PLT-000001-02"], weightKg: 7 });
    // Someone splits the batch after our read of status "purchased"...
    await env.DB.prepare("UPDATE batches SET status = 'split' WHERE id = ?").bind(b.id).run();
    const db = database(env.DB);
    const stale = db.batch([
      updateBatch(db, b.id, { status: "warehouse_received", weightKg: 7 }, "purchased"),
      insertCustodyEvent(db, {
        id: `${b.id}:warehouse_received`,
        batchId: b.id,
        fromStatus: "purchased",
        toStatus: "warehouse_received",
        actorId: "x",
        actorRole: "warehouse_inspector",
        occurredAt: new Date().toISOString(),
      }),
    ]);
    await expect(stale).rejects.toThrow(/NOT NULL constraint failed: custody_events\.batch_id/);
    expect((await one<{ status: string }>("SELECT status FROM batches WHERE id = ?", b.id)).status).toBe("split");
    expect((await one<{ n: number }>("SELECT COUNT(*) AS n FROM custody_events WHERE batch_id = ?", b.id)).n).toBe(1);
  });

  it("lets only the exporter who shipped it record the EU buyer's DDS numbers", async () => {
    const code = chain.batchCode;
    expect(
      (await api(`/${code}/dds`, "buyer", { ddsReference: "25LRXQ4K3P5581", ddsVerification: "KYRPJKI6" })).status,
    ).toBe(403);
    const bad = await api(`/${code}/dds`, "exporter", { ddsReference: "<b>", ddsVerification: "KYRPJKI6" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors?.ddsReference).toEqual([
      "Enter the DDS reference number given by the EU information system (6 to 40 letters, digits, - or /)",
    ]);
    const notShipped = await buy({ plotCodes: ["PLT-000001-02"], weightKg: 5 });
    const early = await api(`/${notShipped.batchCode}/dds`, "exporter", {
      ddsReference: "25LRXQ4K3P5581",
      ddsVerification: "KYRPJKI6",
    });
    // issue 11 F9: a batch the exporter may not see (still with the buyer) answers 404 like the read.
    expect(early.status).toBe(404);
    expect((await json(early)).message).toBe(`No batch with code ${notShipped.batchCode}`);

    const res = await api(`/${code}/dds`, "exporter", { ddsReference: "25lrxq4k3p5581", ddsVerification: "kyrpjki6" });
    const body = await json(res);
    expect(res.status, body.message).toBe(200);
    expect(body.batch).toMatchObject({ ddsReference: "25LRXQ4K3P5581", ddsVerification: "KYRPJKI6" });
    const stored = await one<{ dds_reference: string; dds_verification: string }>(
      "SELECT dds_reference, dds_verification FROM batches WHERE id = ?",
      chain.id,
    );
    expect(stored).toEqual({ dds_reference: "25LRXQ4K3P5581", dds_verification: "KYRPJKI6" });
    const audit = await one<{ before: string; after: string }>(
      "SELECT before, after FROM audit_log WHERE entity_id = ? AND action = 'batch.record_dds'",
      code,
    );
    expect(JSON.parse(audit.before)).toMatchObject({ ddsReference: null });
    expect(JSON.parse(audit.after)).toMatchObject({ ddsReference: "25LRXQ4K3P5581", ddsVerification: "KYRPJKI6" });
  });
});

describe("volume plausibility", () => {
  it("flags a purchase above area × yield, counting earlier purchases from the same plots this crop year", async () => {
    // PLT-000001-01 (1 ha × 800 kg/ha) already supplied 666.667 kg of the first purchase.
    const b = await buy({ plotCodes: ["PLT-000001-01"], weightKg: 200 });
    expect(b.volumeFlag).toBe(true);
    expect(b.volumeNote).toMatch(
      /^Purchase of 200 kg exceeds what the origin plots could yield: 1 ha × 800 kg\/ha = 800 kg in the 2026\/27 crop year, of which \d{3}(\.\d+)? kg already purchased/,
    );
    expect(b.volumeNote).toContain("Flagged for inspection.");
    // A harvest in the previous crop year does not count against this one.
    const lastYear = await buy({ plotCodes: ["PLT-000001-01"], weightKg: 700, harvestDate: "2026-03-01" });
    expect(lastYear.volumeFlag).toBe(false);
    const event = await one<{ note: string }>("SELECT note FROM custody_events WHERE batch_id = ?", b.id);
    expect(event.note).toBe(b.volumeNote);
  });

  it("uses the configured yield for the crop when one is set", async () => {
    const coffee = { farmerIds: ["FRM100004"], plotCodes: ["PLT-100004-01"], commodity: "Coffee", weightKg: 3000 };
    expect((await buy(coffee)).volumeFlag).toBe(true);
    await env.DB.prepare("INSERT INTO crop_yields (crop, kg_per_hectare) VALUES ('Coffee', 9000)").run();
    const b = await buy(coffee);
    expect(b.hsCode).toBe("0901");
    expect(b.volumeFlag).toBe(false);
    expect(b.volumeNote).toContain("1 ha × 9,000 kg/ha = 9,000 kg");
  });
});

describe("EUDR compliance of a batch", () => {
  it("a high-risk or invalid origin plot makes the batch non-compliant, and marking it compliant is refused", async () => {
    const b = await buy({ farmerIds: ["FRM100002"], plotCodes: ["PLT-100002-01"], weightKg: 100 });
    expect(b).toMatchObject({
      complianceStatus: "non_compliant",
      complianceReason: "Not EUDR-compliant: high deforestation risk on PLT-100002-01",
      county: "Nimba County",
    });
    // issue 11 F7: certification belongs to DDGOTS (the DG no longer certifies).
    const res = await api(`/${b.batchCode}/compliance`, "ddgots", { decision: "mark_compliant" });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(
      "This batch cannot be marked EUDR-compliant. Not EUDR-compliant: high deforestation risk on PLT-100002-01.",
    );
    expect(
      (await one<{ compliance_status: string }>("SELECT compliance_status FROM batches WHERE id = ?", b.id))
        .compliance_status,
    ).toBe("non_compliant");

    const invalid = await buy({ farmerIds: ["FRM100004"], plotCodes: ["PLT-100004-02"], weightKg: 100 });
    expect(invalid.complianceReason).toBe("Not EUDR-compliant: failed geometry validation on PLT-100004-02");
  });

  it("'more information needed' holds the batch for review until the plot is cleared and re-checked", async () => {
    const b = await buy({ farmerIds: ["FRM100003"], plotCodes: ["PLT-100003-01"], weightKg: 100 });
    expect(b).toMatchObject({
      complianceStatus: "held_for_review",
      complianceReason: "Held for review: more information needed on PLT-100003-01",
    });
    let res = await api(`/${b.batchCode}/compliance`, "ddgots", { decision: "mark_compliant" });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(
      "This batch cannot be marked EUDR-compliant yet. Held for review: more information needed on PLT-100003-01.",
    );

    await env.DB.prepare("UPDATE land_plots SET risk_level = 'low' WHERE id = 'p-5'").run();
    res = await api(`/${b.batchCode}/compliance`, "ddgots", { decision: "recheck" });
    expect((await json(res)).batch.complianceStatus).toBe("pending");
    // issue 11 F7: never certified while with the buyer — only once the warehouse inspection is recorded.
    res = await api(`/${b.batchCode}/compliance`, "ddgots", { decision: "mark_compliant" });
    expect(res.status).toBe(409);
    for (const s of ["warehouse_received", "warehouse_inspected"])
      expect((await api(`/${b.batchCode}/transfer`, "warehouse", step(s, 100))).status).toBe(200);
    res = await api(`/${b.batchCode}/compliance`, "ddgots", { decision: "mark_compliant" });
    expect((await json(res)).batch.complianceStatus).toBe("compliant");
    const actions = await rows<{ action: string; actor_role: string }>(
      "SELECT action, actor_role FROM audit_log WHERE entity_id = ? ORDER BY id",
      b.batchCode,
    );
    expect(actions).toEqual([
      { action: "batch.purchase", actor_role: "buyer" },
      { action: "batch.recheck_compliance", actor_role: "ddgots" },
      { action: "batch.warehouse_received", actor_role: "warehouse_inspector" },
      { action: "batch.warehouse_inspected", actor_role: "warehouse_inspector" },
      { action: "batch.mark_compliant", actor_role: "ddgots" },
    ]);
    await env.DB.prepare("UPDATE land_plots SET risk_level = 'more_information_needed' WHERE id = 'p-5'").run();
  });
});

let merged: Batch;

describe("splitting and merging keep every origin plot", () => {
  it("splits a batch into new batches that inherit all its origins, and closes the parent", async () => {
    const parent = await buy({ weightKg: 500, harvestDate: "2026-02-01" });
    expect((await api(`/${parent.batchCode}/split`, "warehouse", { weights: [300, 200] })).status).toBe(403);
    const tooMuch = await api(`/${parent.batchCode}/split`, "buyer", { weights: "300, 250" });
    expect(tooMuch.status).toBe(400);
    expect((await json(tooMuch)).message).toBe("The new batches weigh 550 kg together, more than this batch's 500 kg");

    const res = await api(`/${parent.batchCode}/split`, "buyer", { weights: "300, 150", location: "Gbarnga market" });
    const body = (await res.json()) as { success: boolean; parent: string; batches: Batch[] };
    expect(res.status).toBe(201);
    expect(body.batches.map((b) => [b.weightKg, b.status, b.commodity, b.complianceStatus])).toEqual([
      [300, "purchased", "Cocoa", "pending"],
      [150, "purchased", "Cocoa", "pending"],
    ]);
    for (const child of body.batches) {
      const origins = await rows<{ plot_id: string }>(
        "SELECT plot_id FROM batch_origins WHERE batch_id = ? ORDER BY plot_id",
        child.id,
      );
      expect(origins.map((o) => o.plot_id)).toEqual(["p-1", "p-2"]);
    }
    const lineage = await rows<{ child_batch_id: string; kind: string; weight_kg: number }>(
      "SELECT child_batch_id, kind, weight_kg FROM batch_lineage WHERE parent_batch_id = ? ORDER BY weight_kg DESC",
      parent.id,
    );
    expect(lineage).toEqual(body.batches.map((b) => ({ child_batch_id: b.id, kind: "split", weight_kg: b.weightKg })));
    const closed = await one<{ status: string }>("SELECT status FROM batches WHERE id = ?", parent.id);
    expect(closed.status).toBe("split");
    const note = await one<{ note: string; weight_in_kg: number; weight_out_kg: number }>(
      "SELECT note, weight_in_kg, weight_out_kg FROM custody_events WHERE batch_id = ? AND to_status = 'split'",
      parent.id,
    );
    expect(note).toEqual({
      note: `Split into ${body.batches[0]!.batchCode} (300 kg), ${body.batches[1]!.batchCode} (150 kg) — 50 kg not carried into the new batches`,
      weight_in_kg: 500,
      weight_out_kg: 450,
    });
    const transfer = await api(`/${parent.batchCode}/transfer`, "warehouse", step("warehouse_received", 500));
    expect(transfer.status).toBe(409);
    expect((await json(transfer)).message).toBe(
      "This batch was split into smaller batches: record custody on the new batches instead",
    );

    // Merge one child with a high-risk batch from another farmer: every origin is kept, and the mix is non-compliant.
    const risky = await buy({
      farmerIds: ["FRM100002"],
      plotCodes: ["PLT-100002-01"],
      weightKg: 100,
      harvestDate: "2026-02-01",
    });
    const coffee = await buy({
      farmerIds: ["FRM100004"],
      plotCodes: ["PLT-100004-01"],
      commodity: "Coffee",
      weightKg: 50,
    });
    let m = await api("/merge", "buyer", { batchCodes: [body.batches[0]!.batchCode, coffee.batchCode] });
    expect(m.status).toBe(409);
    expect((await json(m)).message).toBe(
      `Only batches of the same commodity can be merged: ${body.batches[0]!.batchCode} is Cocoa, ${coffee.batchCode} is Coffee`,
    );
    m = await api("/merge", "buyer", { batchCodes: [body.batches[0]!.batchCode, chain.batchCode] });
    expect(m.status).toBe(409);
    m = await api("/merge", "warehouse", { batchCodes: [body.batches[0]!.batchCode, risky.batchCode] });
    expect(m.status).toBe(403);

    m = await api("/merge", "buyer", {
      batchCodes: [body.batches[0]!.batchCode, risky.batchCode],
      location: "Gbarnga market",
    });
    const mb = await json(m);
    expect(m.status, mb.message).toBe(201);
    merged = mb.batch;
    expect(merged).toMatchObject({
      weightKg: 400,
      status: "purchased",
      complianceStatus: "non_compliant",
      county: "Bong County, Nimba County",
    });
    expect(merged.complianceReason).toBe("Not EUDR-compliant: high deforestation risk on PLT-100002-01");
    const origins = await rows<{ plot_id: string; farmer_id: string }>(
      "SELECT plot_id, farmer_id FROM batch_origins WHERE batch_id = ? ORDER BY plot_id",
      merged.id,
    );
    expect(origins).toEqual([
      { plot_id: "p-1", farmer_id: "FRM000001" },
      { plot_id: "p-2", farmer_id: "FRM000001" },
      { plot_id: "p-4", farmer_id: "FRM100002" },
    ]);
    const parents = await rows<{ status: string }>(
      "SELECT status FROM batches WHERE batch_code IN (?, ?)",
      body.batches[0]!.batchCode,
      risky.batchCode,
    );
    expect(parents.map((p) => p.status)).toEqual(["merged", "merged"]);
    expect(
      (
        await one<{ n: number }>(
          "SELECT COUNT(*) AS n FROM batch_lineage WHERE child_batch_id = ? AND kind = 'merge'",
          merged.id,
        )
      ).n,
    ).toBe(2);
    const audit = await rows<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity_id IN (?, ?, ?) ORDER BY id",
      merged.batchCode,
      body.batches[0]!.batchCode,
      risky.batchCode,
    );
    expect(audit.map((a) => a.action)).toEqual([
      "batch.create_from_split",
      "batch.purchase",
      "batch.create_from_merge",
      "batch.merge",
      "batch.merge",
    ]);

    // The merged batch's custody reaches back through the merge and the split to both purchases.
    const detail = (await (await api(`/${merged.batchCode}`, "dg")).json()) as {
      custody: { batchCode: string; toStatus: string; fromStatus: string | null }[];
    };
    expect(
      detail.custody
        .filter((e) => e.fromStatus === "harvested")
        .map((e) => e.batchCode)
        .sort(),
    ).toEqual([parent.batchCode, risky.batchCode].sort());
  });
});

describe("who sees which batch", () => {
  it("regulators see all; buyers what they handled; a farmer only batches of their plots, and only their own plots in them", async () => {
    const codes = async (as: keyof typeof who, query = "") => {
      const res = await api(query, as);
      expect(res.status).toBe(200);
      return ((await res.json()) as { batches: Batch[] }).batches.map((b) => b.batchCode);
    };
    const all = await codes("dg");
    const total = (await one<{ n: number }>("SELECT COUNT(*) AS n FROM batches")).n;
    expect(all).toHaveLength(Math.min(total, 25));
    expect(await codes("buyer", "?status=exported")).toEqual([chain.batchCode]);
    expect(await codes("exporter")).toEqual([chain.batchCode]);
    expect(await codes("dg", "?compliance=non_compliant&commodity=Cocoa")).toContain(merged.batchCode);

    const farmerSees = await codes("farmer");
    expect(farmerSees).toContain(chain.batchCode);
    expect(farmerSees).toContain(merged.batchCode);
    const nimbaOnly = (
      await rows<{ batch_code: string }>(
        "SELECT b.batch_code FROM batches b WHERE NOT EXISTS (SELECT 1 FROM batch_origins o WHERE o.batch_id = b.id AND o.farmer_id = 'FRM000001')",
      )
    ).map((r) => r.batch_code);
    expect(nimbaOnly.length).toBeGreaterThan(0);
    for (const c of nimbaOnly) expect(farmerSees).not.toContain(c);
    expect((await api(`/${nimbaOnly[0]}`, "farmer")).status).toBe(404);

    const view = (await (await api(`/${merged.batchCode}`, "farmer")).json()) as {
      origins: { plotCode: string; farmerId: string }[];
      hiddenOrigins: number;
    };
    expect(view.origins.map((o) => o.plotCode)).toEqual(["PLT-000001-01", "PLT-000001-02"]);
    expect(view.hiddenOrigins).toBe(1);
    const farmerCustody = (await (await api(`/${chain.batchCode}`, "farmer")).json()) as {
      custody: { latitude: number | null; note: string | null }[];
    };
    expect(farmerCustody.custody.every((e) => e.latitude === null && e.note === null)).toBe(true);
    expect(JSON.stringify(view)).not.toContain("Kpadeh");
  });
});

describe("the public trace page /qr/{batchCode}", () => {
  it("shows commodity, grade, county, compliance and the custody timeline — and nothing personal", async () => {
    const res = await call(`/qr/${chain.batchCode}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const raw = await res.text();
    const html = decode(raw);
    for (const text of [
      chain.batchCode,
      "Cocoa",
      "1801",
      "Cocoa beans, whole or broken, raw or roasted",
      "A+",
      "Bong County",
      "EUDR-compliant",
      "Exported",
      "Purchased by buyer",
      "Received at warehouse",
      "Inspected at warehouse",
      "Inspected at port",
      "Gbarnga market",
      "Freeport of Monrovia",
      "Filed by the EU buyer",
      `/api/qr/${chain.batchCode}.svg`,
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toMatch(/<svg[^>]*role="img"/);
    for (const secret of [
      ...FARMERS.flatMap((f) => [f.first, f.last, f.farmerId, f.nationalId]),
      "FRM",
      "PLT-",
      "6.995412",
      "-9.472311",
      "6.998877",
      "-9.470011",
      "6.345678",
      "25LRXQ4K3P5581",
      "KYRPJKI6",
      "Comfort",
      "12 bags",
      "demo-buyer",
    ]) {
      expect(html, secret).not.toContain(secret);
    }
    // No coordinate finer than the 0.1° grid anywhere in the page (markup or hydration data).
    expect(raw.match(/-?\b\d{1,2}\.\d{4,}\b/g) ?? []).toEqual([]);
  });

  it("answers an unknown code with a clear 404 page", async () => {
    const res = await call("/qr/LR-COC-2026-999999");
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = decode(await res.text());
    expect(html).toContain("Unknown batch code");
    expect(html).toContain("No batch with the code LR-COC-2026-999999 is registered.");
  });

  it("serves QR images (SVG and PNG) that point to the public page", async () => {
    const svg = await call(`/api/qr/${chain.batchCode}.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(svg.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await svg.text()).toBe(renderSVG(`${ORIGIN}/qr/${chain.batchCode}`, { ecc: "M", border: 4 }));

    const png = await call(`/api/qr/${chain.batchCode.toLowerCase()}.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(16)).toBe(view.getUint32(20)); // square IHDR
    expect(view.getUint32(16)).toBeGreaterThanOrEqual(200);

    const unknown = await call("/api/qr/LR-COC-2026-999999.png");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, message: "No batch with code LR-COC-2026-999999" });
  });
});

describe("batch pages (JavaScript off)", () => {
  const form = (path: string, fields: [string, string][], cookie: string) =>
    call(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: ORIGIN,
        Cookie: cookie,
        "CF-Connecting-IP": "10.60.1.1",
      },
      body: new URLSearchParams(fields).toString(),
    });

  it("a buyer picks the farmer, ticks the plots and records a purchase with a plain form", async () => {
    const page = await call("/batches?farmer=frm000001", { headers: { Cookie: who.buyer.cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = decode(await page.text());
    expect(html).toContain("Record a purchase");
    expect(html).toContain('value="PLT-000001-01"');
    expect(html).toContain('value="PLT-000001-03"');
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;

    const fields: [string, string][] = [
      ["csrf", csrf],
      ["farmerIds", "FRM000001"],
      ["plotCodes", "PLT-000001-02"],
      ["commodity", "Cocoa"],
      ["weightKg", "40"],
      ["grade", "B"],
      ["harvestDate", "2026-11-01"],
      ["latitude", ""],
      ["longitude", ""],
      ["location", "Gbarnga market"],
    ];
    const invalid = await form(
      "/batches?farmer=FRM000001",
      fields.map(([k, v]) => [k, k === "location" ? "" : v]),
      who.buyer.cookie,
    );
    expect(invalid.status).toBe(400);
    const again = decode(await invalid.text());
    expect(again).toContain("There is a problem");
    expect(again).toContain("Enter the place (town or facility) where the batch was bought");
    expect(again).toMatch(/value="40"/);

    const ok = await form("/batches?farmer=FRM000001", fields, who.buyer.cookie);
    expect(ok.status).toBe(302);
    const location = ok.headers.get("location")!;
    expect(location).toMatch(/^\/batches\/LR-COC-2026-\d{6}\?recorded=purchase$/);
    const details = decode(await (await call(location, { headers: { Cookie: who.buyer.cookie } })).text());
    expect(details).toContain("Purchase recorded: the batch is registered.");
    expect(details).toContain("PLT-000001-02");
    expect(details).toContain("Gbarnga market");
    expect(details).toContain("Split this batch");
  });

  it("the warehouse inspector records intake from the batch page; a wrong-role form post is refused", async () => {
    const b = await buy({ plotCodes: ["PLT-000001-02"], weightKg: 20 });
    const path = `/batches/${b.batchCode}`;
    const html = decode(await (await call(path, { headers: { Cookie: who.warehouse.cookie } })).text());
    expect(html).toContain("Record warehouse intake");
    expect(html).toContain(`/qr/${b.batchCode}`);
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
    const post = (cookie: string, token: string) =>
      form(
        path,
        [
          ["csrf", token],
          ["intent", "transfer"],
          ["toStatus", "warehouse_received"],
          ["weightInKg", "20"],
          ["weightOutKg", "19.5"],
          ["location", "Gbarnga warehouse"],
          ["latitude", "6.997001"],
          ["longitude", "-9.471002"],
        ],
        cookie,
      );

    const exporterPage = decode(await (await call(path, { headers: { Cookie: who.exporter.cookie } })).text());
    expect(exporterPage).toContain("404");
    const dgHtml = decode(await (await call(path, { headers: { Cookie: who.dg.cookie } })).text());
    expect(dgHtml).not.toContain("Record warehouse intake");
    const dgCsrf = /name="csrf" value="([^"]+)"/.exec(dgHtml)![1]!;
    const refused = await post(who.dg.cookie, dgCsrf);
    expect(refused.status).toBe(403);
    expect(decode(await refused.text())).toContain(
      "Only a Warehouse Inspector can record warehouse intake (you are signed in as Director General)",
    );

    const ok = await post(who.warehouse.cookie, csrf);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(`${path}?recorded=warehouse_received`);
    const after = decode(
      await (await call(ok.headers.get("location")!, { headers: { Cookie: who.warehouse.cookie } })).text(),
    );
    expect(after).toContain("Warehouse intake recorded.");
    expect(after).toContain("Record warehouse inspection");
    expect(after).toContain("GPS 6.997001, -9.471002");
  });

  it("signed-out visitors are sent to log in; roles without batch access get 403", async () => {
    const res = await call("/batches");
    expect(res.status).toBe(302);
    const observer = await signInAs("monitoring_observer", "10.60.0.9");
    expect((await call("/batches", { headers: { Cookie: observer.cookie } })).status).toBe(403);
    expect((await call("/api/batches", { headers: { Authorization: `Bearer ${observer.token}` } })).status).toBe(403);
  });
});
