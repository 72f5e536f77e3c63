import { describe, expect, it } from "vitest";
import { formatMoney, parseMinor, totalForWeight } from "#worker/domain/money";
import { formatKg, kgToGrams, parseKgToGrams } from "#worker/domain/weight";

describe("money in integer minor units", () => {
  it("reads typed amounts without float error", () => {
    expect(parseMinor("12")).toBe(1200);
    expect(parseMinor("0.1")).toBe(10);
    expect(parseMinor("1,250.75")).toBe(125075);
    expect(parseMinor("2.675")).toBeNull();
    expect(parseMinor("-3")).toBeNull();
    expect(parseMinor("abc")).toBeNull();
  });
  it("prints the currency with the amount", () => {
    expect(formatMoney({ amountMinor: 125075, currency: "USD" })).toBe("US$ 1,250.75");
    expect(formatMoney({ amountMinor: 5, currency: "LRD" })).toBe("L$ 0.05");
  });
  it("totals a price per kg over a weight in grams to the cent", () => {
    // 2.35 per kg × 125.5 kg = 294.925 → 294.93
    expect(totalForWeight(235, 125_500)).toBe(29493);
  });
});

describe("weights in integer grams", () => {
  it("reads kilograms typed by a person", () => {
    expect(parseKgToGrams("125.5")).toBe(125_500);
    expect(parseKgToGrams("0.001")).toBe(1);
    expect(parseKgToGrams("1.0005")).toBeNull();
    expect(kgToGrams(0.1 + 0.2)).toBe(300);
  });
  it("prints kilograms without trailing zeros", () => {
    expect(formatKg(125_500)).toBe("125.5 kg");
    expect(formatKg(1_250_000)).toBe("1,250 kg");
  });
});
