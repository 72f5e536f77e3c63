/**
 * Draws an oversight report (issue #5) to PDF with the certificate layout engine
 * (../certificates/layout.ts: wrapped text, page breaks, tables with repeated headers) and the
 * embedded DejaVu fonts. Charts are drawn with pdf-lib primitives — rectangles, lines, circles
 * and text — so the PDF needs no image library and stays small:
 * - share charts: one horizontal bar per verdict or status, with its percentage and count, on a
 *   0–100 % axis;
 * - the monthly chart: exported tonnes as bars and purchased tonnes as a line, with a y axis in
 *   tonnes (rounded steps), month labels (thinned to fit) and a legend.
 * Every chart is recorded in the layout's drawn boxes (kind "chart"), its labels as text boxes,
 * so tests can prove everything lies inside the margins and no label overlaps another.
 * Pure apart from CPU: the same data and meta give the same pages.
 */
import { type Color, rgb } from "pdf-lib";
import { LACRA } from "../certificates/content";
import {
  AMBER,
  type Cell,
  CONTENT_WIDTH,
  type Column,
  type DrawnBox,
  formatNumber,
  GREEN,
  INK,
  Layout,
  MARGIN,
  MUTED,
  NAVY,
  PAGE,
  RED,
  RULE,
} from "../certificates/layout";
import { fitText, newPdfDocument, savePdf } from "../certificates/render";
import {
  COMPLIANCE_KEYS,
  COMPLIANCE_SHORT_LABEL,
  type ComplianceKey,
  type CountKg,
  monthTick,
  NO_PERSONAL_DATA,
  PERIOD_RULES,
  periodLabel,
  REPORT_KIND_LABEL,
  type ReportData,
  RISK_KEYS,
  RISK_LABEL,
  type RiskKey,
  shortDay,
  VALIDATION_KEYS,
  VALIDATION_LABEL,
} from "./report-content";

/**
 * The build's facts printed on the paper. No report ID: a cached PDF serves every later request
 * for the same figures, so the paper names its content (the data hash), not one request.
 */
export type ReportMeta = {
  /** SHA-256 of the canonical data (report-content.ts `reportDataHash`). */
  dataHash: string;
  /** ISO timestamp of the build. */
  generatedAt: string;
};

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

export type ReportRenderResult = { bytes: Uint8Array; pageCount: number; boxes: DrawnBox[]; charts: DrawnChart[] };

const PALE_BLUE = rgb(0.92, 0.95, 0.99);
const TRACK = rgb(0.94, 0.95, 0.96);
const GRID = rgb(0.88, 0.9, 0.92);
const EXPORT_COLOR = NAVY;
const PURCHASE_COLOR = GREEN;

const RISK_COLOR: Record<RiskKey, Color> = {
  low: GREEN,
  more_information_needed: AMBER,
  high: RED,
  not_assessed: MUTED,
};
const COMPLIANCE_COLOR: Record<ComplianceKey, Color> = {
  compliant: GREEN,
  pending: rgb(0.2, 0.45, 0.7),
  held_for_review: AMBER,
  non_compliant: RED,
};

const kg = (n: number) => `${formatNumber(n, 0)} kg`;
const ha = (n: number) => `${formatNumber(n, 2)} ha`;
const pct = (part: number, whole: number) => (whole > 0 ? `${formatNumber((part / whole) * 100, 1)} %` : "—");
const num = (n: number) => formatNumber(n, 0);
const right = (header: string, width: number): Column => ({ header, width, align: "right" });

/**
 * Renders a report to PDF bytes, with the layout's drawn boxes and charts for checks.
 * @param data the gathered figures (worker/services/reports/report-data.ts)
 * @param meta the data hash and build time, printed on the first page and in footers
 */
