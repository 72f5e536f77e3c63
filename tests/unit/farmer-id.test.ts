import { describe, expect, it } from "vitest";
import { farmerNumber, formatFarmerId, isFarmerId, nextFarmerId, normaliseFarmerId } from "#worker/domain/farmer-id";

describe("farmer ID format (FRM + 6 digits)", () => {
  it("formats sequence numbers with leading zeros", () => {
    expect(formatFarmerId(1)).toBe("FRM000001");
    expect(formatFarmerId(123)).toBe("FRM000123");
    expect(formatFarmerId(999_999)).toBe("FRM999999");
  });

  it("refuses numbers the 6 digits cannot hold", () => {
    expect(() => formatFarmerId(0)).toThrow(RangeError);
    expect(() => formatFarmerId(1_000_000)).toThrow("from 1 to 999999");
    expect(() => formatFarmerId(1.5)).toThrow(RangeError);
  });

  it("recognises only the canonical form", () => {
    expect(isFarmerId("FRM000123")).toBe(true);
    for (const bad of ["frm000123", "FRM00123", "FRM0001234", "FRM-000123", "FRM-2024-001", " FRM000123"]) {
      expect(isFarmerId(bad), bad).toBe(false);
    }
    expect(farmerNumber("FRM000123")).toBe(123);
    expect(farmerNumber("FRM-2024-001")).toBeNull();
  });
});

describe("next farmer ID", () => {
  it("starts at FRM000001 and follows the highest issued", () => {
    expect(nextFarmerId(null)).toBe("FRM000001");
    expect(nextFarmerId("FRM000002")).toBe("FRM000003");
    expect(nextFarmerId("FRM000999")).toBe("FRM001000");
  });

  it("stops when the sequence is exhausted", () => {
    expect(() => nextFarmerId("FRM999999")).toThrow(RangeError);
  });
});

describe("normalising what people type when searching", () => {
  it.each([
    ["FRM000123", "FRM000123"],
    ["frm000123", "FRM000123"],
    ["  FRM-000123 ", "FRM000123"],
    ["FRM 000123", "FRM000123"],
    ["frm123", "FRM000123"],
    ["FRM/123", "FRM000123"],
  ])("%s → %s", (typed, id) => {
    expect(normaliseFarmerId(typed)).toBe(id);
  });

  it("reads the legacy FRM-2024-001 form as the farmer's sequence number", () => {
    expect(normaliseFarmerId("FRM-2024-001")).toBe("FRM000001");
    expect(normaliseFarmerId("frm-2025-0042")).toBe("FRM000042");
    expect(normaliseFarmerId("FRM 2024 17")).toBe("FRM000017");
  });

  it("returns null for anything that is not a farmer ID", () => {
    for (const text of [
      "",
      "Kollie",
      "FRM",
      "FRM000000",
      "FRM1234567",
      "FRM2024001",
      "0770123456",
      "BUY-0001",
      "FRM-2024-",
    ]) {
      expect(normaliseFarmerId(text), text).toBeNull();
    }
  });
});
