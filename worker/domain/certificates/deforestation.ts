/** The deforestation analysis certificate: each plot on a map, its evidence and its monthly monitoring. */
import type { Color } from "pdf-lib";
import { THRESHOLD_PERCENT } from "../assess-risk";
import type { Layout } from "../pdf/layout";
import { drawPlotMap } from "../pdf/plot-map";
import { AMBER, CONTENT_WIDTH, formatNumber, GREEN, ha, INK, MARGIN, MUTED, RED } from "../pdf/theme";
import {
  type CertificateData,
  EUDR_CUTOFF_LABEL,
  formatDate,
  type PlotRecord,
  shortMonth,
  VERDICT_LABEL,
} from "./content";
import {
  evidenceTable,
  farmersText,
  geometryText,
  monitoringWindow,
  totalArea,
  VERDICT_COLOR,
  verdictCounts,
} from "./parts";

export function deforestationBody(l: Layout, data: CertificateData) {
  l.heading("Summary");
  l.fields([
    ["Farmer(s)", farmersText(data)],
    ...(data.batch ? [["Batch", `${data.batch.batchCode} (${data.batch.commodity})`] as [string, string]] : []),
    ["Plots analysed", `${data.plots.length} plot(s), ${ha(totalArea(data.plots))} in total`],
    ["Verdicts", verdictCounts(data.plots)],
    ["Cutoff date", EUDR_CUTOFF_LABEL],
    ["Monitoring window", monitoringWindow(data)],
    [
      "Method",
      `Convergence of evidence (FAO Whisp). Low: no tree cover in 2020, or the commodity was already there, or disturbance predates 2020. High: disturbance after 2020 or a protected area. Otherwise more information is needed. A layer counts from ${THRESHOLD_PERCENT}% of the plot (any overlap for a point).`,
    ],
  ]);

  for (const p of data.plots) {
    l.heading(`Plot ${p.plotCode} — ${p.crop}, ${ha(p.areaHectares)}, ${p.county}`, 10.5);
    const mapSize = 118;
    const rightX = MARGIN + mapSize + 14;
    const rightWidth = CONTENT_WIDTH - mapSize - 14;
    const rows: [string, string | { text: string; color?: Color; bold?: boolean }][] = [
      ["Producer", `${p.producerName} (${p.farmerId})`],
      ["Location", [p.community, p.county].filter(Boolean).join(", ")],
      ["Geolocation", geometryText(p)],
      [
        "Verdict",
        p.verdict
          ? { text: VERDICT_LABEL[p.verdict], bold: true, color: VERDICT_COLOR[p.verdict] }
          : { text: "Not assessed", bold: true, color: AMBER },
      ],
      ["Assessed", formatDate(p.assessedAt)],
      ["Why", p.reasons.join(" ") || "no reasons recorded"],
    ];
    const captionHeight = l.lineHeight(7);
    const need = Math.max(mapSize + captionHeight, l.measureFields(rows, rightWidth, 70, 8.5));
    l.ensure(Math.min(need, l.bodyTop - l.bodyBottom));
    const top = l.y;
    const bar = drawPlotMap(l, p.geometry, p.areaHectares, MARGIN, top, mapSize, mapSize);
    l.drawLine(`North up · scale bar ${bar} m`, MARGIN, top - mapSize - 1, { size: 7, color: MUTED });
    const mapPage = l.pageIndex;
    l.fields(rows, { x: rightX, width: rightWidth, labelWidth: 70, size: 8.5 });
    if (l.pageIndex === mapPage) l.y = Math.min(l.y, top - mapSize - 1 - captionHeight - 4);
    l.subheading(`Layers checked for ${p.plotCode}`, 8.5);
    evidenceTable(l, p);
    monitoringGrid(l, data, p);
  }
  if (!data.plots.length) l.text("No plot is recorded for this subject.", { bold: true, color: RED });
}

function monitoringGrid(l: Layout, data: CertificateData, p: PlotRecord) {
  const series = data.monitoring.find((s) => s.plotCode === p.plotCode);
  l.ensure(92); // heading, summary line and both 12-month rows stay together
  l.subheading(`Monitoring of ${p.plotCode}, month by month (alerts on the plot)`, 8.5);
  if (!series?.months.length) {
    l.text("No monitoring recorded for this plot.", { size: 8, color: AMBER });
    return;
  }
  const alertMonths = series.months.filter((m) => m.alerts > 0);
  const layers = [...new Set(series.months.map((m) => m.layer))].join(", ");
  // The largest, not the sum: a disturbance found once stays in force over the following months,
  // and adding it up month after month would count the same hectares again and again.
  const overlap = Math.max(0, ...series.months.map((m) => m.overlapHectares));
  l.text(
    `${series.months.length} months checked with ${layers}: alerts in ${alertMonths.length} month(s), largest overlap in a month ${ha(overlap)}.`,
    { size: 8, color: alertMonths.length ? RED : INK },
  );
  l.y -= 2;
  for (let start = 0; start < series.months.length; start += 12) {
    const chunk = series.months.slice(start, start + 12);
    const cols = Array.from({ length: 12 }, (_, i) => ({
      header: chunk[i] ? shortMonth(chunk[i]!.month) : "",
      width: 1,
    }));
    l.table(
      cols,
      [
        Array.from({ length: 12 }, (_, i) => {
          const m = chunk[i];
          if (!m) return "";
          return m.alerts > 0
            ? { text: `${m.alerts} (${formatNumber(m.overlapHectares, 2)} ha)`, bold: true, color: RED }
            : { text: "0", color: GREEN };
        }),
      ],
      { size: 6.5, keepTogether: true },
    );
  }
}
