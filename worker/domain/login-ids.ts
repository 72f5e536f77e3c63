/**
 * The shapes of a login ID and a phone number, shared by account creation on the administrator's
 * pages and /api/users (worker/contracts/users.ts) and by `npm run user:create`
 * (scripts/create-user-options.ts), which Node runs directly: keep this file free of imports
 * beyond relative `.ts` ones.
 */
export { FARMER_ID_PATTERN as FARMER_ID } from "./farmer-id.ts";

/** An exporter's login ID: EXP-YYYYMMDD-NNN, the date of registration then a number. */
export const EXPORTER_ID = /^EXP-(\d{4})(\d{2})(\d{2})-(\d{3})$/;
/** Every other role's login ID: letters, digits and . _ @ -, starting with a letter or digit. */
export const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._@-]*$/;
export const PHONE = /^\+?[\d\s-]{7,20}$/;

/** True when year, month and day name a day of the calendar (2026-02-30 does not). */
export function isRealDate(y: number, m: number, d: number) {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
