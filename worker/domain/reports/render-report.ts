/**
 * Draws an oversight report to PDF with the layout engine shared with
 * certificates (../pdf/layout.ts: wrapped text, page breaks, tables with repeated headers) and
 * the embedded DejaVu fonts. Charts are drawn with pdf-lib primitives — rectangles, lines, circles
 * and text — so the PDF needs no image library and stays small:
 * - share charts: one horizontal bar per verdict or status, with its percentage and count, on a
 *   0–100 % axis;
 * - the monthly chart: exported tonnes as bars and purchased tonnes as a line, with a y axis in
 *   tonnes (rounded steps), month labels (thinned to fit) and a legend.
 * Every chart is recorded in the layout's drawn boxes (kind "chart"), its labels as text boxes,
 * so tests can prove everything lies inside the margins and no label overlaps another.
 * The sections are in report-sections.ts, the charts in report-charts.ts.
 * Pure apart from CPU: the same data and meta give the same pages.
 */
import { LACRA } from "../certificates/content";
import { newPdfDocument, savePdf, setPdfInfo } from "../pdf/document";
import { continuationRule, fitText, footEveryPage, letterhead } from "../pdf/frame";
import { Layout } from "../pdf/layout";
import {
  type Cell,
  CONTENT_WIDTH,
  type DrawnBox,
  ha,
  kg,
  MARGIN,
  MUTED,
  NAVY,
  num,
  PAGE,
  PALE_BLUE,
  pct,
} from "../pdf/theme";
import { HIDDEN_TEXT, SMALL_CELL_TEXT } from "../suppression";
import type { DrawnChart } from "./report-charts";
import {
  NO_PERSONAL_DATA,
  PERIOD_RULES,
  periodLabel,
  REPORT_KIND_LABEL,
  type ReportData,
  shortDay,
} from "./report-content";
import { batchesSection, breakdowns, exportsSection, monthlySection, registrySection } from "./report-sections";

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

export type ReportRenderResult = { bytes: Uint8Array; pageCount: number; boxes: DrawnBox[]; charts: DrawnChart[] };

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
      continuationRule(l);
    },
  });
  const charts: DrawnChart[] = [];
  layout.newPage();

  titlePage(layout, data, meta);
  if (data.withheld) {
    // The data holds no figure of a withheld scope (report-suppression.ts): only say why.
    layout.heading("Summary");
    layout.callout(withheldText(data), NAVY, PALE_BLUE, 9);
  } else {
    summary(layout, data);
    if (data.registry) registrySection(layout, data, charts);
    if (data.batches) batchesSection(layout, data, charts);
    exportsSection(layout, data, charts);
    monthlySection(layout, data, charts);
    breakdowns(layout, data);
  }
  footers(layout, data, meta);

  setPdfInfo(doc, {
    title: `${title} — ${subtitle}`,
    subject: `${title}: ${data.scope}, ${data.params.from} to ${data.params.to}`,
    author: LACRA.authority,
    keywords: [
      "report",
      data.kind,
      data.params.from,
      data.params.to,
      `sha256:${meta.dataHash}`,
      "aggregate",
      "EUDR",
      "Liberia",
    ],
    date: new Date(meta.generatedAt),
  });
  // No yielding to the event loop between objects (pdf-lib's default: setTimeout every 50
  // objects): the build must not depend on timers, and a report has a few hundred objects.
  const pdf = await savePdf(doc);
  return { bytes: pdf, pageCount: layout.pages.length, boxes: layout.boxes, charts };
}

function titlePage(l: Layout, data: ReportData, meta: ReportMeta) {
  letterhead(l, LACRA);
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

/** Why a withheld report prints no figures. */
export function withheldText(data: ReportData): string {
  const why =
    data.withheld === "small"
      ? `${data.scope} has fewer than 5 registered farmers`
      : `${data.scope} is withheld so that a scope with fewer than 5 farmers cannot be worked out from it`;
  return `${why}: none of its figures are published in this report (small-cell suppression, ${SMALL_CELL_TEXT} and ${HIDDEN_TEXT} in the other reports).`;
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

function footers(l: Layout, data: ReportData, meta: ReportMeta) {
  footEveryPage(
    l,
    `${LACRA.shortName} · ${REPORT_KIND_LABEL[data.kind]} · aggregate figures, no personal data · data ${meta.dataHash.slice(0, 12)}`,
  );
}