export async function renderReport(data: ReportData, meta: ReportMeta): Promise<ReportRenderResult> {
  // No timers while building: it runs in waitUntil, beside other requests (sync-font-subset.ts).
  const { doc, fonts } = await newPdfDocument();

  const title = REPORT_KIND_LABEL[data.kind];
  const subtitle = `${data.scope} · ${periodLabel(data.params)}`;
  const layout = new Layout(doc, fonts, {
    headerHeight: 34,
    footerHeight: 7.5 * 1.28 + 8,
    header: (l) => {
      const top = PAGE.height - MARGIN;
      const leftText = `${LACRA.shortName} · ${title} — continued`;
      const leftWidth = Math.min(l.width(leftText, fonts.bold, 8), CONTENT_WIDTH * 0.55);
      l.drawLine(fitText(l, leftText, leftWidth, 8, true), MARGIN, top, { size: 8, bold: true, color: NAVY });
      l.drawLine(
        fitText(l, subtitle, CONTENT_WIDTH - leftWidth - 12, 8, false),
        MARGIN,
        top,
        { size: 8, color: MUTED },
        "right",
        CONTENT_WIDTH,
      );
      l.page.drawLine({
        start: { x: MARGIN, y: top - 27 },
        end: { x: PAGE.width - MARGIN, y: top - 27 },
        thickness: 0.8,
        color: RED,
      });
    },
  });
  const charts: DrawnChart[] = [];
  layout.newPage();

  titlePage(layout, data, meta);
  summary(layout, data);
  if (data.registry) registrySection(layout, data, charts);
  if (data.batches) batchesSection(layout, data, charts);
  exportsSection(layout, data, charts);
  monthlySection(layout, data, charts);
  breakdowns(layout, data);
  footers(layout, data, meta);

  doc.setTitle(`${title} — ${subtitle}`, { showInWindowTitleBar: true });
  doc.setSubject(`${title}: ${data.scope}, ${data.params.from} to ${data.params.to}`);
  doc.setAuthor(LACRA.authority);
  doc.setKeywords([
    "report",
    data.kind,
    data.params.from,
    data.params.to,
    `sha256:${meta.dataHash}`,
    "aggregate",
    "EUDR",
    "Liberia",
  ]);
  doc.setCreator("LACRA traceability platform");
  doc.setProducer("pdf-lib");
  doc.setLanguage("en");
  doc.setCreationDate(new Date(meta.generatedAt));
  doc.setModificationDate(new Date(meta.generatedAt));
  // No yielding to the event loop between objects (pdf-lib's default: setTimeout every 50
  // objects): the build must not depend on timers, and a report has a few hundred objects.
  const pdf = await savePdf(doc);
  return { bytes: pdf, pageCount: layout.pages.length, boxes: layout.boxes, charts };
}

function titlePage(l: Layout, data: ReportData, meta: ReportMeta) {
  l.text(LACRA.country.toUpperCase(), { size: 8.5, bold: true, color: MUTED });
  l.text(LACRA.authority, { size: 13, bold: true, color: NAVY });
  l.text(LACRA.address, { size: 8, color: MUTED });
  l.y -= 3;
  l.page.drawRectangle({ x: MARGIN, y: l.y - 2, width: CONTENT_WIDTH, height: 2, color: RED });
  l.page.drawRectangle({ x: MARGIN, y: l.y - 4.5, width: CONTENT_WIDTH, height: 1.2, color: NAVY });
  l.y -= 12;
  l.text(REPORT_KIND_LABEL[data.kind], { size: 18, bold: true });
  l.text(`${data.scope} — ${periodLabel(data.params)}`, { size: 11, color: MUTED });
  l.y -= 6;
  l.callout(NO_PERSONAL_DATA, NAVY, PALE_BLUE, 9);
  const parameters = [
    `from ${data.params.from}`,
    `to ${data.params.to}`,
    ...(data.params.county ? [`county ${data.params.county}`] : []),
    ...(data.params.commodity ? [`commodity ${data.params.commodity}`] : []),
    ...(data.kind === "exporter" ? [data.params.exporterId ? `exporter ${data.scope}` : "all exporters"] : []),
  ];
  l.fields(
    [
      ["Report", REPORT_KIND_LABEL[data.kind]],
      ["Scope", data.scope],
      ["Parameters", parameters.join(", ")],
      ["Period", `${shortDay(data.params.from)} to ${shortDay(data.params.to)} (both days included, UTC)`],
      ["Generated at", `${meta.generatedAt.slice(0, 19).replace("T", " ")} UTC`],
      ["Data hash (SHA-256)", meta.dataHash],
    ],
    { labelWidth: 110 },
  );
  l.y -= 2;
  l.text(
    `The data hash identifies the figures: the same figures always give the same hash, and any change gives a new one. ${PERIOD_RULES}`,
    { size: 8, color: MUTED },
  );
}

