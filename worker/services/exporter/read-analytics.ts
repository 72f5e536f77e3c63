/**
 * The exporter's analytics (/exporter/analytics): volumes by commodity, destination and
 * month; the compliance rate of the stock I allocated or shipped (by count and by weight); and the
 * average price paid to farmers for the batches in my shipments against the world price.
 *
 * World price per kg: a point quoted per tonne is divided by 1,000, per lb multiplied by
 * 2.20462262 (1 kg = 2.20462262 lb), per kg taken as is. Only points in the SAME currency as the
 * purchases are compared; currencies are never converted or mixed here.
 * Only the signed-in exporter's own records are read (db/queries/exporter-analytics.ts).
 */
import {
  farmerPrices,
  orderVolumes,
  shipmentVolumes,
  stockCompliance,
  worldPricePoints,
} from "#db/queries/exporter-analytics";
import { EUDR_COMMODITIES, type EudrCommodity, isEudrCommodity } from "#worker/domain/commodities";
import { PRICE_COMMODITY_LABEL, type PriceCommodity } from "#worker/domain/market";
import type { ServiceDeps } from "../deps";

export const ANALYTICS_PERIODS = ["3m", "12m", "all"] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_PERIOD_LABEL: Record<AnalyticsPeriod, string> = {
  "3m": "3 months",
  "12m": "12 months",
  all: "All",
};

/** The world price series that stand for a batch commodity. */
export const WORLD_SERIES: Record<EudrCommodity, PriceCommodity[]> = {
  Cocoa: ["cocoa"],
  Coffee: ["coffee_robusta", "coffee_arabica"],
  Rubber: ["rubber"],
  "Oil Palm": ["palm_oil"],
};

const LB_PER_KG = 2.20462262;
/** A world price per `unit` as minor units per kg (rounded to the minor unit). */
export function perKgMinor(amountMinor: number, unit: string): number | null {
  if (unit === "kg") return amountMinor;
  if (unit === "tonne") return Math.round(amountMinor / 1000);
  if (unit === "lb") return Math.round(amountMinor * LB_PER_KG);
  return null;
}

export type VolumeRow = { key: string; orderedG: number; orders: number; shippedG: number; shipments: number };
export type PriceComparison = {
  commodity: string;
  currency: string;
  paidPerKgMinor: number;
  paidWeightG: number;
  purchases: number;
  world: { series: string; label: string; source: string; perKgMinor: number; points: number; isSample: boolean }[];
  /** World series in another currency: named, never converted. */
  otherCurrencies: string[];
};
export type ExporterAnalytics = {
  period: AnalyticsPeriod;
  commodity: EudrCommodity | null;
  since: string | null;
  byCommodity: VolumeRow[];
  byDestination: VolumeRow[];
  byMonth: VolumeRow[];
  compliance: { count: number; compliantCount: number; grams: number; compliantGrams: number };
  prices: PriceComparison[];
};

export function periodOf(value: string | null | undefined): AnalyticsPeriod {
  return (ANALYTICS_PERIODS as readonly string[]).includes(value ?? "") ? (value as AnalyticsPeriod) : "12m";
}

export function sinceOf(period: AnalyticsPeriod, now: Date): string | null {
  if (period === "all") return null;
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  d.setUTCMonth(d.getUTCMonth() - (period === "3m" ? 3 : 12));
  return d.toISOString();
}

function rollUp(
  ordered: { key: string; grams: number; count: number }[],
  shipped: { key: string; grams: number; count: number }[],
): VolumeRow[] {
  const map = new Map<string, VolumeRow>();
  const row = (key: string) => {
    const r = map.get(key) ?? { key, orderedG: 0, orders: 0, shippedG: 0, shipments: 0 };
    map.set(key, r);
    return r;
  };
  for (const o of ordered) {
    const r = row(o.key);
    r.orderedG += Number(o.grams);
    r.orders += Number(o.count);
  }
  for (const s of shipped) {
    const r = row(s.key);
    r.shippedG += Number(s.grams);
    r.shipments += Number(s.count);
  }
  return [...map.values()];
}

