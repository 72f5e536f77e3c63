/**
 * The figures of /monitoring-dashboard (issue 12), for oversight observers and for the public
 * view alike: national and county aggregates with small cells suppressed
 * (worker/domain/suppression.ts), certificates by status, and the anonymised event feed.
 * The registry and trade figures are the oversight report's (report-data.ts), so the dashboard
 * and the PDF reports always agree.
 */
import type { Database } from "#db/client";
import { certificatesByStatus, recentCountyAssessments, recentFeedAudit } from "#db/queries/monitoring";
import { COUNTIES } from "#worker/content/counties";
import { FEED_DAYS, FEED_LABEL, FEED_LIMIT, type MonitoringPeriod, periodRange } from "#worker/domain/monitoring";
import { RISK_KEYS, type RiskKey } from "#worker/domain/reports/report-content";
import { type Mark, type Published, publish, publishAlone, suppressCounts } from "#worker/domain/suppression";
import type { ServiceDeps } from "../deps";
import { gatherReportData } from "../reports/report-data";
import { nationalCountyMarks } from "./county-marks";

export type MonitoringInput = { period: MonitoringPeriod; county: string | null };

export type CountyFigures = {
  county: string;
  farmers: Published;
  plots: Published;
  highRiskPlots: Published;
  purchasedKg: Published;
  exportedKg: Published;
};

export type MonitoringFigures = {
  period: MonitoringPeriod;
  from: string;
  to: string;
  county: string | null;
  /** The scope (nation or county) has fewer than 5 farmers: its figures are not published. */
  withheld: boolean;
  farmers: Published;
  plots: number;
  validGeometryPlots: number;
  risk: Record<RiskKey, number>;
  purchasedKg: number;
  exportedKg: number;
  certificates: { issued: number; valid: number; expired: number; revoked: number };
  /** One row per county (national scope only), suppressed. */
  counties: CountyFigures[];
};

const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The aggregates of `period` for the nation or one whole county. */
export async function readMonitoring(
  input: MonitoringInput,
  deps: Pick<ServiceDeps, "db" | "now">,
): Promise<MonitoringFigures> {
  const county = input.county && (COUNTIES as readonly string[]).includes(input.county) ? input.county : null;
  const { from, to } = periodRange(input.period, deps.now());
  const [{ data }, certRows, nationalMarks] = await Promise.all([
    gatherReportData(county ? "county" : "national", { from, to, ...(county ? { county } : {}) }, { db: deps.db }),
    certificatesByStatus(deps.db, from, dayAfter(to)),
    county ? nationalCountyMarks(deps.db, from, to) : null,
  ]);
  const registry = data.registry!;
  const certs = Object.fromEntries(certRows.map((r) => [r.status, Number(r.n)]));
  const rows = data.byCounty;
  const s = suppressCounts(rows.map((r) => r.farmers));
  const row = (c: (typeof rows)[number], mark: Mark): CountyFigures => {
    const other = mark ? "hidden" : null;
    return {
      county: c.county,
      farmers: publish(c.farmers, mark),
      plots: publish(c.plots, other),
      highRiskPlots: publish(c.highRiskPlots, other),
      purchasedKg: publish(c.purchasedKg, other),
      exportedKg: publish(c.exportedKg, other),
    };
  };
  // One county alone: withheld when small, or when the national table hides it (complement).
  const countyMark = county ? (nationalMarks?.get(county) ?? null) : null;
  const farmers = county
    ? countyMark
      ? publish(registry.farmersRegistered, countyMark)
      : publishAlone(registry.farmersRegistered)
    : publish(registry.farmersRegistered, s.totalMark);
  const withheld = county !== null && farmers !== registry.farmersRegistered;
  return {
    period: input.period,
    from,
    to,
    county,
    withheld,
    farmers,
    plots: withheld ? 0 : registry.plots.count,
    validGeometryPlots: withheld ? 0 : registry.byValidation.valid.count,
    risk: Object.fromEntries(RISK_KEYS.map((k) => [k, withheld ? 0 : registry.byRisk[k].count])) as Record<
      RiskKey,
      number
    >,
    purchasedKg: withheld ? 0 : (data.purchases?.weightKg ?? 0),
    exportedKg: withheld ? 0 : data.exports.weightKg,
    certificates: {
      issued: Object.values(certs).reduce((a, b) => a + b, 0),
      valid: certs.valid ?? 0,
      expired: certs.expired ?? 0,
      revoked: certs.revoked ?? 0,
    },
    counties: rows.map((c, i) => row(c, s.marks[i] ?? null)),
  };
}

export type FeedEvent = { kind: string; label: string; at: string; county: string | null };

/** The latest anonymised events: what happened and when (to the minute), a county where it is one. */
export async function readMonitoringFeed(deps: { db: Database; now: () => Date }): Promise<FeedEvent[]> {
  const since = new Date(deps.now().getTime() - FEED_DAYS * 86_400_000).toISOString();
  const [audit, assessments] = await Promise.all([
    recentFeedAudit(deps.db, since, FEED_LIMIT),
    recentCountyAssessments(deps.db, since, FEED_LIMIT),
  ]);
  const minute = (at: string) => `${at.slice(0, 16)}Z`;
  return [
    ...audit.map((r) => ({ kind: r.action, label: FEED_LABEL[r.action] ?? r.action, at: minute(r.at), county: null })),
    ...assessments.map((r) => ({
      kind: "assessment.county",
      label: FEED_LABEL["assessment.county"]!,
      at: minute(r.at ?? ""),
      county: r.county,
    })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, FEED_LIMIT);
}
