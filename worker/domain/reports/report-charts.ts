/**
 * The report's charts, drawn with pdf-lib primitives: share charts (one horizontal bar per
 * verdict or status on a 0–100 % axis) and the monthly chart (exported tonnes as bars,
 * purchased tonnes as a line). Each is recorded in the layout's boxes (kind "chart").
 */
import type { Color } from "pdf-lib";
import { rgb } from "pdf-lib";
import { fitText } from "../pdf/frame";
import type { Layout } from "../pdf/layout";
import { CONTENT_WIDTH, formatNumber, GREEN, INK, MARGIN, MUTED, NAVY, pct, RULE } from "../pdf/theme";
import { monthTick, type ReportData } from "./report-content";

/** A chart as drawn: its frame and its bars (points, origin bottom-left), for checks. */
export type DrawnChart = {
  kind: "shares" | "monthly";
  title: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  bars: { x: number; y: number; width: number; height: number; value: number }[];
  /** Points of the line series (monthly chart, purchases). */
  line: { x: number; y: number; value: number }[];
};

const TRACK = rgb(0.94, 0.95, 0.96);
const GRID = rgb(0.88, 0.9, 0.92);
const EXPORT_COLOR = NAVY;
const PURCHASE_COLOR = GREEN;

/** A new chart of the full content width, `height` points tall from `top`, with its border drawn. */
function chartFrame(l: Layout, kind: DrawnChart["kind"], title: string, top: number, height: number): DrawnChart {
  const x = MARGIN;
  const width = CONTENT_WIDTH;
  l.page.drawRectangle({ x, y: top - height, width, height, borderColor: RULE, borderWidth: 0.6 });
  return { kind, title, page: l.pageIndex, x, y: top - height, width, height, bars: [], line: [] };
}

export type ShareRow = { label: string; value: number; note: string; color: Color };

/** Room for a section heading and its two-line introduction, kept on the page of their chart. */
export const SECTION_HEAD = 62;
const SHARE_ROW = 15;
export const MONTHLY_CHART_HEIGHT = 200;

export function shareChartHeight(rows: number) {
  const lh = (size: number) => size * 1.28;
  return 6 + lh(8) + 4 + rows * SHARE_ROW + (1 + 3 + lh(6.5) + 3) + 4 + 6;
}

/**
 * Horizontal bars, one per row, each as long as its share of the total, on a 0–100 % axis;
 * the label on the left, "share · note" in a fixed column on the right (never over a bar).
 */
export function shareChart(l: Layout, title: string, rows: ShareRow[], charts: DrawnChart[]) {
  const total = rows.reduce((s, r) => s + r.value, 0);
  const rowH = SHARE_ROW;
  const titleH = l.lineHeight(8);
  const height = shareChartHeight(rows.length) - 6;
  l.ensure(height + 6);
  const x = MARGIN;
  const top = l.y;
  const width = CONTENT_WIDTH;
  const chart = chartFrame(l, "shares", title, top, height);
  l.drawLine(fitText(l, title, width - 12, 8, true), x + 6, top - 4, { size: 8, bold: true, color: INK });
  const labelW = 140;
  const valueW = 150;
  const barX = x + 6 + labelW + 6;
  const barW = width - (barX - x) - valueW - 6;
  const rowsTop = top - 6 - titleH - 4;
  // The percentage axis under the bars; grid lines drawn first so the bars cover them.
  const axisY = rowsTop - rows.length * rowH - 1;
  l.page.drawLine({ start: { x: barX, y: axisY }, end: { x: barX + barW, y: axisY }, thickness: 0.6, color: INK });
  for (const t of [0, 25, 50, 75, 100]) {
    const tx = barX + (t / 100) * barW;
    l.page.drawLine({ start: { x: tx, y: axisY }, end: { x: tx, y: axisY - 2.5 }, thickness: 0.6, color: INK });
    if (t > 0)
      l.page.drawLine({
        start: { x: tx, y: axisY },
        end: { x: tx, y: rowsTop },
        thickness: 0.3,
        color: GRID,
        dashArray: [1.5, 1.5],
      });
    const label = `${t} %`;
    const lw = l.width(label, l.fonts.regular, 6.5);
    l.drawLine(label, Math.min(tx - lw / 2, barX + barW - lw), axisY - 3, { size: 6.5, color: MUTED });
  }
  rows.forEach((r, i) => {
    const rowTop = rowsTop - i * rowH;
    const barH = 9;
    const barY = rowTop - (rowH + barH) / 2;
    l.drawLine(fitText(l, r.label, labelW, 7.5, false), x + 6, rowTop - (rowH - l.lineHeight(7.5)) / 2, { size: 7.5 });
    l.page.drawRectangle({ x: barX, y: barY, width: barW, height: barH, color: TRACK });
    const w = total > 0 ? (r.value / total) * barW : 0;
    if (w > 0) l.page.drawRectangle({ x: barX, y: barY, width: w, height: barH, color: r.color });
    chart.bars.push({ x: barX, y: barY, width: w, height: barH, value: r.value });
    const value = `${pct(r.value, total)} · ${r.note}`;
    l.drawLine(fitText(l, value, valueW, 7.5, true), barX + barW + 6, rowTop - (rowH - l.lineHeight(7.5)) / 2, {
      size: 7.5,
      bold: true,
      color: r.value > 0 ? r.color : MUTED,
    });
  });
  if (total === 0) l.drawLine("No records in this period", barX + 4, rowsTop - 1, { size: 7.5, color: MUTED });
  l.boxes.push({ page: chart.page, kind: "chart", x: chart.x, y: chart.y, width, height, text: title });
  charts.push(chart);
  l.y = top - height - 8;
}

