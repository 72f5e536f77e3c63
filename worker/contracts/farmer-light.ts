/**
 * Client-light constants of ./farmer.ts (no zod): what the pages need in the browser, so their first-load
 * JavaScript stays within budget. ./farmer.ts re-exports them unchanged.
 */

export const GENDERS = ["female", "male"] as const;
export const GENDER_LABEL: Record<(typeof GENDERS)[number], string> = { female: "Female", male: "Male" };
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** The fields of the form, in page order (error summary order). */
export const FARMER_FIELDS = [
  "firstName",
  "lastName",
  "gender",
  "dateOfBirth",
  "phone",
  "nationalId",
  "county",
  "district",
  "community",
  "crops",
  "photo",
] as const;