function summary(l: Layout, data: ReportData) {
  l.heading("Summary");
  const rows: Cell[][] = [];
  if (data.registry) {
    const r = data.registry;
    rows.push(["Farmers registered in the period", num(r.farmersRegistered)]);
    rows.push(["Farmers registered by the end of the period", num(r.farmersByEnd)]);
    rows.push(["Land plots recorded in the period", `${num(r.plots.count)} plots, ${ha(r.plots.hectares)}`]);
    rows.push([
      "Plots assessed low risk",
      `${num(r.byRisk.low.count)} (${pct(r.byRisk.low.count, r.plots.count)} of plots)`,
    ]);
  }
  if (data.purchases)
    rows.push([
      "Purchases recorded in the period",
      `${num(data.purchases.count)} batches, ${kg(data.purchases.weightKg)}`,
    ]);
  if (data.batches)
    rows.push([
      "EUDR-compliant batches (by weight)",
      `${kg(data.batches.byCompliance.compliant.weightKg)} (${pct(data.batches.byCompliance.compliant.weightKg, data.batches.weightKg)})`,
    ]);
  rows.push(["Exports in the period", `${num(data.exports.count)} batches, ${kg(data.exports.weightKg)}`]);
  rows.push(["Licensed exporters who exported", num(data.exports.exporters)]);
  l.table(
    [
      { header: "Figure", width: 1.4 },
      { header: "Value", width: 1 },
    ],
    rows,
    { size: 8.5, keepTogether: true },
  );
}

function registrySection(l: Layout, data: ReportData, charts: DrawnChart[]) {
  const r = data.registry!;
  l.ensure(SECTION_HEAD + shareChartHeight(RISK_KEYS.length));
  l.heading("Deforestation risk of land plots (EUDR)");
  l.text(
    `Latest risk verdict of the ${num(r.plots.count)} plots recorded in the period (share of plots; cutoff date 31 December 2020).`,
    { size: 8.5, color: MUTED },
  );
  l.y -= 2;
  shareChart(
    l,
    "Risk verdicts, share of plots",
    RISK_KEYS.map((k) => ({
      label: RISK_LABEL[k],
      value: r.byRisk[k].count,
      note: `${num(r.byRisk[k].count)} plots`,
      color: RISK_COLOR[k],
    })),
    charts,
  );
  l.table(
    [{ header: "Risk verdict", width: 1.6 }, right("Plots", 0.7), right("Share", 0.7), right("Hectares", 0.9)],
    RISK_KEYS.map((k) => [
      RISK_LABEL[k],
      num(r.byRisk[k].count),
      pct(r.byRisk[k].count, r.plots.count),
      ha(r.byRisk[k].hectares),
    ]),
    { size: 8, keepTogether: true },
  );
  l.table(
    [
      { header: "Geometry check (EUDR Art. 2(28))", width: 1.6 },
      right("Plots", 0.7),
      right("Share", 0.7),
      right("Hectares", 0.9),
    ],
    VALIDATION_KEYS.map((k) => [
      VALIDATION_LABEL[k],
      num(r.byValidation[k].count),
      pct(r.byValidation[k].count, r.plots.count),
      ha(r.byValidation[k].hectares),
    ]),
    { size: 8, keepTogether: true },
  );
}

function complianceRows(by: Record<ComplianceKey, CountKg>, total: CountKg): Cell[][] {
  return COMPLIANCE_KEYS.map((k) => [
    COMPLIANCE_SHORT_LABEL[k],
    num(by[k].count),
    kg(by[k].weightKg),
    pct(by[k].weightKg, total.weightKg),
  ]);
}
const complianceColumns = (first: string): Column[] => [
  { header: first, width: 1.6 },
  right("Batches", 0.7),
  right("Weight", 1),
  right("Share of weight", 0.8),
];

