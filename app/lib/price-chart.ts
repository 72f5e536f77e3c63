/** The geometry of the price chart (drawn on the server by price-chart.server.ts; the page only prints it). */
export const CHART = { width: 360, height: 220, left: 52, right: 10, top: 12, bottom: 26 } as const;

export type ChartSeries = { source: string; path: string; isSample: boolean; dots: { x: number; y: number }[] };
export type PriceChart = {
  series: ChartSeries[];
  xTicks: { x: number; label: string }[];
  yTicks: { y: number; label: string }[];
  /** The unit the y axis is in (the points of one chart share it; others are left out and counted). */
  unit: string;
  leftOut: number;
};