export async function readExporterAnalytics(
  input: { period?: string | null; commodity?: string | null },
  { db, actor, now }: Pick<ServiceDeps, "db" | "actor" | "now">,
): Promise<ExporterAnalytics> {
  const period = periodOf(input.period);
  const commodity = input.commodity && isEudrCommodity(input.commodity) ? input.commodity : null;
  const since = sinceOf(period, now());
  const scope = { exporterId: actor.id, since, commodity };
  const [ordered, shipped, compliance, paid] = await Promise.all([
    orderVolumes(db, scope),
    shipmentVolumes(db, scope),
    stockCompliance(db, scope),
    farmerPrices(db, scope),
  ]);
  const by = (pick: (r: { commodity: string; country: string; month: string }) => string) =>
    rollUp(
      ordered.map((r) => ({ key: pick(r), grams: r.grams, count: r.count })),
      shipped.map((r) => ({ key: pick(r), grams: r.grams, count: r.count })),
    );
  // One shipment may hold several commodities or months of lines: its count is per group, so a
  // total of shipments is not summed from these rows.
  const byCommodity = by((r) => r.commodity).sort((a, b) => a.key.localeCompare(b.key));
  const byDestination = by((r) => r.country || "No order").sort((a, b) => a.key.localeCompare(b.key));
  const byMonth = by((r) => r.month).sort((a, b) => a.key.localeCompare(b.key));

  const commodities = [...new Set(paid.map((p) => p.commodity))].filter(isEudrCommodity);
  const points = await worldPricePoints(
    db,
    commodities.flatMap((c) => WORLD_SERIES[c]),
    since,
  );
  const prices: PriceComparison[] = paid
    .filter((p) => Number(p.grams) > 0 && isEudrCommodity(p.commodity))
    .map((p) => {
      const series = WORLD_SERIES[p.commodity as EudrCommodity];
      const mine = points.filter((w) => series.includes(w.commodity as PriceCommodity));
      const groups = new Map<string, { series: string; source: string; sum: number; n: number; sample: boolean }>();
      for (const w of mine) {
        if (w.currency !== p.currency) continue;
        const kg = perKgMinor(w.amountMinor, w.unit);
        if (kg === null) continue;
        const key = `${w.commodity}|${w.source}`;
        const g = groups.get(key) ?? { series: w.commodity, source: w.source, sum: 0, n: 0, sample: false };
        g.sum += kg;
        g.n += 1;
        g.sample ||= Boolean(w.isSample);
        groups.set(key, g);
      }
      return {
        commodity: p.commodity,
        currency: p.currency,
        paidPerKgMinor: Math.round(Number(p.weightedMinorG) / Number(p.grams)),
        paidWeightG: Number(p.grams),
        purchases: Number(p.purchases),
        world: [...groups.values()].map((g) => ({
          series: g.series,
          label: PRICE_COMMODITY_LABEL[g.series as PriceCommodity] ?? g.series,
          source: g.source,
          perKgMinor: Math.round(g.sum / g.n),
          points: g.n,
          isSample: g.sample,
        })),
        otherCurrencies: [...new Set(mine.map((w) => w.currency).filter((c) => c !== p.currency))].sort(),
      };
    })
    .sort((a, b) => a.commodity.localeCompare(b.commodity) || a.currency.localeCompare(b.currency));
  return {
    period,
    commodity,
    since,
    byCommodity,
    byDestination,
    byMonth,
    compliance: {
      count: Number(compliance.count),
      compliantCount: Number(compliance.compliantCount),
      grams: Number(compliance.grams),
      compliantGrams: Number(compliance.compliantGrams),
    },
    prices,
  };
}

export const ANALYTICS_COMMODITIES = Object.keys(EUDR_COMMODITIES) as EudrCommodity[];
