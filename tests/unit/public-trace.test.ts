import { describe, expect, it } from "vitest";
import { BATCH_CODE_PATTERN, batchCodePrefix, nextBatchCodes } from "#worker/domain/batch-code";
import { coarsenOrigins } from "#worker/domain/public-trace";

describe("coarsened origins", () => {
  it("groups plots into 0.1° cells with counts and keeps no decimals beyond one", () => {
    const cells = coarsenOrigins([
      { lon: -9.472311, lat: 6.995412 },
      { lon: -9.438876, lat: 6.912345 },
      { lon: -9.512001, lat: 7.021456 },
    ]);
    expect(cells).toEqual([
      { west: -9.6, south: 7, plots: 1 },
      { west: -9.5, south: 6.9, plots: 2 },
    ]);
    expect(JSON.stringify(cells)).not.toMatch(/\d\.\d{2,}/);
  });

  it("ignores positions that are not numbers", () => {
    expect(coarsenOrigins([{ lon: Number.NaN, lat: 6.5 }])).toEqual([]);
  });
});

describe("batch codes", () => {
  it("are readable, fixed-width and follow the highest code issued", () => {
    const prefix = batchCodePrefix("Cocoa", 2026);
    expect(prefix).toBe("LR-COC-2026-");
    expect(nextBatchCodes(prefix, null)).toEqual(["LR-COC-2026-000001"]);
    expect(nextBatchCodes(prefix, "LR-COC-2026-000123", 2)).toEqual(["LR-COC-2026-000124", "LR-COC-2026-000125"]);
    expect(batchCodePrefix("Oil Palm", 2027)).toBe("LR-OPL-2027-");
    expect(BATCH_CODE_PATTERN.test("LR-COF-2026-000001")).toBe(true);
    expect(() => nextBatchCodes(prefix, "LR-COC-2026-999999")).toThrow(RangeError);
  });
});
