/** Batches: volume plausibility, EUDR compliance, and splitting and merging. */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, type Batch, buy, buyAndExport, json, one, purchase, rows, seedAndSignIn, step } from "./batches-fixtures";

beforeAll(seedAndSignIn);

let chain: Batch;
beforeAll(async () => {
  chain = await buyAndExport();
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
    await env.DB.prepare("INSERT INTO crop_yields (crop, grams_per_hectare) VALUES ('Coffee', 9000000)").run();
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
    // Certification belongs to DDGOTS (the DG no longer certifies).
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
    // Never certified while with the buyer — only once the warehouse inspection is recorded.
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
    const lineage = await rows<{ child_batch_id: string; kind: string; weight_g: number }>(
      "SELECT child_batch_id, kind, weight_g FROM batch_lineage WHERE parent_batch_id = ? ORDER BY weight_g DESC",
      parent.id,
    );
    expect(lineage).toEqual(
      body.batches.map((b) => ({ child_batch_id: b.id, kind: "split", weight_g: b.weightKg * 1000 })),
    );
    const closed = await one<{ status: string }>("SELECT status FROM batches WHERE id = ?", parent.id);
    expect(closed.status).toBe("split");
    const note = await one<{ note: string; weight_in_g: number; weight_out_g: number }>(
      "SELECT note, weight_in_g, weight_out_g FROM custody_events WHERE batch_id = ? AND to_status = 'split'",
      parent.id,
    );
    expect(note).toEqual({
      note: `Split into ${body.batches[0]!.batchCode} (300 kg), ${body.batches[1]!.batchCode} (150 kg) — 50 kg not carried into the new batches`,
      weight_in_g: 500_000,
      weight_out_g: 450_000,
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
    const merged: Batch = mb.batch;
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

describe("weights are integer grams (ADR 020)", () => {
  it("a split of 100.001 kg into 33.334 + 66.667 kg keeps the exact total, to the gram", async () => {
    const parent = await buy({ weightKg: 100.001, harvestDate: "2026-02-01" });
    expect(parent.weightKg).toBe(100.001);
    expect((await one<{ weight_g: number }>("SELECT weight_g FROM batches WHERE id = ?", parent.id)).weight_g).toBe(
      100_001,
    );
    const res = await api(`/${parent.batchCode}/split`, "buyer", { weights: "33.334, 66.667" });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { batches: Batch[] };
    expect(body.batches.map((b) => b.weightKg)).toEqual([33.334, 66.667]);
    const children = await rows<{ weight_g: number }>(
      "SELECT weight_g FROM batches WHERE derived_by = 'split' AND id IN (?, ?) ORDER BY weight_g",
      body.batches[0]!.id,
      body.batches[1]!.id,
    );
    expect(children.map((c) => c.weight_g)).toEqual([33_334, 66_667]);
    const event = await one<{ note: string; weight_in_g: number; weight_out_g: number }>(
      "SELECT note, weight_in_g, weight_out_g FROM custody_events WHERE batch_id = ? AND to_status = 'split'",
      parent.id,
    );
    // Nothing is "lost" to rounding: the note names no missing weight.
    expect(event).toEqual({
      note: `Split into ${body.batches[0]!.batchCode} (33.334 kg), ${body.batches[1]!.batchCode} (66.667 kg)`,
      weight_in_g: 100_001,
      weight_out_g: 100_001,
    });
    // Origin shares still add up to each child's weight exactly.
    for (const child of body.batches) {
      const shares = await rows<{ weight_g: number }>(
        "SELECT weight_g FROM batch_origins WHERE batch_id = ?",
        child.id,
      );
      expect(shares.every((s) => Number.isInteger(s.weight_g))).toBe(true);
    }
    // One gram too many is refused.
    const other = await buy({ weightKg: 100.001, harvestDate: "2026-02-01" });
    const tooMuch = await api(`/${other.batchCode}/split`, "buyer", { weights: "33.335, 66.667" });
    expect(tooMuch.status).toBe(400);
    expect((await json(tooMuch)).message).toBe(
      "The new batches weigh 100.002 kg together, more than this batch's 100.001 kg",
    );
  });

  it("a purchase with more than 3 decimals of kg is refused with a clear message", async () => {
    const res = await api("", "buyer", purchase({ weightKg: 12.3456 }));
    expect(res.status).toBe(400);
    expect(JSON.stringify(await json(res))).toContain("enter kg with at most 3 decimals");
  });
});
