import { describe, expect, it } from "vitest";
import type { LicenceRow } from "#db/queries/licensing";
import { licenceRefusal } from "#worker/services/licensing/require-licence";

const licence = (over: Partial<LicenceRow> = {}): LicenceRow => ({
  id: "l-1",
  number: "LR-LIC-BUY-2026-000001",
  type: "buyer",
  applicantId: "demo-buyer",
  status: "issued",
  companyName: "Bong Cocoa Traders",
  county: null,
  note: null,
  createdBy: "demo-buyer",
  validFrom: "2026-01-01",
  validUntil: "2026-12-31",
  statusReason: null,
  version: 6,
  commodities: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

describe("licenceRefusal (ADR 029)", () => {
  it("allows an issued licence within its validity, both end days included, for any commodity when none is named", () => {
    expect(licenceRefusal(licence(), "purchase", "Cocoa", "2026-01-01")).toBeNull();
    expect(licenceRefusal(licence(), "purchase", "Rubber", "2026-12-31")).toBeNull();
  });

  it("names the licence and its state", () => {
    expect(
      licenceRefusal(licence({ status: "suspended", statusReason: "Fee overdue" }), "listing", "Cocoa", "2026-06-01"),
    ).toBe(
      "Buyer licence LR-LIC-BUY-2026-000001 is suspended (Fee overdue): you cannot list a lot in the sellers hub until it is reinstated",
    );
    expect(licenceRefusal(licence(), "purchase", "Cocoa", "2027-01-01")).toBe(
      "Buyer licence LR-LIC-BUY-2026-000001 expired on 2026-12-31: you cannot record a purchase until it is renewed",
    );
    expect(licenceRefusal(licence(), "purchase", "Cocoa", "2025-12-31")).toBe(
      "Buyer licence LR-LIC-BUY-2026-000001 is valid only from 2026-01-01: you cannot record a purchase before then",
    );
    expect(licenceRefusal(licence({ status: "revoked" }), "dispatch", "Cocoa", "2026-06-01")).toMatch(
      /^Buyer licence LR-LIC-BUY-2026-000001 is revoked: you cannot send a batch to a warehouse/,
    );
    expect(licenceRefusal(licence({ status: "submitted", number: null }), "purchase", "Cocoa", "2026-06-01")).toBe(
      "Your buyer licence application is submitted, not issued: you cannot record a purchase until a licence is issued",
    );
  });

  it("refuses a commodity the licence does not cover", () => {
    const coffee = licence({ commodities: JSON.stringify(["Coffee"]) });
    expect(licenceRefusal(coffee, "purchase", "coffee", "2026-06-01")).toBeNull();
    expect(licenceRefusal(coffee, "purchase", "Cocoa", "2026-06-01")).toBe(
      "Buyer licence LR-LIC-BUY-2026-000001 does not cover Cocoa (it covers Coffee): you cannot record a purchase for Cocoa",
    );
  });
});
