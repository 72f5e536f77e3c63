/**
 * The oversight monitoring dashboard: its fixed periods and the words of its event feed.
 * Pure: no I/O. The public view offers these periods and whole counties only, never a free date
 * range, so no two overlapping ranges can be subtracted to expose a small cell (ADR 025).
 */
export const MONITORING_PERIODS = ["all", "year", "12m", "30d"] as const;
export type MonitoringPeriod = (typeof MONITORING_PERIODS)[number];

export const PERIOD_LABEL: Record<MonitoringPeriod, string> = {
  all: "All records",
  year: "This calendar year",
  "12m": "Last 12 months",
  "30d": "Last 30 days",
};

export const isMonitoringPeriod = (v: unknown): v is MonitoringPeriod =>
  typeof v === "string" && (MONITORING_PERIODS as readonly string[]).includes(v);

/** The first records of the platform cannot be older than this (EUDR cutoff year). */
export const RECORDS_BEGIN = "2020-01-01";

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The period's dates (yyyy-mm-dd, both included, UTC) on the day of `now`. */
export function periodRange(period: MonitoringPeriod, now: Date): { from: string; to: string } {
  const to = day(now);
  const back = (days: number) => day(new Date(now.getTime() - days * 86_400_000));
  switch (period) {
    case "all":
      return { from: RECORDS_BEGIN, to };
    case "year":
      return { from: `${to.slice(0, 4)}-01-01`, to };
    case "12m":
      return { from: back(364), to };
    case "30d":
      return { from: back(29), to };
  }
}

export const FEED_LABEL: Record<string, string> = {
  "batch.exported": "A batch was exported",
  "shipment.export": "A shipment was exported",
  "certificate.issue": "A certificate was issued",
  "certificate.revoke": "A certificate was revoked",
  "assessment.county": "A county risk assessment finished",
};

/** How often the feed refreshes itself with JavaScript on. */
export const FEED_REFRESH_SECONDS = 30;
/** How far back the feed looks, and how many events it shows. */
export const FEED_DAYS = 30;
export const FEED_LIMIT = 20;
