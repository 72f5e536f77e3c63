import { describe, expect, it } from "vitest";
import { fieldErrors } from "#worker/contracts/field-errors";
import { PricePointSchema } from "#worker/contracts/market";

describe("price contract", () => {
  it("an empty or malformed date gets one message, not two", () => {
    for (const date of ["", "2026-02-30", "yesterday"]) {
      const r = PricePointSchema.safeParse({
        commodity: "cocoa",
        date,
        source: "ICCO",
        unit: "tonne",
        amountMinor: 100,
      });
      expect(r.success).toBe(false);
      expect(!r.success && fieldErrors(r.error).date).toEqual(["Enter the date as YYYY-MM-DD, like 2026-03-14"]);
    }
  });
});