function batchesSection(l: Layout, data: ReportData, charts: DrawnChart[]) {
  const b = data.batches!;
  l.ensure(SECTION_HEAD + shareChartHeight(COMPLIANCE_KEYS.length));
  l.heading("EUDR compliance of batches");
  l.text(
    `Batches recorded in the period and still open (not split or merged): ${num(b.count)} batches, ${kg(b.weightKg)}. Share by weight.`,
    { size: 8.5, color: MUTED },
  );
  l.y -= 2;
  shareChart(
    l,
    "Compliance status, share of batch weight",
    COMPLIANCE_KEYS.map((k) => ({
      label: COMPLIANCE_SHORT_LABEL[k],
      value: b.byCompliance[k].weightKg,
      note: kg(b.byCompliance[k].weightKg),
      color: COMPLIANCE_COLOR[k],
    })),
    charts,
  );
  l.table(complianceColumns("Compliance status"), complianceRows(b.byCompliance, b), { size: 8, keepTogether: true });
}

function exportsSection(l: Layout, data: ReportData, charts: DrawnChart[]) {
  const e = data.exports;
  if (data.kind === "exporter") l.ensure(SECTION_HEAD + shareChartHeight(COMPLIANCE_KEYS.length));
  l.heading(data.kind === "exporter" ? `Exports — ${data.scope}` : "Exports");
  l.text(
    `${num(e.count)} batches exported in the period, ${kg(e.weightKg)}, by ${num(e.exporters)} licensed exporter(s). Compliance status of the exported batches, by weight:`,
    { size: 8.5, color: MUTED },
  );
  l.y -= 2;
  if (data.kind === "exporter") {
    shareChart(
      l,
      "Exported batches by compliance status, share of weight",
      COMPLIANCE_KEYS.map((k) => ({
        label: COMPLIANCE_SHORT_LABEL[k],
        value: e.byCompliance[k].weightKg,
        note: kg(e.byCompliance[k].weightKg),
        color: COMPLIANCE_COLOR[k],
      })),
      charts,
    );
  }
  l.table(complianceColumns("Exported batches"), complianceRows(e.byCompliance, e), { size: 8, keepTogether: true });
}

function monthlySection(l: Layout, data: ReportData, charts: DrawnChart[]) {
  const withPurchases = data.monthly.some((m) => m.purchasedKg !== null);
  l.ensure(SECTION_HEAD + MONTHLY_CHART_HEIGHT);
  l.heading(withPurchases ? "Purchases and exports by month" : "Exports by month");
  monthlyChart(l, data, withPurchases, charts);
  l.table(
    [{ header: "Month", width: 1 }, ...(withPurchases ? [right("Purchased", 1)] : []), right("Exported", 1)],
    data.monthly.map((m) => [
      monthTick(m.month).replace(/ (\d\d)$/, " 20$1"),
      ...(withPurchases ? [kg(m.purchasedKg ?? 0)] : []),
      kg(m.exportedKg),
    ]),
    { size: 7.5, keepTogether: data.monthly.length <= 24 },
  );
}

function breakdowns(l: Layout, data: ReportData) {
  if (data.byCounty.length) {
    l.heading("By county");
    l.table(
      [
        { header: "County", width: 1.75 },
        ...(data.registry
          ? [
              right("Farmers", 0.75),
              right("Plots", 0.65),
              right("Hectares", 0.95),
              right("Low risk", 0.7),
              right("High risk", 0.7),
            ]
          : []),
        right("Purchased", 1.05),
        right("Exported", 1.05),
      ],
      data.byCounty.map((c) => [
        c.county,
        ...(data.registry
          ? [num(c.farmers), num(c.plots), ha(c.hectares), num(c.lowRiskPlots), num(c.highRiskPlots)]
          : []),
        kg(c.purchasedKg),
        kg(c.exportedKg),
      ]),
      { size: 7.5 },
    );
  }
  if (data.byCommodity.length) {
    l.heading(data.kind === "exporter" ? "Exports by commodity" : "By commodity");
    if (data.kind === "exporter") {
      l.table(
        [{ header: "Commodity", width: 1.5 }, right("Exported", 1), right("Share", 0.7)],
        data.byCommodity.map((k) => [k.commodity, kg(k.exportedKg), pct(k.exportedKg, data.exports.weightKg)]),
        { size: 7.5 },
      );
    } else {
      l.table(
        [
          { header: "Commodity", width: 1.3 },
          right("Plots", 0.6),
          right("Hectares", 0.95),
          right("Open batches", 0.75),
          right("Batch weight", 1.05),
          right("Compliant", 1.05),
          right("Exported", 1.05),
        ],
        data.byCommodity.map((k) => [
          k.commodity,
          num(k.plots),
          ha(k.hectares),
          num(k.batches),
          kg(k.weightKg),
          kg(k.compliantKg),
          kg(k.exportedKg),
        ]),
        { size: 7.5 },
      );
    }
  }
  if (data.kind === "exporter") {
    l.heading("By licensed exporter");
    if (!data.byExporter.length)
      l.text("No exports by licensed exporters in this period.", { size: 8.5, color: MUTED });
    else
      l.table(
        [
          { header: "Exporter (company)", width: 2 },
          right("Exports", 0.6),
          right("Exported", 1),
          right("Compliant", 1),
          right("Share", 0.6),
          right("Commodities", 0.75),
        ],
        data.byExporter.map((e) => [
          e.name,
          num(e.exports),
          kg(e.exportedKg),
          kg(e.compliantKg),
          pct(e.exportedKg, data.exports.weightKg),
          num(e.commodities),
        ]),
        { size: 7.5 },
      );
  }
}

