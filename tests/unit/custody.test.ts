import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "#worker/auth/roles";
import {
  BATCH_STATUSES,
  CHAIN,
  canHandleAt,
  canTransition,
  checkTransferWeights,
  LOSS_FLAG_PERCENT,
  nextStatuses,
  STEP_ROLE,
} from "#worker/domain/custody";

describe("custody chain", () => {
  it("runs harvested → purchased → warehouse intake → warehouse inspection → port inspection → export", () => {
    expect(CHAIN).toEqual([
      "harvested",
      "purchased",
      "warehouse_received",
      "warehouse_inspected",
      "port_inspected",
      "exported",
    ]);
    expect(BATCH_STATUSES).toEqual([
      "purchased",
      "warehouse_received",
      "warehouse_inspected",
      "port_inspected",
      "exported",
      "split",
      "merged",
      "rejected",
    ]);
  });

  it("nextStatuses gives exactly the following stage, nothing after export or once closed", () => {
    expect(nextStatuses("harvested")).toEqual(["purchased"]);
    expect(nextStatuses("purchased")).toEqual(["warehouse_received"]);
    expect(nextStatuses("warehouse_received")).toEqual(["warehouse_inspected"]);
    expect(nextStatuses("warehouse_inspected")).toEqual(["port_inspected"]);
    expect(nextStatuses("port_inspected")).toEqual(["exported"]);
    expect(nextStatuses("exported")).toEqual([]);
    expect(nextStatuses("split")).toEqual([]);
    expect(nextStatuses("merged")).toEqual([]);
    expect(nextStatuses("nonsense")).toEqual([]);
  });

  it("each step is performed by exactly one role, and no other role (regulator staff included) may record it", () => {
    expect(STEP_ROLE).toEqual({
      purchased: "buyer",
      warehouse_received: "warehouse_inspector",
      warehouse_inspected: "warehouse_inspector",
      port_inspected: "port_inspector",
      exported: "exporter",
    });
    for (let i = 0; i < CHAIN.length - 1; i++) {
      const from = CHAIN[i]!;
      const to = CHAIN[i + 1]!;
      for (const role of ROLES) {
        const d = canTransition(from, to, role);
        expect(d.ok, `${role}: ${from} → ${to}`).toBe(role === STEP_ROLE[to as keyof typeof STEP_ROLE]);
      }
    }
  });

  it("a wrong role is told which role acts", () => {
    expect(canTransition("purchased", "warehouse_received", "exporter")).toEqual({
      ok: false,
      kind: "role",
      message: "Only a Warehouse Inspector can record warehouse intake (you are signed in as Licensed Exporter)",
    });
    expect(canTransition("warehouse_inspected", "port_inspected", "dg")).toEqual({
      ok: false,
      kind: "role",
      message: "Only a Port Inspector can record port inspection (you are signed in as Director General)",
    });
  });

  it("a skipped step names the step that is missing", () => {
    expect(canTransition("warehouse_inspected", "exported", "exporter")).toEqual({
      ok: false,
      kind: "order",
      message: "A batch at the warehouse cannot go straight to export: it must pass port inspection first",
    });
    expect(canTransition("purchased", "port_inspected", "port_inspector")).toEqual({
      ok: false,
      kind: "order",
      message: "A batch with the buyer cannot go straight to port inspection: it must pass warehouse intake first",
    });
    expect(canTransition("warehouse_received", "exported", "exporter")).toMatchObject({
      ok: false,
      message: "A batch at the warehouse cannot go straight to export: it must pass warehouse inspection first",
    });
  });

  it("custody never moves backwards, and closed or exported batches take no step", () => {
    expect(canTransition("port_inspected", "warehouse_inspected", "warehouse_inspector")).toEqual({
      ok: false,
      kind: "order",
      message: "This batch has already passed warehouse inspection: custody only moves forward",
    });
    expect(canTransition("warehouse_received", "warehouse_received", "warehouse_inspector")).toMatchObject({
      ok: false,
      kind: "order",
    });
    expect(canTransition("exported", "exported", "exporter")).toMatchObject({
      ok: false,
      message: "This batch has been exported: its chain of custody is complete",
    });
    expect(canTransition("split", "warehouse_received", "warehouse_inspector")).toMatchObject({
      ok: false,
      message: "This batch was split into smaller batches: record custody on the new batches instead",
    });
    expect(canTransition("merged", "warehouse_received", "warehouse_inspector")).toMatchObject({
      ok: false,
      kind: "order",
    });
    expect(canTransition("purchased", "harvested", "farmer")).toMatchObject({ ok: false, kind: "order" });
    expect(canTransition("purchased", "shipped", "exporter")).toMatchObject({
      ok: false,
      message: expect.stringContaining('Unknown custody stage "shipped"'),
    });
  });

  it("only the handler of the current stage may split or merge; never after export", () => {
    const ok = (status: string, role: Role) => canHandleAt(status, role, "split").ok;
    expect(ok("purchased", "buyer")).toBe(true);
    expect(ok("warehouse_received", "warehouse_inspector")).toBe(true);
    expect(ok("warehouse_inspected", "warehouse_inspector")).toBe(true);
    expect(ok("port_inspected", "port_inspector")).toBe(true);
    expect(canHandleAt("warehouse_received", "buyer", "merge")).toEqual({
      ok: false,
      kind: "role",
      message:
        "Only a Warehouse Inspector can merge a batch at the warehouse (you are signed in as Agricultural Buyer)",
    });
    expect(canHandleAt("exported", "exporter", "split")).toEqual({
      ok: false,
      kind: "order",
      message: "An exported batch cannot be split: it has left the country",
    });
    expect(canHandleAt("split", "buyer", "merge")).toMatchObject({ ok: false, kind: "order" });
  });
});

