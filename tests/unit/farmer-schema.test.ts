import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { fieldErrors } from "#worker/contracts/auth";
import {
  ageOn,
  FarmerSearchSchema,
  imageTypeOf,
  FARMER_MESSAGES as M,
  MAX_PHOTO_BYTES,
  makeFarmerFormSchema,
  makeFarmerSchema,
  nameKey,
  normaliseLiberianPhone,
  readSearchTerm,
  searchFilter,
} from "#worker/contracts/farmer";

// A fixed "today" so the age rules do not depend on when the test runs.
const TODAY = new Date("2026-06-15T10:00:00Z");
const Schema = makeFarmerSchema(() => TODAY);
const FormSchema = makeFarmerFormSchema(() => TODAY);

const valid = {
  firstName: "Musu",
  lastName: "Kollie",
  gender: "female",
  dateOfBirth: "1985-03-27",
  phone: "0770 123 456",
  county: "Lofa County",
  district: "Voinjama",
  community: "Kolahun",
  crops: ["Coffee", "Cocoa", "Cocoa"],
  nationalId: "lr-1234 5678",
  submissionId: "0b6f7c1e-2d43-4f1a-9b9e-3c2a1d0e5f64",
};

function errorsOf(input: Record<string, unknown>) {
  const r = Schema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
}

describe("FarmerSchema (API body)", () => {
  it("accepts a complete registration and normalises it", () => {
    const r = Schema.parse(valid);
    expect(r).toEqual({
      firstName: "Musu",
      lastName: "Kollie",
      gender: "female",
      dateOfBirth: "1985-03-27",
      phone: "+231 77 012 3456",
      county: "Lofa County",
      district: "Voinjama",
      community: "Kolahun",
      crops: ["Cocoa", "Coffee"],
      nationalId: "LR12345678",
      submissionId: valid.submissionId,
    });
  });

  it("names every missing required field in words the inspector understands", () => {
    expect(errorsOf({})).toEqual({
      firstName: [M.firstName],
      lastName: [M.lastName],
      gender: [M.gender],
      dateOfBirth: [M.dateOfBirth],
      county: [M.county],
      community: [M.community],
      crops: [M.crops],
    });
    expect(M.firstName).toBe("Enter the farmer's first name");
    expect(M.county).toBe("Choose a county");
  });

  it("treats blank text as missing", () => {
    expect(errorsOf({ ...valid, firstName: "   ", community: "" })).toEqual({
      firstName: [M.firstName],
      community: [M.community],
    });
  });

  it("refuses a county or crop that is not on the lists", () => {
    expect(errorsOf({ ...valid, county: "Lofa" })).toEqual({ county: [M.county] });
    expect(errorsOf({ ...valid, crops: ["Cocoa", "Tea"] })).toEqual({ "crops.1": [M.cropUnknown] });
    expect(errorsOf({ ...valid, crops: [] })).toEqual({ crops: [M.crops] });
  });

  it("refuses names with digits or symbols", () => {
    expect(errorsOf({ ...valid, firstName: "Musu2" })).toEqual({ firstName: [M.nameChars("First name")] });
    expect(Schema.parse({ ...valid, lastName: "Gbowee-Tarr  O'Neil" }).lastName).toBe("Gbowee-Tarr O'Neil");
  });

  describe("date of birth", () => {
    it("must be a real date", () => {
      expect(errorsOf({ ...valid, dateOfBirth: "1985-02-30" })).toEqual({ dateOfBirth: [M.dateOfBirthFormat] });
      expect(errorsOf({ ...valid, dateOfBirth: "27/03/1985" })).toEqual({ dateOfBirth: [M.dateOfBirthFormat] });
    });
    it("must be in the past", () => {
      expect(errorsOf({ ...valid, dateOfBirth: "2026-06-15" })).toEqual({ dateOfBirth: [M.dateOfBirthPast] });
      expect(errorsOf({ ...valid, dateOfBirth: "2030-01-01" })).toEqual({ dateOfBirth: [M.dateOfBirthPast] });
    });
    it("the farmer must be at least 16 (the 16th birthday counts)", () => {
      expect(errorsOf({ ...valid, dateOfBirth: "2010-06-16" })).toEqual({ dateOfBirth: [M.dateOfBirthAge] });
      expect(errorsOf({ ...valid, dateOfBirth: "2010-06-15" })).toEqual({});
      expect(M.dateOfBirthAge).toBe("The farmer must be at least 16 years old");
    });
    it("an implausible age is questioned", () => {
      expect(errorsOf({ ...valid, dateOfBirth: "1890-01-01" })).toEqual({ dateOfBirth: [M.dateOfBirthOld] });
    });
    it("ageOn counts whole years", () => {
      expect(ageOn([2000, 2, 29], new Date("2016-02-28T00:00:00Z"))).toBe(15);
      expect(ageOn([2000, 2, 29], new Date("2016-03-01T00:00:00Z"))).toBe(16);
    });
  });

  it("optional fields may be left out, empty or null", () => {
    const { phone: _p, nationalId: _n, district: _d, submissionId: _s, ...rest } = valid;
    for (const input of [rest, { ...valid, phone: "", nationalId: null, district: null }]) {
      const r = Schema.parse(input);
      expect([r.phone, r.nationalId, r.district]).toEqual([undefined, undefined, undefined]);
    }
  });

  it("refuses a national ID that is not letters and digits", () => {
    expect(errorsOf({ ...valid, nationalId: "12" })).toEqual({ nationalId: [M.nationalId] });
    expect(errorsOf({ ...valid, nationalId: "LR#123456" })).toEqual({ nationalId: [M.nationalId] });
  });

  it("refuses a submission ID that is not a UUID", () => {
    expect(errorsOf({ ...valid, submissionId: "1" })).toEqual({ submissionId: [M.submissionId] });
  });
});

