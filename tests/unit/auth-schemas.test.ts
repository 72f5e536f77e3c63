import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  AgritraceAdminLoginSchema,
  BuyerLoginSchema,
  ChangePasswordSchema,
  ExporterLoginSchema,
  FarmerLoginSchema,
  FarmerPortalLoginSchema,
  fieldErrors,
  OfficeLoginSchema,
} from "#worker/contracts/auth";
import { SPEC_COUNTIES } from "./spec-fixtures";

/** The field errors a form would show for `input` (empty object when valid). */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

function dataOf<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`expected valid input, got ${JSON.stringify(fieldErrors(result.error))}`);
  return result.data;
}

const PASSWORD_MIN = "Password must be at least 6 characters";

const COUNTIES = SPEC_COUNTIES;

describe("FarmerLoginSchema (docs/product.md §5 farmer form)", () => {
  it("requires the farmer ID and a 6-character password, with the spec's messages", () => {
    expect(errorsOf(FarmerLoginSchema, { farmerId: "", password: "12345" })).toEqual({
      farmerId: ["Farmer ID is required"],
      password: [PASSWORD_MIN],
    });
    expect(errorsOf(FarmerLoginSchema, {})).toEqual({ farmerId: ["Farmer ID is required"], password: [PASSWORD_MIN] });
    expect(errorsOf(FarmerLoginSchema, { farmerId: "   ", password: "123456" })).toEqual({
      farmerId: ["Farmer ID is required"],
    });
  });

  it("accepts exactly 6 characters, with county and phone number optional", () => {
    expect(dataOf(FarmerLoginSchema, { farmerId: "FRM123456", password: "123456" })).toEqual({
      farmerId: "FRM123456",
      password: "123456",
    });
    expect(
      dataOf(FarmerLoginSchema, { farmerId: " FRM123456 ", password: "123456", county: "", phoneNumber: "" }),
    ).toEqual({
      farmerId: "FRM123456",
      password: "123456",
    });
  });

  it("accepts each of the 15 counties and nothing else", () => {
    for (const county of COUNTIES) {
      expect(dataOf(FarmerLoginSchema, { farmerId: "FRM123456", password: "123456", county }).county).toBe(county);
    }
    for (const county of ["Montserrado", "Monrovia County", "montserrado county", "Accra County"]) {
      expect(Object.keys(errorsOf(FarmerLoginSchema, { farmerId: "FRM123456", password: "123456", county }))).toEqual([
        "county",
      ]);
    }
  });

  it("accepts a phone number like +231 77 123 4567 and refuses letters", () => {
    expect(
      dataOf(FarmerLoginSchema, { farmerId: "FRM123456", password: "123456", phoneNumber: "+231 77 123 4567" })
        .phoneNumber,
    ).toBe("+231 77 123 4567");
    expect(errorsOf(FarmerLoginSchema, { farmerId: "FRM123456", password: "123456", phoneNumber: "call me" })).toEqual({
      phoneNumber: ["Enter a phone number like +231 77 123 4567"],
    });
  });
});

describe("BuyerLoginSchema (docs/product.md §5 buyer form)", () => {
  it("requires the buyer ID and a 6-character password", () => {
    expect(errorsOf(BuyerLoginSchema, { buyerId: "", password: "abc" })).toEqual({
      buyerId: ["Buyer ID is required"],
      password: [PASSWORD_MIN],
    });
  });

  it("leaves company name and phone number optional", () => {
    expect(
      dataOf(BuyerLoginSchema, { buyerId: "BYR-001", password: "secret1", companyName: "", phoneNumber: "" }),
    ).toEqual({
      buyerId: "BYR-001",
      password: "secret1",
    });
    expect(
      dataOf(BuyerLoginSchema, { buyerId: "BYR-001", password: "secret1", companyName: "Liberia Cocoa Ltd" })
        .companyName,
    ).toBe("Liberia Cocoa Ltd");
  });
});

