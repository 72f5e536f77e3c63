// Dates as the platform's papers and public pages print them (UTC, English month names).

const fmt = (iso: string, parts: Intl.DateTimeFormatOptions) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString("en-GB", { ...parts, timeZone: "UTC" });
};

/** "15 January 2026" (UTC); "—" for nothing. */
export function longDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  return fmt(iso, { day: "numeric", month: "long", year: "numeric" });
}

/** "January 2026" from "2026-01". */
export const monthYear = (ym: string) => fmt(`${ym.slice(0, 7)}-01T00:00:00Z`, { month: "long", year: "numeric" });
