import { describe, expect, it } from "vitest";
import { pricePaid } from "#worker/services/registry/farmer-dashboard";

// What the farmer's dashboard says she was paid for a sale: price × what was weighed
// from her plots at the purchase, not the batch's later weight.
describe("pricePaid", () => {
  it("keeps the weight she sold when the batch is weighed lighter at the warehouse", () => {
    // Sold 320 kg at US$ 2.40; received at the warehouse as 318 kg.
    expect(pricePaid({ weightG: 318_000, fromMyPlotsG: 320_000, pricePerKgMinor: 240, currency: "USD" })).toEqual({
      amountMinor: 76_800,
      currency: "USD",
    });
  });

  it("counts only her share of a batch bought from several farmers", () => {
    expect(pricePaid({ weightG: 500_000, fromMyPlotsG: 200_000, pricePerKgMinor: 250, currency: "USD" })).toEqual({
      amountMinor: 50_000,
      currency: "USD",
    });
  });

  it("says nothing when the buyer recorded no price", () => {
    expect(pricePaid({ weightG: 500_000, fromMyPlotsG: 500_000, pricePerKgMinor: null, currency: null })).toBeNull();
  });
});