describe("Liberian phone numbers", () => {
  it.each([
    ["+231 77 123 4567", "+231 77 123 4567"],
    ["+231771234567", "+231 77 123 4567"],
    ["00231 88 612 3456", "+231 88 612 3456"],
    ["231886123456", "+231 88 612 3456"],
    ["0886 123 456", "+231 88 612 3456"],
    ["0555-123-456", "+231 55 512 3456"],
    ["(077) 012-3456", "+231 77 012 3456"],
    ["22 123 456", "+231 22 123 456"],
    ["4 123 456", "+231 4 123 456"],
  ])("%s → %s", (typed, stored) => {
    expect(normaliseLiberianPhone(typed)).toBe(stored);
  });

  it.each(["+233 24 123 4567", "12345", "0770 12", "phone", "0012 345 6789", "+231 0770 123 456 789"])(
    "refuses %s",
    (typed) => {
      expect(normaliseLiberianPhone(typed)).toBeNull();
      expect(errorsOf({ ...valid, phone: typed })).toEqual({ phone: [M.phone] });
    },
  );
});

describe("the form (conform + FarmerFormSchema)", () => {
  function form(fields: [string, string | File][]) {
    const fd = new FormData();
    for (const [k, v] of fields) fd.append(k, v);
    return fd;
  }
  const base: [string, string][] = [
    ["firstName", "Musu"],
    ["lastName", "Kollie"],
    ["gender", "female"],
    ["dateOfBirth", "1985-03-27"],
    ["county", "Lofa County"],
    ["community", "Kolahun"],
    ["phone", ""],
    ["nationalId", ""],
    ["district", ""],
    ["submissionId", valid.submissionId],
  ];

  it("reads one ticked crop as a list, and several in list order", () => {
    const one = parseWithZod(form([...base, ["crops", "Rubber"]]), { schema: FormSchema });
    expect(one.status).toBe("success");
    if (one.status === "success") expect(one.value.crops).toEqual(["Rubber"]);
    const many = parseWithZod(form([...base, ["crops", "Rubber"], ["crops", "Cocoa"]]), { schema: FormSchema });
    if (many.status === "success") expect(many.value.crops).toEqual(["Cocoa", "Rubber"]);
    else throw new Error("expected success");
  });

  it("an empty file input is no photo", () => {
    const r = parseWithZod(form([...base, ["crops", "Cocoa"], ["photo", new File([], "")]]), { schema: FormSchema });
    expect(r.status).toBe("success");
    if (r.status === "success") expect(r.value.photo).toBeUndefined();
  });

  it("a photo over 2 MB or of another type gets a clear message, and typed values come back", () => {
    const big = new File([new Uint8Array(MAX_PHOTO_BYTES + 1)], "farmer.jpg", { type: "image/jpeg" });
    const r = parseWithZod(form([...base, ["crops", "Cocoa"], ["photo", big]]), { schema: FormSchema });
    expect(r.status).toBe("error");
    expect(r.reply().error).toEqual({ photo: [M.photoSize] });
    expect(r.reply().initialValue).toMatchObject({ firstName: "Musu", county: "Lofa County", crops: "Cocoa" });

    const pdf = new File([new Uint8Array(10)], "id.pdf", { type: "application/pdf" });
    const t = parseWithZod(form([...base, ["crops", "Cocoa"], ["photo", pdf]]), { schema: FormSchema });
    expect(t.reply().error).toEqual({ photo: [M.photoType] });
  });

  it("a photo of exactly 2 MB is accepted", () => {
    const ok = new File([new Uint8Array(MAX_PHOTO_BYTES)], "farmer.png", { type: "image/png" });
    expect(parseWithZod(form([...base, ["crops", "Cocoa"], ["photo", ok]]), { schema: FormSchema }).status).toBe(
      "success",
    );
  });
});

