import { data } from "react-router";
import { formatMoney, isCurrency } from "#worker/domain/money";
import { EU_COUNTRIES, type EuCountry } from "#worker/domain/orders";
import { formatKg } from "#worker/domain/weight";
import {
  ANALYTICS_COMMODITIES,
  ANALYTICS_PERIOD_LABEL,
  ANALYTICS_PERIODS,
  readExporterAnalytics,
  type VolumeRow,
} from "#worker/services/exporter/read-analytics";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { barChart } from "../lib/bar-chart.server";
import { pageDeps } from "../lib/deps.server";
import { shellUser } from "../lib/work-page.server";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthLabel = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1] ?? ym.slice(5, 7)} ${ym.slice(0, 4)}`;
const pct = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 1000) / 10} %` : "—");
const money = (amountMinor: number, currency: string) =>
  isCurrency(currency) ? formatMoney({ amountMinor, currency }) : `${(amountMinor / 100).toFixed(2)} ${currency}`;

function table(rows: VolumeRow[], label: (key: string) => string) {
  return rows.map((r) => ({
    key: r.key,
    label: label(r.key),
    ordered: formatKg(r.orderedG),
    orders: r.orders,
    shipped: formatKg(r.shippedG),
    shipments: r.shipments,
  }));
}
function volumeChart(rows: VolumeRow[], label: (key: string) => string) {
  return barChart(rows.map((r) => ({ label: label(r.key), value: r.shippedG, text: formatKg(r.shippedG) })));
}

/** /exporter/analytics: my volumes, the compliance of my stock, prices paid vs the world price. */
export async function loader({ request }: { request: Request }) {
  const session = await requireRole(request, "readMyAnalytics", "My analytics");
  const url = new URL(request.url);
  const a = await readExporterAnalytics(
    { period: url.searchParams.get("period"), commodity: url.searchParams.get("commodity") },
    pageDeps(session),
  );
  const country = (k: string) => (k in EU_COUNTRIES ? `${EU_COUNTRIES[k as EuCountry]} (${k})` : k);
  const link = (period: string, commodity: string | null) =>
    `/exporter/analytics?period=${period}${commodity ? `&commodity=${encodeURIComponent(commodity)}` : ""}`;
  const c = a.compliance;
  return data(
    {
      user: await shellUser(session),
      period: a.period,
      commodity: a.commodity,
      since: a.since?.slice(0, 10) ?? null,
      periods: ANALYTICS_PERIODS.map((p) => ({
        label: ANALYTICS_PERIOD_LABEL[p],
        href: link(p, a.commodity),
        current: p === a.period,
      })),
      commodities: [
        { label: "All commodities", href: link(a.period, null), current: a.commodity === null },
        ...ANALYTICS_COMMODITIES.map((k) => ({ label: k, href: link(a.period, k), current: k === a.commodity })),
      ],
      byCommodity: { rows: table(a.byCommodity, (k) => k), chart: volumeChart(a.byCommodity, (k) => k) },
      byDestination: { rows: table(a.byDestination, country), chart: volumeChart(a.byDestination, (k) => k) },
      byMonth: { rows: table(a.byMonth, monthLabel), chart: volumeChart(a.byMonth, monthLabel) },
      compliance: {
        count: c.count,
        compliantCount: c.compliantCount,
        countRate: pct(c.compliantCount, c.count),
        weight: formatKg(c.grams),
        compliantWeight: formatKg(c.compliantGrams),
        weightRate: pct(c.compliantGrams, c.grams),
        // Shares (0–1): the longest bar possible is 100 %.
        chart: c.count
          ? barChart([
              { label: "By count", value: c.compliantCount / c.count, text: pct(c.compliantCount, c.count) },
              {
                label: "By weight",
                value: c.grams ? c.compliantGrams / c.grams : 0,
                text: pct(c.compliantGrams, c.grams),
              },
            ])
          : null,
      },
      prices: a.prices.map((p) => ({
        key: `${p.commodity}-${p.currency}`,
        commodity: p.commodity,
        currency: p.currency,
        paid: money(p.paidPerKgMinor, p.currency),
        weight: formatKg(p.paidWeightG),
        purchases: p.purchases,
        world: p.world.map((w) => ({ ...w, perKg: money(w.perKgMinor, p.currency) })),
        otherCurrencies: p.otherCurrencies,
        chart: barChart([
          { label: "Paid to farmers", value: p.paidPerKgMinor, text: money(p.paidPerKgMinor, p.currency), tone: 0 },
          ...p.world.map((w) => ({
            label: w.source,
            value: w.perKgMinor,
            text: money(w.perKgMinor, p.currency),
            tone: 1,
          })),
        ]),
      })),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}
