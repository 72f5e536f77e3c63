/**
 * A buyer's purchase through POST /api/batches: the batch, its code, origins, compliance, first
 * custody event and audit row, and each refusal. The steps after it: batches-custody.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, buy, json, one, purchase, rows, seedAndSignIn } from "./batches-fixtures";

beforeAll(seedAndSignIn);

describe("POST /api/batches (a buyer's purchase)", () => {
  it("creates the batch with a readable code, HS code, origins, compliance, the first custody event and its audit row", async () => {
    const chain = await buy();
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

    const origins = await rows<{ plot_id: string; farmer_id: string; weight_g: number }>(
      "SELECT plot_id, farmer_id, weight_g FROM batch_origins WHERE batch_id = ? ORDER BY plot_id",
      chain.id,
    );
    expect(origins).toEqual([
      { plot_id: "p-1", farmer_id: "FRM000001", weight_g: 666667 },
      { plot_id: "p-2", farmer_id: "FRM000001", weight_g: 333333 },
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
      weight_out_g: 1000000,
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
    const first = await buy({ plotCodes: ["PLT-000001-02"], weightKg: 10 });
    const next = await buy({ plotCodes: ["PLT-000001-02"], weightKg: 10 });
    expect(Number(next.batchCode.slice(-6))).toBe(Number(first.batchCode.slice(-6)) + 1);
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
