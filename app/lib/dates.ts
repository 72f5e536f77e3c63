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

/** "2026-01-15 09:30": an ISO time to the minute, as work pages print it (UTC). */
export const utcMinute = (iso: string) => iso.slice(0, 16).replace("T", " ");

/** "2026-01-15 09:30 UTC"; "—" for nothing. */
export const utcTime = (iso: string | null | undefined) => (iso ? `${utcMinute(iso)} UTC` : "—");
