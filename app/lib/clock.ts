/** The clock refreshes every second (spec §9). */
export const CLOCK_TICK_MS = 1000;
/** Liberia keeps GMT all year. */
export const LIBERIA_TIME_ZONE = "Africa/Monrovia";

export function formatClock(date: Date) {
  return {
    date: new Intl.DateTimeFormat("en-GB", {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: LIBERIA_TIME_ZONE,
    }).format(date),
    time: new Intl.DateTimeFormat("en-GB", {
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hour12: false,
      timeZone: LIBERIA_TIME_ZONE,
    }).format(date),
  };
}