describe("image types by their first bytes", () => {
  it("recognises JPEG, PNG and WebP only", () => {
    expect(imageTypeOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(imageTypeOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(imageTypeOf(new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "))).toBe("image/webp");
    expect(imageTypeOf(new TextEncoder().encode("%PDF-1.7"))).toBeNull();
    expect(imageTypeOf(new TextEncoder().encode("<svg xmlns"))).toBeNull();
  });
});

describe("registry search", () => {
  it("understands IDs (incl. the legacy form), phone numbers and names", () => {
    expect(readSearchTerm("frm-000123")).toEqual({ kind: "farmerId", farmerId: "FRM000123" });
    expect(readSearchTerm("FRM-2024-001")).toEqual({ kind: "farmerId", farmerId: "FRM000001" });
    expect(readSearchTerm("0770 123 456")).toEqual({ kind: "phone", phone: "+231 77 012 3456" });
    expect(readSearchTerm("  Musu   KOL ")).toEqual({ kind: "name", prefix: "musu kol" });
    expect(readSearchTerm("")).toBeUndefined();
  });

  it("nameKey is lower case with single spaces", () => {
    expect(nameKey("Musu ", " Kollie")).toBe("musu kollie");
  });

  it("parses the query string with defaults and limits", () => {
    expect(FarmerSearchSchema.parse({})).toEqual({
      q: undefined,
      county: undefined,
      crop: undefined,
      page: 1,
      pageSize: 25,
    });
    expect(
      FarmerSearchSchema.parse({ q: "kol", county: "Bong County", crop: "Cocoa", page: "3", pageSize: "50" }),
    ).toEqual({
      q: "kol",
      county: "Bong County",
      crop: "Cocoa",
      page: 3,
      pageSize: 50,
    });
    expect(FarmerSearchSchema.parse({ county: "", crop: "" })).toMatchObject({ county: undefined, crop: undefined });
    const bad = FarmerSearchSchema.safeParse({ county: "Atlantis", page: "0", pageSize: "1000" });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(Object.keys(fieldErrors(bad.error)).sort()).toEqual(["county", "page", "pageSize"]);
  });

  it("turns a search into the registry filter", () => {
    expect(searchFilter({ q: "Kollie", county: "Lofa County", crop: "Cocoa" })).toEqual({
      farmerId: undefined,
      phone: undefined,
      namePrefix: "kollie",
      county: "Lofa County",
      crop: "Cocoa",
    });
  });
});
