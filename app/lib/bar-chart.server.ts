/**
 * Horizontal bar charts of /exporter/analytics, built on the server with d3-scale like the price
 * chart (price-chart.server.ts): the page receives finished rectangles and labels, so the chart
 * costs no JavaScript in the browser and works with JavaScript off. Each chart is printed with a
 * data table of the same figures.
 */
import { scaleBand, scaleLinear } from "d3-scale";

export const BAR = { width: 360, left: 96, right: 56, row: 26, top: 6, bottom: 6 } as const;
export type BarChart = {
  height: number;
  bars: { label: string; y: number; x: number; w: number; h: number; value: string; tone: number }[];
};

/** One bar per item; `tone` picks the colour (0 first series, 1 second, …). */
export function barChart(items: { label: string; value: number; text: string; tone?: number }[]): BarChart | null {
  if (!items.length) return null;
  const height = BAR.top + BAR.bottom + items.length * BAR.row;
  const y = scaleBand<number>()
    .domain(items.map((_, i) => i))
    .range([BAR.top, height - BAR.bottom])
    .padding(0.2);
  const max = Math.max(...items.map((i) => i.value), 1);
  const x = scaleLinear()
    .domain([0, max])
    .range([0, BAR.width - BAR.left - BAR.right]);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    height,
    bars: items.map((item, i) => ({
      label: item.label,
      y: round(y(i) ?? 0),
      x: BAR.left,
      w: round(Math.max(x(item.value), item.value > 0 ? 1 : 0)),
      h: round(y.bandwidth()),
      value: item.text,
      tone: item.tone ?? 0,
    })),
  };
}
