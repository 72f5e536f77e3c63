import { describe, expect, it } from "vitest";
import { safeRedirect } from "#app/lib/safe-redirect";

describe("safeRedirect (issue 11 F1, F10)", () => {
  it.each([
    ["/monitoring-dashboard", "/monitoring-dashboard"],
    ["/farmers-list?page=2&county=Bong+County", "/farmers-list?page=2&county=Bong+County"],
    ["/batches/COC-2026-000001#custody", "/batches/COC-2026-000001#custody"],
    ["/a/../dg-dashboard", "/dg-dashboard"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    ["//evil.example"],
    ["/\\evil.example"],
    ["/\t/evil.example"],
    ["/\t\\evil.example"],
    ["/\n/evil.example"],
    ["/\r\n/evil.example"],
    ["/%09/evil.example".replace("%09", "\t")],
    ["\\/evil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    ["evil.example"],
    [""],
    ["/x\u0000y"],
    [`/${"a".repeat(3000)}`],
    [null],
    [42],
  ])("refuses %j", (input) => {
    expect(safeRedirect(input)).toBeNull();
  });
});
