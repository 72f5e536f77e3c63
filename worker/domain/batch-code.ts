/**
 * Batch codes: readable on a sack label and over a phone line, unique nationwide.
 * "LR-COC-2026-000123" = country, commodity, year the batch was made, running number.
 */
import type { EudrCommodity } from "./commodities";

export const COMMODITY_CODE: Record<EudrCommodity, string> = {
  Cocoa: "COC",
  Coffee: "COF",
  Rubber: "RUB",
  "Oil Palm": "OPL",
};

export const BATCH_CODE_PATTERN = /^LR-[A-Z]{3}-\d{4}-\d{6}$/;

/** The prefix shared by one commodity's batches of one year: "LR-COC-2026-". */
export function batchCodePrefix(commodity: EudrCommodity, year: number) {
  return `LR-${COMMODITY_CODE[commodity]}-${year}-`;
}

/**
 * The `count` codes that follow `last` (the highest code issued with this prefix, or null).
 * @throws RangeError when the 6-digit running number would overflow.
 */
export function nextBatchCodes(prefix: string, last: string | null, count = 1): string[] {
  const n = last?.startsWith(prefix) ? Number(last.slice(prefix.length)) || 0 : 0;
  if (n + count > 999_999) throw new RangeError(`The batch numbers for ${prefix.slice(0, -1)} are exhausted`);
  return Array.from({ length: count }, (_, i) => `${prefix}${String(n + 1 + i).padStart(6, "0")}`);
}
