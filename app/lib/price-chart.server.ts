/**
 * The price chart of /world-market-pricing, built on the server (d3-scale for the scales and
 * ticks, d3-shape for the line): the page receives finished SVG path strings and tick positions,
 * so the chart costs no JavaScript in the browser and works with JavaScript off. The table under
 * it is the accessible form of the same figures.
 */
import { scaleLinear, scaleUtc } from "d3-scale";
import { line } from "d3-shape";
import type { PriceView } from "#worker/services/market/read-prices";
import { CHART, type PriceChart } from "./price-chart";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const usdShort = (cents: number) => {
  const dollars = cents / 100;
  return dollars >= 10_000
    ? `$${Math.round(dollars / 1000)}k`
    : `$${dollars.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
};

/** The chart of `points` (oldest first); null when there is nothing to draw. */
export function priceChart(points: PriceView[]): PriceChart | null {
  if (!points.length) return null;
  // One y axis: the unit most points are quoted in (a series rarely mixes units).
  const counts = new Map<string, number>();
  for (const p of points) counts.set(p.unit, (counts.get(p.unit) ?? 0) + 1);
  const unit = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const shown = points.filter((p) => p.unit === unit);
  const time = (p: PriceView) => Date.parse(`${p.date}T00:00:00Z`);
  const first = time(shown[0]!);
  const last = time(shown[shown.length - 1]!);
  const x = scaleUtc()
    .domain([
      new Date(first === last ? first - 86_400_000 : first),
      new Date(first === last ? last + 86_400_000 : last),
    ])
    .range([CHART.left, CHART.width - CHART.right]);
  const amounts = shown.map((p) => p.amountMinor);
  const y = scaleLinear()
    .domain([Math.min(...amounts) * 0.95, Math.max(...amounts) * 1.05])
    .nice(4)
    .range([CHART.height - CHART.bottom, CHART.top]);
  const round = (n: number) => Math.round(n * 10) / 10;
  const draw = line<PriceView>()
    .x((p) => round(x(new Date(time(p)))))
    .y((p) => round(y(p.amountMinor)));
  const bySource = new Map<string, PriceView[]>();
  for (const p of shown) bySource.set(p.source, [...(bySource.get(p.source) ?? []), p]);
  const spanDays = (last - first) / 86_400_000;
  return {
    series: [...bySource.entries()].slice(0, 6).map(([source, list]) => ({
      source,
      path: draw(list) ?? "",
      isSample: list.some((p) => p.isSample),
      dots: list.length <= 40 ? list.map((p) => ({ x: round(x(new Date(time(p)))), y: round(y(p.amountMinor)) })) : [],
    })),
    xTicks: x.ticks(4).map((d) => ({
      x: round(x(d)),
      label:
        spanDays <= 62
          ? `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`
          : `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`,
    })),
    yTicks: y.ticks(4).map((v) => ({ y: round(y(v)), label: usdShort(v) })),
    unit,
    leftOut: points.length - shown.length,
  };
}