describe("FarmerPortalLoginSchema (docs/product.md §5 farmer-only portal)", () => {
  it("asks for both fields with one message", () => {
    const both = "Please enter both login ID and password";
    expect(errorsOf(FarmerPortalLoginSchema, { credentialId: "", password: "" })).toEqual({
      credentialId: [both],
      password: [both],
    });
    expect(errorsOf(FarmerPortalLoginSchema, { credentialId: "FRM123456" })).toEqual({ password: [both] });
    expect(errorsOf(FarmerPortalLoginSchema, { password: "x" })).toEqual({ credentialId: [both] });
    expect(errorsOf(FarmerPortalLoginSchema, { credentialId: "FRM123456", password: "x" })).toEqual({});
  });
});

describe("ExporterLoginSchema (docs/product.md §5 exporter)", () => {
  it("asks for both exporter ID and password", () => {
    const both = "Please enter both exporter ID and password";
    expect(errorsOf(ExporterLoginSchema, { username: "", password: "" })).toEqual({
      username: [both],
      password: [both],
    });
    expect(errorsOf(ExporterLoginSchema, { username: "EXP-1" })).toEqual({ password: [both] });
    expect(errorsOf(ExporterLoginSchema, { username: "EXP-1", password: "p" })).toEqual({});
  });
});

describe("OfficeLoginSchema (docs/product.md §5 office login)", () => {
  it("requires username, a 6-character password and a role", () => {
    expect(errorsOf(OfficeLoginSchema, { username: "", password: "12345", role: "" })).toEqual({
      username: ["Username is required"],
      password: [PASSWORD_MIN],
      role: ["Role selection is required"],
    });
  });

  it("leaves the department optional and accepts the five departments", () => {
    const base = { username: "office.admin", password: "secret1", role: "office_admin" };
    expect(dataOf(OfficeLoginSchema, base).department).toBeUndefined();
    expect(dataOf(OfficeLoginSchema, { ...base, department: "" }).department).toBeUndefined();
    for (const department of [
      "office_admin",
      "document_management",
      "archive_services",
      "workflow_management",
      "administrative_support",
    ]) {
      expect(dataOf(OfficeLoginSchema, { ...base, department }).department).toBe(department);
    }
    expect(Object.keys(errorsOf(OfficeLoginSchema, { ...base, department: "finance" }))).toEqual(["department"]);
  });
});

describe("AgritraceAdminLoginSchema (docs/product.md §5 agritrace admin)", () => {
  it("requires username, a 6-character password and the system access code", () => {
    expect(errorsOf(AgritraceAdminLoginSchema, { username: "", password: "12345", accessCode: "" })).toEqual({
      username: ["Username is required"],
      password: [PASSWORD_MIN],
      accessCode: ["System access code is required"],
    });
    expect(
      errorsOf(AgritraceAdminLoginSchema, { username: "admin", password: "123456", accessCode: "AGRI-2024" }),
    ).toEqual({});
  });
});

describe("ChangePasswordSchema", () => {
  it("reports mismatched new passwords on the confirmation field", () => {
    expect(
      errorsOf(ChangePasswordSchema, {
        currentPassword: "old-pass",
        newPassword: "new-pass-1",
        confirmPassword: "new-pass-2",
      }),
    ).toEqual({ confirmPassword: ["The new passwords do not match"] });
  });

  it("accepts matching passwords and applies the 6-character minimum to the new one", () => {
    expect(
      errorsOf(ChangePasswordSchema, {
        currentPassword: "old-pass",
        newPassword: "new-pass-1",
        confirmPassword: "new-pass-1",
      }),
    ).toEqual({});
    expect(
      errorsOf(ChangePasswordSchema, { currentPassword: "old-pass", newPassword: "short", confirmPassword: "short" }),
    ).toEqual({
      newPassword: [PASSWORD_MIN],
    });
    expect(
      errorsOf(ChangePasswordSchema, { currentPassword: "", newPassword: "new-pass-1", confirmPassword: "new-pass-1" }),
    ).toEqual({
      currentPassword: ["Password is required"],
    });
  });
});

describe("fieldErrors", () => {
  it("groups messages by field path and uses 'form' for form-level issues", () => {
    const fake = {
      issues: [
        { path: ["password"], message: "a" },
        { path: ["password"], message: "b" },
        { path: [], message: "c" },
        { path: ["address", "county"], message: "d" },
      ],
    } as unknown as z.ZodError;
    expect(fieldErrors(fake)).toEqual({ password: ["a", "b"], form: ["c"], "address.county": ["d"] });
  });
});
