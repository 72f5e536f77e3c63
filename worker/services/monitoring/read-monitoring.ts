/**
 * The figures of /monitoring-dashboard, for oversight observers and for the public
 * view alike: national and county aggregates with small cells suppressed
 * (worker/domain/suppression.ts), certificates by status, and the anonymised event feed.
 * The registry and trade figures are the oversight report's (report-data.ts), so the dashboard
 * and the PDF reports always agree.
 */
import type { Database } from "#db/client";
import { certificatesByStatus, recentCountyAssessments, recentFeedAudit } from "#db/queries/monitoring";
import { COUNTIES } from "#worker/content/counties";
import { FEED_DAYS, FEED_LABEL, FEED_LIMIT, type MonitoringPeriod, periodRange } from "#worker/domain/monitoring";
import { type CountyRow, RISK_KEYS, type RiskKey } from "#worker/domain/reports/report-content";
import { type Published, publish } from "#worker/domain/suppression";
import type { ServiceDeps } from "../deps";
import { gatherReportData } from "../reports/report-data";

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

/**
 * The aggregates of `period` for the nation or one whole county: the report's published figures
 * (report-data.ts applies the suppression once), so the dashboard hides exactly what the PDFs hide.
 */
export async function readMonitoring(
  input: MonitoringInput,
  deps: Pick<ServiceDeps, "db" | "now">,
): Promise<MonitoringFigures> {
  const county = input.county && (COUNTIES as readonly string[]).includes(input.county) ? input.county : null;
  const { from, to } = periodRange(input.period, deps.now());
  const [{ data }, certRows] = await Promise.all([
    gatherReportData(county ? "county" : "national", { from, to, ...(county ? { county } : {}) }, { db: deps.db }),
    certificatesByStatus(deps.db, from, dayAfter(to)),
  ]);
  const certs = Object.fromEntries(certRows.map((r) => [r.status, Number(r.n)]));
  const row = (c: CountyRow): CountyFigures => {
    const mark = c.mark ?? null;
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
  const registry = data.registry;
  return {
    period: input.period,
    from,
    to,
    county,
    withheld: Boolean(data.withheld),
    farmers: data.withheld || !registry ? publish(0, data.withheld ?? "hidden") : registry.farmersRegistered,
    plots: registry?.plots.count ?? 0,
    validGeometryPlots: registry?.byValidation.valid.count ?? 0,
    risk: Object.fromEntries(RISK_KEYS.map((k) => [k, registry?.byRisk[k].count ?? 0])) as Record<RiskKey, number>,
    purchasedKg: data.purchases?.weightKg ?? 0,
    exportedKg: data.exports.weightKg,
    // Certificates are counted nationally; a withheld county shows none of its own figures.
    certificates: {
      issued: Object.values(certs).reduce((a, b) => a + b, 0),
      valid: certs.valid ?? 0,
      expired: certs.expired ?? 0,
      revoked: certs.revoked ?? 0,
    },
    counties: data.byCounty.map(row),
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
