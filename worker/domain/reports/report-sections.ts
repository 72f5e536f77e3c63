/** The sections of a report after its summary: registry, batches, exports, months and breakdowns. */
import type { Color } from "pdf-lib";
import { rgb } from "pdf-lib";
import type { Layout } from "../pdf/layout";
import { AMBER, type Cell, type Column, GREEN, ha, kg, MUTED, num, pct, RED } from "../pdf/theme";
import { HIDDEN_TEXT, publish, publishedText, SMALL_CELL_TEXT, SUPPRESSION_NOTE } from "../suppression";
import {
  type DrawnChart,
  MONTHLY_CHART_HEIGHT,
  monthlyChart,
  SECTION_HEAD,
  type ShareRow,
  shareChart,
  shareChartHeight,
} from "./report-charts";
import {
  COMPLIANCE_KEYS,
  COMPLIANCE_SHORT_LABEL,
  type ComplianceKey,
  type CountKg,
  monthTick,
  type ReportData,
  RISK_KEYS,
  RISK_LABEL,
  type RiskKey,
  VALIDATION_KEYS,
  VALIDATION_LABEL,
} from "./report-content";

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
const right = (header: string, width: number): Column => ({ header, width, align: "right" });

/** One bar per compliance status, as long as its share of the weight. */
const complianceShares = (by: Record<ComplianceKey, CountKg>): ShareRow[] =>
  COMPLIANCE_KEYS.map((k) => ({
    label: COMPLIANCE_SHORT_LABEL[k],
    value: by[k].weightKg,
    note: kg(by[k].weightKg),
    color: COMPLIANCE_COLOR[k],
  }));

export function registrySection(l: Layout, data: ReportData, charts: DrawnChart[]) {
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

export function batchesSection(l: Layout, data: ReportData, charts: DrawnChart[]) {
  const b = data.batches!;
  l.ensure(SECTION_HEAD + shareChartHeight(COMPLIANCE_KEYS.length));
  l.heading("EUDR compliance of batches");
  l.text(
    `Batches recorded in the period and still open (not split or merged): ${num(b.count)} batches, ${kg(b.weightKg)}. Share by weight.`,
    { size: 8.5, color: MUTED },
  );
  l.y -= 2;
  shareChart(l, "Compliance status, share of batch weight", complianceShares(b.byCompliance), charts);
  l.table(complianceColumns("Compliance status"), complianceRows(b.byCompliance, b), { size: 8, keepTogether: true });
}

export function exportsSection(l: Layout, data: ReportData, charts: DrawnChart[]) {
  const e = data.exports;
  if (data.kind === "exporter") l.ensure(SECTION_HEAD + shareChartHeight(COMPLIANCE_KEYS.length));
  l.heading(data.kind === "exporter" ? `Exports — ${data.scope}` : "Exports");
  l.text(
    `${num(e.count)} batches exported in the period, ${kg(e.weightKg)}, by ${num(e.exporters)} licensed exporter(s). Compliance status of the exported batches, by weight:`,
    { size: 8.5, color: MUTED },
  );
  l.y -= 2;
  if (data.kind === "exporter") {
    shareChart(l, "Exported batches by compliance status, share of weight", complianceShares(e.byCompliance), charts);
  }
  l.table(complianceColumns("Exported batches"), complianceRows(e.byCompliance, e), { size: 8, keepTogether: true });
}

export function monthlySection(l: Layout, data: ReportData, charts: DrawnChart[]) {
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

export function breakdowns(l: Layout, data: ReportData) {
  // Rows withheld by report-suppression.ts carry their mark; their figures are zeroed already.
  const withheld = [...data.byCounty, ...data.byCommodity].some((r) => r.mark);
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
      data.byCounty.map((c) => {
        const mark = c.mark ?? null;
        const cell = (n: number, format: (n: number) => string) =>
          publishedText(publish(n, mark ? "hidden" : null), format);
        return [
          c.county,
          ...(data.registry
            ? [
                publishedText(publish(c.farmers, mark), num),
                cell(c.plots, num),
                cell(c.hectares, ha),
                cell(c.lowRiskPlots, num),
                cell(c.highRiskPlots, num),
              ]
            : []),
          cell(c.purchasedKg, kg),
          cell(c.exportedKg, kg),
        ];
      }),
      { size: 7.5 },
    );
  }
  if (data.byCommodity.length) {
    l.heading(data.kind === "exporter" ? "Exports by commodity" : "By commodity");
    if (data.kind === "exporter") {
      l.table(
        [{ header: "Commodity", width: 1.5 }, right("Exported", 1), right("Share", 0.7)],
        data.byCommodity.map((k) =>
          k.mark
            ? [k.commodity, markText(k.mark, true), HIDDEN_TEXT]
            : [k.commodity, kg(k.exportedKg), pct(k.exportedKg, data.exports.weightKg)],
        ),
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
        data.byCommodity.map((k) =>
          k.mark
            ? [k.commodity, markText(k.mark, true), ...Array<string>(5).fill(HIDDEN_TEXT)]
            : [
                k.commodity,
                num(k.plots),
                ha(k.hectares),
                num(k.batches),
                kg(k.weightKg),
                kg(k.compliantKg),
                kg(k.exportedKg),
              ],
        ),
        { size: 7.5 },
      );
    }
  }
  if (withheld) l.text(SUPPRESSION_NOTE, { size: 7.5, color: MUTED });
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

/** What a withheld row prints in its first figure: "<5" for a small scope, "*" for its complement. */
const markText = (mark: "small" | "hidden", _first: boolean) => (mark === "small" ? SMALL_CELL_TEXT : HIDDEN_TEXT);
