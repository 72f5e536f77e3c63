/**
 * The farmer registration form and the registry search, one zod schema each, shared
 * by the browser (conform), the page actions/loaders and the JSON API. Messages live here once.
 */
import { z } from "zod";
import { COUNTIES } from "../content/counties";
import { CROPS } from "../domain/commodities";
import { normaliseFarmerId } from "../domain/farmer-id";
import { FARMER_FIELDS, GENDER_LABEL, GENDERS, PHOTO_TYPES } from "./farmer-light";
import { optionalChoice } from "./optional-text";

export { FARMER_FIELDS, GENDER_LABEL, GENDERS, PHOTO_TYPES };

/** Farmers register from 16 (the age the regulator licenses a farmer in their own name). */
export const MIN_FARMER_AGE = 16;
export const MAX_FARMER_AGE = 120;
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

export const FARMER_MESSAGES = {
  firstName: "Enter the farmer's first name",
  lastName: "Enter the farmer's last name",
  nameChars: (field: string) => `${field} can only include letters, spaces, hyphens, full stops and apostrophes`,
  nameLength: (field: string) => `${field} must be 60 characters or fewer`,
  gender: "Choose the farmer's gender",
  dateOfBirth: "Enter the farmer's date of birth",
  dateOfBirthFormat: "Enter the date of birth as a real date, for example 1985-03-27",
  dateOfBirthPast: "Date of birth must be in the past",
  dateOfBirthAge: `The farmer must be at least ${MIN_FARMER_AGE} years old`,
  dateOfBirthOld: `Check the date of birth: the farmer would be over ${MAX_FARMER_AGE} years old`,
  phone: "Enter a Liberian phone number, like +231 77 123 4567 or 0886 123 456",
  county: "Choose a county",
  district: "District must be 80 characters or fewer",
  community: "Enter the farmer's community or town",
  communityLength: "Community must be 80 characters or fewer",
  crops: "Choose at least one crop",
  cropUnknown: "Choose crops from the list",
  nationalId: "Enter the national ID number as printed on the card: 5 to 20 letters and digits",
  photoSize: "The photo must be 2 MB or smaller",
  photoType: "The photo must be a JPEG, PNG or WebP image",
  submissionId: "The form could not be matched to a registration. Reload the page and try again.",
  duplicateNationalId: (farmerId: string) => `This national ID number is already registered to farmer ${farmerId}`,
} as const;

const M = FARMER_MESSAGES;

/**
 * A Liberian number in the form stored and shown: "+231 77 123 4567". Accepts +231 / 00231 /
 * 231 / 0 prefixes, spaces, dashes, dots and brackets. National numbers are 7 to 9 digits
 * (mobile 77/88/55… have 9; older fixed and mobile numbers 7 or 8). Null when not a number.
 */
export function normaliseLiberianPhone(input: string): string | null {
  if (!/^[\d\s+().-]+$/.test(input.trim())) return null;
  let digits = input.replace(/\D/g, "");
  if (input.trim().startsWith("+")) {
    if (!digits.startsWith("231")) return null;
    digits = digits.slice(3);
  } else if (digits.startsWith("00231")) digits = digits.slice(5);
  else if (digits.startsWith("231") && digits.length >= 10) digits = digits.slice(3);
  if (digits.startsWith("0")) digits = digits.slice(1);
  if (!/^[2-9]\d{6,8}$/.test(digits)) return null;
  const groups =
    digits.length === 9
      ? [digits.slice(0, 2), digits.slice(2, 5), digits.slice(5)]
      : digits.length === 8
        ? [digits.slice(0, 2), digits.slice(2, 5), digits.slice(5)]
        : [digits.slice(0, 1), digits.slice(1, 4), digits.slice(4)];
  return `+231 ${groups.join(" ")}`;
}

/** yyyy-mm-dd → [y, m, d] when it names a real calendar day. */
function calendarDate(value: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? [y, mo, d] : null;
}