type ShareRow = { label: string; value: number; note: string; color: Color };

/** Room for a section heading and its two-line introduction, kept on the page of their chart. */
const SECTION_HEAD = 62;
const SHARE_ROW = 15;
const MONTHLY_CHART_HEIGHT = 200;

function shareChartHeight(rows: number) {
  const lh = (size: number) => size * 1.28;
  return 6 + lh(8) + 4 + rows * SHARE_ROW + (1 + 3 + lh(6.5) + 3) + 4 + 6;
}

/**
 * Horizontal bars, one per row, each as long as its share of the total, on a 0–100 % axis;
 * the label on the left, "share · note" in a fixed column on the right (never over a bar).
 */
function shareChart(l: Layout, title: string, rows: ShareRow[], charts: DrawnChart[]) {
  const total = rows.reduce((s, r) => s + r.value, 0);
  const rowH = SHARE_ROW;
  const titleH = l.lineHeight(8);
  const height = shareChartHeight(rows.length) - 6;
  l.ensure(height + 6);
  const x = MARGIN;
  const top = l.y;
  const width = CONTENT_WIDTH;
  const chart: DrawnChart = {
    kind: "shares",
    title,
    page: l.pageIndex,
    x,
    y: top - height,
    width,
    height,
    bars: [],
    line: [],
  };
  l.page.drawRectangle({ x, y: top - height, width, height, borderColor: RULE, borderWidth: 0.6 });
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
function monthlyChart(l: Layout, data: ReportData, withPurchases: boolean, charts: DrawnChart[]) {
  const height = MONTHLY_CHART_HEIGHT;
  l.ensure(height + 8);
  const x = MARGIN;
  const top = l.y;
  const width = CONTENT_WIDTH;
  const title = withPurchases ? "Purchased and exported tonnes per month" : "Exported tonnes per month";
  const chart: DrawnChart = {
    kind: "monthly",
    title,
    page: l.pageIndex,
    x,
    y: top - height,
    width,
    height,
    bars: [],
    line: [],
  };
  l.page.drawRectangle({ x, y: top - height, width, height, borderColor: RULE, borderWidth: 0.6 });
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

function footers(l: Layout, data: ReportData, meta: ReportMeta) {
  const total = l.pages.length;
  const lh = l.lineHeight(7.5);
  for (let i = 0; i < total; i++) {
    l.usePage(i);
    l.page.drawLine({
      start: { x: MARGIN, y: MARGIN + lh + 3 },
      end: { x: PAGE.width - MARGIN, y: MARGIN + lh + 3 },
      thickness: 0.5,
      color: RULE,
    });
    const pageText = `Page ${i + 1} of ${total}`;
    const pageWidth = l.width(pageText, l.fonts.regular, 7.5);
    l.drawLine(pageText, MARGIN, MARGIN + lh, { size: 7.5, color: MUTED }, "right", CONTENT_WIDTH);
    const left = `${LACRA.shortName} · ${REPORT_KIND_LABEL[data.kind]} · aggregate figures, no personal data · data ${meta.dataHash.slice(0, 12)}`;
    l.drawLine(fitText(l, left, CONTENT_WIDTH - pageWidth - 12, 7.5, false), MARGIN, MARGIN + lh, {
      size: 7.5,
      color: MUTED,
    });
  }
}
