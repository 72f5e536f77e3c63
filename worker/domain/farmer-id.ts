/**
 * Farmer IDs (docs/product.md §3/§8): "FRM" followed by 6 digits, e.g. FRM000123, issued in one national
 * sequence. The spec also shows an older display form, FRM-2024-001 (registration year and a
 * per-year number); people still type it, so search accepts it (see `normaliseFarmerId`).
 */

export const FARMER_ID_PREFIX = "FRM";
export const FARMER_ID_DIGITS = 6;
export const FARMER_ID_PATTERN = /^FRM\d{6}$/;
/** The highest number the 6-digit format can hold. */
export const MAX_FARMER_NUMBER = 999_999;

/** True for a canonical farmer ID (capitals, no separators): FRM000123. */
export function isFarmerId(value: string): boolean {
  return FARMER_ID_PATTERN.test(value);
}

/**
 * The canonical ID for sequence number `n` (1 → FRM000001).
 * @throws RangeError when `n` is not an integer in 1…999,999.
 */
export function formatFarmerId(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > MAX_FARMER_NUMBER) {
    throw new RangeError(`A farmer number must be a whole number from 1 to ${MAX_FARMER_NUMBER}`);
  }
  return `${FARMER_ID_PREFIX}${String(n).padStart(FARMER_ID_DIGITS, "0")}`;
}

/** The sequence number of a canonical ID (FRM000123 → 123), or null for anything else. */
export function farmerNumber(farmerId: string): number | null {
  return isFarmerId(farmerId) ? Number(farmerId.slice(FARMER_ID_PREFIX.length)) : null;
}

/**
 * The ID that follows the highest one issued so far (null when none has been issued: FRM000001).
 * @throws RangeError when the 6-digit sequence is exhausted.
 */
export function nextFarmerId(highest: string | null | undefined): string {
  const n = highest ? farmerNumber(highest) : null;
  return formatFarmerId((n ?? 0) + 1);
}

// "FRM" + optional separators + digits; the legacy "FRM-2024-001" has a 4-digit year then the number.
const LOOSE_ID = /^FRM[\s\-_./]*(\d{1,6})$/;
const LEGACY_ID = /^FRM[\s\-_./]*((?:19|20)\d{2})[\s\-_./]+(\d{1,6})$/;

/**
 * What someone typed as a farmer ID, in canonical form, or null when it is not one.
 *
 * - any case and separators: "frm000123", "FRM-000123", "FRM 123" → FRM000123;
 * - the legacy display form FRM-YYYY-NNN (docs/product.md §3 example FRM-2024-001): the year was a label,
 *   the number after it is the farmer's place in the one national sequence → FRM000001.
 *
 * Search only: new IDs are always issued canonical.
 */
export function normaliseFarmerId(input: string): string | null {
  const compact = input.trim().toUpperCase();
  const legacy = LEGACY_ID.exec(compact);
  const digits = legacy ? legacy[2]! : LOOSE_ID.exec(compact)?.[1];
  if (!digits) return null;
  const n = Number(digits);
  return n >= 1 && n <= MAX_FARMER_NUMBER ? formatFarmerId(n) : null;
}