describe("transfer weights", () => {
  it("weight in defaults to the recorded weight; a small loss is not flagged", () => {
    expect(checkTransferWeights(1_000_000, undefined, 980_000)).toEqual({
      ok: true,
      weightInG: 1_000_000,
      weightOutG: 980_000,
      lossG: 20_000,
      lossPercent: 2,
      flag: null,
    });
  });

  it("weight out may not exceed weight in", () => {
    expect(checkTransferWeights(1_000_000, 900_000, 950_000)).toEqual({
      ok: false,
      field: "weightOutKg",
      message: "Weight out (950 kg) cannot exceed weight in (900 kg)",
    });
  });

  it("weight in may not exceed the recorded weight: produce cannot be added to a batch", () => {
    expect(checkTransferWeights(1_000_000, 1_200_000, 1_100_000)).toEqual({
      ok: false,
      field: "weightInKg",
      message:
        "Weight in (1,200 kg) cannot exceed the batch's recorded weight (1,000 kg): produce cannot be added to a batch — merge batches instead",
    });
  });

  it(`a loss above ${LOSS_FLAG_PERCENT}% of the recorded weight is flagged with the figures`, () => {
    const r = checkTransferWeights(1_000_000, 960_000, 920_000);
    expect(r).toMatchObject({ ok: true, lossG: 80_000, lossPercent: 8 });
    expect(r.ok && r.flag).toBe(
      "Weight loss of 8% (80 kg) since the last custody point exceeds 5%: check for spillage, theft or moisture loss",
    );
    expect(checkTransferWeights(1_000_000, undefined, 950_000)).toMatchObject({ ok: true, flag: null });
  });

  it("weights must be above zero", () => {
    expect(checkTransferWeights(1_000_000, undefined, 0)).toMatchObject({ ok: false, field: "weightOutKg" });
    expect(checkTransferWeights(1_000_000, 0, 10_000)).toMatchObject({ ok: false, field: "weightInKg" });
  });

  it("compares exact grams: 100.001 kg out of 100.001 kg in is allowed, one gram more is not", () => {
    expect(checkTransferWeights(100_001, undefined, 100_001)).toMatchObject({ ok: true, lossG: 0 });
    expect(checkTransferWeights(100_001, undefined, 100_002)).toMatchObject({
      ok: false,
      message: "Weight out (100.002 kg) cannot exceed weight in (100.001 kg)",
    });
  });
});
