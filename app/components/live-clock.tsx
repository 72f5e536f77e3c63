import { useEffect, useState } from "react";
import { PORTALS } from "../content/portals";
import { CLOCK_TICK_MS, formatClock } from "../lib/clock";

/**
 * Live date and time, refreshed every second. The server renders no time (the page
 * is edge-cached, so a server time would be stale); it appears once the script runs.
 */
export function LiveClock() {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const shown = now ? formatClock(now) : null;
  return (
    <div className="text-right text-xs leading-tight sm:text-sm" data-testid="live-clock">
      {/* A plain div cannot carry an aria-label: screen readers get the label as text. */}
      <span className="sr-only">{PORTALS.clockLabel}</span>
      <time dateTime={now?.toISOString()} className="block font-mono text-base font-semibold tabular-nums sm:text-lg">
        {shown?.time ?? "--:--:--"}
      </time>
      <span className="block text-green-100">{shown?.date ?? "\u00a0"}</span>
    </div>
  );
}