/** Whole years between a birth date and `today` (UTC; Liberia is on UTC all year). */
export function ageOn(birth: [number, number, number], today: Date): number {
  const [y, m, d] = birth;
  const ty = today.getUTCFullYear();
  const tm = today.getUTCMonth() + 1;
  const td = today.getUTCDate();
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

const requiredName = (label: string, message: string) =>
  z
    .string({ error: message })
    .trim()
    // abort: a blank name gets one message, not also the one about characters.
    .min(1, { error: message, abort: true })
    .max(60, M.nameLength(label))
    .regex(/^[\p{L}\p{M}][\p{L}\p{M}'\u2019 .-]*$/u, M.nameChars(label))
    .transform((v) => v.replace(/\s+/g, " "));

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v.replace(/\s+/g, " ") : undefined));

/** The registration fields, as the API receives them (JSON) and the form posts them. */
export function makeFarmerSchema(now: () => Date = () => new Date()) {
  return z.object({
    firstName: requiredName("First name", M.firstName),
    lastName: requiredName("Last name", M.lastName),
    gender: z.enum(GENDERS, { error: M.gender }),
    dateOfBirth: z
      .string({ error: M.dateOfBirth })
      .trim()
      .min(1, { error: M.dateOfBirth, abort: true })
      .superRefine((value, ctx) => {
        const date = calendarDate(value);
        if (!date) return void ctx.addIssue({ code: "custom", message: M.dateOfBirthFormat });
        const today = now();
        const birth = Date.UTC(date[0], date[1] - 1, date[2]);
        const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
        if (birth >= todayUtc) return void ctx.addIssue({ code: "custom", message: M.dateOfBirthPast });
        const age = ageOn(date, today);
        if (age < MIN_FARMER_AGE) ctx.addIssue({ code: "custom", message: M.dateOfBirthAge });
        else if (age > MAX_FARMER_AGE) ctx.addIssue({ code: "custom", message: M.dateOfBirthOld });
      }),
    phone: z
      .string()
      .trim()
      .nullish()
      .transform((value, ctx) => {
        if (!value) return undefined;
        const phone = normaliseLiberianPhone(value);
        if (!phone) {
          ctx.addIssue({ code: "custom", message: M.phone });
          return z.NEVER;
        }
        return phone;
      }),
    county: z.enum(COUNTIES, { error: M.county }),
    district: optionalText(80, M.district),
    community: z
      .string({ error: M.community })
      .trim()
      .min(1, { error: M.community, abort: true })
      .max(80, M.communityLength)
      .transform((v) => v.replace(/\s+/g, " ")),
    crops: z
      .array(z.enum(CROPS, { error: M.cropUnknown }), { error: M.crops })
      .min(1, M.crops)
      .max(CROPS.length, M.cropUnknown)
      // Stored in the list's order, once each, whatever order the boxes were ticked in.
      .transform((list) => CROPS.filter((c) => list.includes(c))),
    nationalId: z
      .string()
      .trim()
      .nullish()
      .transform((value, ctx) => {
        if (!value) return undefined;
        const compact = value.replace(/[\s-]/g, "").toUpperCase();
        if (!/^[A-Z0-9]{5,20}$/.test(compact)) {
          ctx.addIssue({ code: "custom", message: M.nationalId });
          return z.NEVER;
        }
        return compact;
      }),
    /** Idempotency key: the form's hidden field (made by the loader), or an API client's own UUID. */
    submissionId: z.uuid({ error: M.submissionId }).optional(),
  });
}

export const FarmerSchema = makeFarmerSchema();
export type FarmerInput = z.output<typeof FarmerSchema>;

const photo = z
  .file()
  .max(MAX_PHOTO_BYTES, M.photoSize)
  .mime([...PHOTO_TYPES], M.photoType)
  .optional();

/**
 * The image type a file's first bytes show (JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A,
 * WebP "RIFF"…"WEBP"), or null: the server stores and serves only what it has recognised.
 */
export function imageTypeOf(head: Uint8Array): (typeof PHOTO_TYPES)[number] | null {
  const at = (i: number, bytes: number[]) => bytes.every((b, j) => head[i + j] === b);
  if (at(0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return "image/webp";
  return null;
}

/** The /onboard-farmer form: the registration fields plus an optional photo. */
export function makeFarmerFormSchema(now?: () => Date) {
  return makeFarmerSchema(now).extend({ photo });
}
export const FarmerFormSchema = makeFarmerFormSchema();

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** What the search box holds, understood: a farmer ID, a phone number or the start of a name. */
export type SearchTerm =
  | { kind: "farmerId"; farmerId: string }
  | { kind: "phone"; phone: string }
  | { kind: "name"; prefix: string };

/**
 * Reads the search box. "FRM000123", "frm-123" and the legacy "FRM-2024-001" are IDs; text of
 * digits with at least 7 of them is a phone; anything else is the start of a first or last name
 * (lower case, single spaces — the form `nameKey`/`lastNameKey` are stored in).
 */
export function readSearchTerm(q: string | undefined): SearchTerm | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const farmerId = normaliseFarmerId(text);
  if (farmerId) return { kind: "farmerId", farmerId };
  if (/^[\d\s+().-]+$/.test(text) && text.replace(/\D/g, "").length >= 7) {
    const phone = normaliseLiberianPhone(text);
    // A number that is not a valid Liberian one matches no farmer: search it as typed.
    return { kind: "phone", phone: phone ?? text };
  }
  return { kind: "name", prefix: nameKey(text) };
}

/** The registry filter (db/queries/farmers.ts FarmerFilter) for a parsed search. */
export function searchFilter(search: Pick<FarmerSearch, "q" | "county" | "crop">) {
  const term = readSearchTerm(search.q);
  return {
    farmerId: term?.kind === "farmerId" ? term.farmerId : undefined,
    phone: term?.kind === "phone" ? term.phone : undefined,
    namePrefix: term?.kind === "name" ? term.prefix : undefined,
    county: search.county,
    crop: search.crop,
  };
}

/** lower("first last") with single spaces: the value of farmers.name_key (and, reversed, last_name_key). */
export function nameKey(...parts: string[]): string {
  return parts.join(" ").trim().replace(/\s+/g, " ").toLowerCase();
}

const positiveInt = (fallback: number, max: number, message: string) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return fallback;
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

/** GET /farmers-list and GET /api/farmers query parameters. */
export const FarmerSearchSchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, "Search text must be 100 characters or fewer")
    .optional()
    .transform((v) => (v ? v : undefined)),
  county: optionalChoice(COUNTIES, "Choose a county from the list"),
  crop: optionalChoice(CROPS, "Choose a crop from the list"),
  page: positiveInt(1, 100_000, "page must be a whole number of 1 or more"),
  pageSize: positiveInt(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`),
});
export type FarmerSearch = z.output<typeof FarmerSearchSchema>;
