import { describe, expect, it } from "vitest";
import { checkVolumePlausibility, cropYearOf, shareByArea, yieldFor } from "#worker/domain/volume-plausibility";

describe("yield per hectare", () => {
  it("uses the configured override, else the default, else nothing", () => {
    expect(yieldFor("Cocoa")).toBe(800_000);
    expect(yieldFor("cocoa")).toBe(800_000);
    expect(yieldFor("Cocoa", { Cocoa: 650_000 })).toBe(650_000);
    expect(yieldFor("Oil Palm", { cocoa: 650_000 })).toBe(20_000_000);
    expect(yieldFor("Ginger")).toBeNull();
    expect(yieldFor("Ginger", { Ginger: 9_000_000 })).toBe(9_000_000);
  });
});

describe("crop year", () => {
  it("runs from 1 October to 30 September (ICCO/ICO)", () => {
    expect(cropYearOf("2026-03-14")).toEqual({ label: "2025/26", from: "2025-10-01", to: "2026-09-30" });
    expect(cropYearOf("2025-10-01")).toEqual({ label: "2025/26", from: "2025-10-01", to: "2026-09-30" });
    expect(cropYearOf("2025-09-30")).toEqual({ label: "2024/25", from: "2024-10-01", to: "2025-09-30" });
    expect(cropYearOf("2099-12-01").label).toBe("2099/00");
  });
});

describe("volume plausibility", () => {
  it("a purchase within area × yield is not flagged", () => {
    const r = checkVolumePlausibility({
      crop: "Cocoa",
      weightG: 900000,
      gramsPerHectare: 800000,
      plots: [{ areaHectares: 1.25 }],
      season: "2025/26",
    });
    expect(r).toMatchObject({
      checked: true,
      flagged: false,
      capacityG: 1_000_000,
      remainingG: 1_000_000,
      totalHectares: 1.25,
    });
    expect(r.note).toBe(
      "Purchase of 900 kg is within what the origin plots could yield: 1.25 ha × 800 kg/ha = 1,000 kg in the 2025/26 crop year.",
    );
  });

  it("a purchase above Σ(area × yield) is flagged for inspection, with the figures", () => {
    const r = checkVolumePlausibility({
      crop: "Cocoa",
      weightG: 2500000,
      gramsPerHectare: 800000,
      plots: [{ areaHectares: 1 }, { areaHectares: 1.5 }],
    });
    expect(r).toMatchObject({ checked: true, flagged: true, capacityG: 2_000_000 });
    expect(r.note).toBe(
      "Purchase of 2,500 kg exceeds what the origin plots could yield: 2.5 ha × 800 kg/ha = 2,000 kg this season. Flagged for inspection.",
    );
  });

  it("earlier purchases from the same plots in the season count", () => {
    const r = checkVolumePlausibility({
      crop: "Coffee",
      weightG: 500000,
      gramsPerHectare: 1000000,
      plots: [{ areaHectares: 1, alreadyPurchasedG: 700000 }],
      season: "2025/26",
    });
    expect(r).toMatchObject({ flagged: true, alreadyPurchasedG: 700_000, remainingG: 300_000 });
    expect(r.note).toBe(
      "Purchase of 500 kg exceeds what the origin plots could yield: 1 ha × 1,000 kg/ha = 1,000 kg in the 2025/26 crop year, of which 700 kg already purchased (300 kg left). Flagged for inspection.",
    );
    expect(
      checkVolumePlausibility({
        crop: "Coffee",
        weightG: 300000,
        gramsPerHectare: 1000000,
        plots: [{ areaHectares: 1, alreadyPurchasedG: 700000 }],
      }).flagged,
    ).toBe(false);
  });

  it("exactly the capacity is plausible", () => {
    expect(
      checkVolumePlausibility({ crop: "Cocoa", weightG: 800000, gramsPerHectare: 800000, plots: [{ areaHectares: 1 }] })
        .flagged,
    ).toBe(false);
  });

  it("an unknown yield means the volume is not checked, and says so", () => {
    const r = checkVolumePlausibility({
      crop: "Ginger",
      weightG: 99999000,
      gramsPerHectare: null,
      plots: [{ areaHectares: 0.5 }],
    });
    expect(r).toMatchObject({ checked: false, flagged: false, capacityG: null });
    expect(r.note).toBe("Volume not checked: no yield per hectare is configured for Ginger");
  });
});

describe("sharing a purchase between plots", () => {
  it("is proportional to area and adds up exactly", () => {
    expect(shareByArea(1_000_000, [1, 3])).toEqual([250_000, 750_000]);
    const thirds = shareByArea(100_000, [1, 1, 1]);
    expect(thirds).toEqual([33_333, 33_333, 33_334]);
    expect(thirds.reduce((s, v) => s + v, 0)).toBe(100_000);
    expect(shareByArea(100_001, [1, 2])).toEqual([33_334, 66_667]);
    expect(shareByArea(10_000, [])).toEqual([]);
  });
});
