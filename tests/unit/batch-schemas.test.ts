import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { DdsSchema, MergeSchema, PurchaseSchema, SplitSchema, TransferSchema } from "#worker/contracts/batches";

const form = (entries: [string, string][]) => {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
};

describe("purchase form (JavaScript off: plain form fields)", () => {
  it("reads one farmer, ticked plots, numbers and optional GPS", () => {
    const s = parseWithZod(
      form([
        ["farmerIds", "frm100001"],
        ["plotCodes", "plt-100001-01"],
        ["plotCodes", "PLT-100001-02"],
        ["commodity", "Cocoa"],
        ["weightKg", "450.5"],
        ["grade", "A+"],
        ["harvestDate", "2026-01-15"],
        ["latitude", ""],
        ["longitude", ""],
        ["location", "Gbarnga market"],
        ["note", ""],
      ]),
      { schema: PurchaseSchema },
    );
    expect(s.status).toBe("success");
    expect(s.status === "success" && s.value).toEqual({
      farmerIds: ["FRM100001"],
      plotCodes: ["PLT-100001-01", "PLT-100001-02"],
      commodity: "Cocoa",
      // Typed in kg, parsed to integer grams (ADR 020).
      weightG: 450_500,
      grade: "A+",
      harvestDate: "2026-01-15",
      location: "Gbarnga market",
    });
  });

  it("says what is missing, in words", () => {
    const s = parseWithZod(
      form([
        ["farmerIds", "FRM100001"],
        ["weightKg", "-3"],
        ["harvestDate", "2999-01-01"],
        ["latitude", "6.9"],
      ]),
      { schema: PurchaseSchema },
    );
    expect(s.status).toBe("error");
    const errors = s.status === "error" ? s.error : {};
    expect(errors).toMatchObject({
      plotCodes: ["Choose at least one origin plot"],
      commodity: ["Choose the commodity"],
      weightKg: ["Enter the weight in kg, a number above 0"],
      grade: ["Choose a quality grade from A+ to F"],
      harvestDate: ["The harvest date cannot be in the future"],
      location: ["Enter the place (town or facility) where the batch was bought"],
    });
  });

  it("GPS needs both numbers or neither (API)", () => {
    const r = PurchaseSchema.safeParse({
      farmerIds: ["FRM100001"],
      plotCodes: ["PLT-100001-01"],
      commodity: "Coffee",
      weightKg: 10,
      grade: "B",
      harvestDate: "2026-01-15",
      latitude: 6.5,
      location: "Voinjama",
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["longitude", "Enter both latitude and longitude, or neither"],
    ]);
  });
});

describe("other batch actions", () => {
  it("transfer: only the steps after the purchase", () => {
    expect(TransferSchema.safeParse({ toStatus: "purchased", weightOutKg: 10, location: "Gbarnga" }).success).toBe(
      false,
    );
    expect(
      TransferSchema.parse({ toStatus: "warehouse_received", weightOutKg: 990, location: "Gbarnga warehouse" }),
    ).toEqual({
      toStatus: "warehouse_received",
      weightOutG: 990_000,
      location: "Gbarnga warehouse",
    });
  });

  it("split: weights typed with commas, or sent as an array", () => {
    expect(SplitSchema.parse({ weights: "400, 350.5" }).weights).toEqual([400_000, 350_500]);
    expect(SplitSchema.parse({ weights: [600, 400] }).weights).toEqual([600_000, 400_000]);
    expect(SplitSchema.parse({ weights: "33.334, 66.667" }).weights).toEqual([33_334, 66_667]);
    expect(SplitSchema.safeParse({ weights: "400" }).error?.issues[0]?.message).toBe(
      "Enter the weights of at least two new batches, separated by commas, like 400, 350",
    );
    expect(SplitSchema.safeParse({ weights: "400, abc" }).error?.issues[0]?.message).toBe(
      "Each weight must be a number above 0, like 400 or 350.5",
    );
    expect(SplitSchema.safeParse({ weights: "400, 350.1234" }).error?.issues[0]?.message).toBe(
      "Weights are recorded to the gram: enter kg with at most 3 decimals, like 125.5 or 80.125",
    );
  });

  it("weights in kg become exact integer grams; more than 3 decimals is refused with a clear message", () => {
    const purchase = {
      farmerIds: ["FRM100001"],
      plotCodes: ["PLT-100001-01"],
      commodity: "Cocoa",
      grade: "A",
      harvestDate: "2026-01-15",
      location: "Gbarnga",
    };
    expect(PurchaseSchema.parse({ ...purchase, weightKg: 125.5 }).weightG).toBe(125_500);
    expect(PurchaseSchema.parse({ ...purchase, weightKg: 100.001 }).weightG).toBe(100_001);
    const r = PurchaseSchema.safeParse({ ...purchase, weightKg: 125.0005 });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["weightKg", "Weights are recorded to the gram: enter kg with at most 3 decimals, like 125.5 or 80.125"],
    ]);
  });

  it("merge: two different codes at least", () => {
    expect(MergeSchema.parse({ batchCodes: ["lr-coc-2026-000001", "LR-COC-2026-000002"] }).batchCodes).toEqual([
      "LR-COC-2026-000001",
      "LR-COC-2026-000002",
    ]);
    expect(
      MergeSchema.safeParse({ batchCodes: ["LR-COC-2026-000001", "lr-coc-2026-000001"] }).error?.issues[0]?.message,
    ).toBe("Choose at least two different batches to merge");
  });

  it("DDS numbers: letters and digits, normalised to capitals", () => {
    expect(DdsSchema.parse({ ddsReference: " 25lrxq4k3p5581 ", ddsVerification: "kyrpjki6" })).toEqual({
      ddsReference: "25LRXQ4K3P5581",
      ddsVerification: "KYRPJKI6",
    });
    expect(DdsSchema.safeParse({ ddsReference: "<script>", ddsVerification: "KYRPJKI6" }).success).toBe(false);
    expect(DdsSchema.safeParse({ ddsReference: "25LRXQ4K3P5581", ddsVerification: "ab" }).success).toBe(false);
  });
});
