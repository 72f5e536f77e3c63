// Dates as the platform's papers and public pages print them (UTC, English month names).

import { MONTH_NAMES } from "#worker/content/months";

/** "15 January 2026" (UTC); "—" for nothing. */
export function longDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "January 2026" from "2026-01". */
export const monthYear = (ym: string) => `${MONTH_NAMES[Number(ym.slice(5, 7)) - 1] ?? ""} ${ym.slice(0, 4)}`;