/** The step of a y axis: 1, 2, 2.5 or 5 × 10ⁿ, so that about `ticks` steps cover `max`. */
export function niceStep(max: number, ticks = 4): number {
  if (!(max > 0)) return 1;
  const raw = max / ticks;
  const mag = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw)!;
}

/** Monthly exports (bars) and purchases (line), in tonnes, with axes, month labels and a legend. */
export function monthlyChart(l: Layout, data: ReportData, withPurchases: boolean, charts: DrawnChart[]) {
  const height = MONTHLY_CHART_HEIGHT;
  l.ensure(height + 8);
  const x = MARGIN;
  const top = l.y;
  const width = CONTENT_WIDTH;
  const title = withPurchases ? "Purchased and exported tonnes per month" : "Exported tonnes per month";
  const chart = chartFrame(l, "monthly", title, top, height);
  l.drawLine(fitText(l, title, width * 0.5, 8, true), x + 6, top - 4, { size: 8, bold: true });

  // Legend, top right: a square per series.
  const legend: { label: string; color: Color; line?: boolean }[] = [{ label: "Exported (t)", color: EXPORT_COLOR }];
  if (withPurchases) legend.push({ label: "Purchased (t)", color: PURCHASE_COLOR, line: true });
  let lx = x + width - 6;
  for (const item of [...legend].reverse()) {
    const w = l.width(item.label, l.fonts.regular, 7);
    lx -= w;
    l.drawLine(item.label, lx, top - 5, { size: 7 });
    lx -= 12;
    const cy = top - 5 - l.lineHeight(7) / 2;
    if (item.line) {
      l.page.drawLine({ start: { x: lx, y: cy }, end: { x: lx + 9, y: cy }, thickness: 1.4, color: item.color });
      l.page.drawCircle({ x: lx + 4.5, y: cy, size: 1.8, color: item.color });
    } else l.page.drawRectangle({ x: lx, y: cy - 4, width: 9, height: 8, color: item.color });
    lx -= 10;
  }

  const tonnes = data.monthly.map((m) => ({
    month: m.month,
    exported: m.exportedKg / 1000,
    purchased: (m.purchasedKg ?? 0) / 1000,
  }));
  const max = Math.max(0, ...tonnes.map((t) => Math.max(t.exported, withPurchases ? t.purchased : 0)));
  const step = niceStep(max);
  const yMax = max > 0 ? Math.ceil(max / step - 1e-9) * step : step * 4;
  const decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3;
  const tickLabels = Array.from({ length: Math.round(yMax / step) + 1 }, (_, i) => formatNumber(i * step, decimals));
  const yLabelW = Math.max(...tickLabels.map((t) => l.width(t, l.fonts.regular, 6.5)));
  const plotX = x + 8 + yLabelW + 4;
  const plotRight = x + width - 10;
  const plotTop = top - 6 - l.lineHeight(8) - 16;
  const plotBottom = top - height + 6 + l.lineHeight(6.5) + 6;
  const plotW = plotRight - plotX;
  const plotH = plotTop - plotBottom;
  const yOf = (v: number) => plotBottom + (v / yMax) * plotH;

  // Y axis, grid and tick labels; "t" (tonnes) above the axis.
  l.drawLine("tonnes", x + 6, plotTop + 1.5 * l.lineHeight(6.5) + 1, { size: 6.5, color: MUTED });
  tickLabels.forEach((label, i) => {
    const ty = yOf(i * step);
    l.page.drawLine({ start: { x: plotX - 2.5, y: ty }, end: { x: plotX, y: ty }, thickness: 0.6, color: INK });
    if (i > 0)
      l.page.drawLine({ start: { x: plotX, y: ty }, end: { x: plotRight, y: ty }, thickness: 0.3, color: GRID });
    l.drawLine(label, x + 8, ty + l.lineHeight(6.5) / 2, { size: 6.5, color: MUTED }, "right", yLabelW);
  });
  l.page.drawLine({ start: { x: plotX, y: plotBottom }, end: { x: plotX, y: plotTop }, thickness: 0.6, color: INK });
  l.page.drawLine({
    start: { x: plotX, y: plotBottom },
    end: { x: plotRight, y: plotBottom },
    thickness: 0.6,
    color: INK,
  });

  // One slot per month: the export bar in its middle, the purchase point on its centre line.
  const n = Math.max(1, tonnes.length);
  const slot = plotW / n;
  const barW = Math.max(1, Math.min(slot * 0.6, 28));
  const labelW = Math.max(...tonnes.map((t) => l.width(monthTick(t.month), l.fonts.regular, 6.5)), 1);
  const every = Math.max(1, Math.ceil((labelW + 6) / slot));
  let lastLabelRight = -Infinity;
  tonnes.forEach((t, i) => {
    const cx = plotX + slot * (i + 0.5);
    const h = Math.max(0, yOf(t.exported) - plotBottom);
    if (h > 0) l.page.drawRectangle({ x: cx - barW / 2, y: plotBottom, width: barW, height: h, color: EXPORT_COLOR });
    chart.bars.push({ x: cx - barW / 2, y: plotBottom, width: barW, height: h, value: t.exported });
    l.page.drawLine({ start: { x: cx, y: plotBottom }, end: { x: cx, y: plotBottom - 2 }, thickness: 0.5, color: INK });
    if (i % every === 0) {
      const label = monthTick(t.month);
      const w = l.width(label, l.fonts.regular, 6.5);
      // Centred under the month, kept inside the plot; skipped if an end label was pushed onto it.
      const lx0 = Math.max(plotX - 2, Math.min(cx - w / 2, plotRight - w));
      if (lx0 > lastLabelRight + 3) {
        l.drawLine(label, lx0, plotBottom - 5, { size: 6.5, color: MUTED });
        lastLabelRight = lx0 + w;
      }
    }
  });
  if (withPurchases) {
    const points = tonnes.map((t, i) => ({ x: plotX + slot * (i + 0.5), y: yOf(t.purchased), value: t.purchased }));
    for (let i = 1; i < points.length; i++) {
      l.page.drawLine({ start: points[i - 1]!, end: points[i]!, thickness: 1.3, color: PURCHASE_COLOR });
    }
    for (const p of points)
      l.page.drawCircle({
        x: p.x,
        y: p.y,
        size: Math.min(2, slot / 3),
        color: PURCHASE_COLOR,
        borderColor: rgb(1, 1, 1),
        borderWidth: 0.4,
      });
    chart.line = points;
  }
  l.boxes.push({ page: chart.page, kind: "chart", x, y: top - height, width, height, text: title });
  charts.push(chart);
  l.y = top - height - 8;
}
