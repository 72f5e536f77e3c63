/**
 * What several certificate documents print alike: the farmers and subject of a certificate, the
 * origin plots table, the evidence behind a verdict, verdict counts and the monitoring window.
 */
import type { Color } from "pdf-lib";
import type { Verdict } from "../assess-risk";
import { THRESHOLD_PERCENT } from "../assess-risk";
import { evaluateBatchCompliance } from "../batch-compliance";
import type { Layout } from "../pdf/layout";
import { AMBER, type Cell, formatNumber, GREEN, ha, kg, RED } from "../pdf/theme";
import { type CertificateData, formatDate, LAYER_KIND_LABEL, type PlotRecord, VERDICT_LABEL } from "./content";

export const VERDICT_COLOR: Record<Verdict, Color> = { low: GREEN, high: RED, more_information_needed: AMBER };
export const verdictCell = (v: Verdict | null): Cell =>
  v
    ? { text: VERDICT_LABEL[v], bold: true, color: VERDICT_COLOR[v] }
    : { text: "Not assessed", color: AMBER, bold: true };
/** "26 Dec 2025": dates in narrow table columns. */
export const shortDate = (iso: string | null | undefined) => {
  const full = formatDate(iso);
  const m = /^(\d+) (\w{3})\w* (\d{4})$/.exec(full);
  return m ? `${m[1]} ${m[2]} ${m[3]}` : full;
};
export const orNot = (s: string | null | undefined) => (s?.trim() ? s : "not recorded");
/** "Name, address", or the name alone with a note when the address is not recorded. */
export const nameAndAddress = (name: string, address: string | null | undefined) =>
  address ? `${name}, ${address}` : `${name} (address not recorded)`;
export const partyText = (
  p: { name: string; address: string; country: string } | null | undefined,
  withCountry = false,
) => (p ? `${p.name}, ${p.address}${withCountry ? `, ${p.country}` : ""}` : "not recorded");

export function farmersText(data: CertificateData): string {
  if (!data.farmers.length) return "not recorded";
  return data.farmers.map((f) => `${f.name} (${f.farmerId}; ${f.community}, ${f.county})`).join("; ");
}

export function subjectFields(l: Layout, data: CertificateData) {
  const rows: [string, string][] = [
    [data.farmers.length > 1 ? `Farmers (${data.farmers.length})` : "Farmer", farmersText(data)],
  ];
  if (data.batch) {
    const b = data.batch;
    rows.push(
      ["Batch", b.batchCode],
      ["Commodity", `${b.commodity} — ${b.description}`],
      ["HS heading", b.hsCode],
      ["Net weight", kg(b.netWeightKg)],
      ["Harvest date", formatDate(b.harvestDate)],
    );
  }
  if (data.shipment) {
    const s = data.shipment;
    rows.push([
      "Shipment",
      `${s.reference} — ${s.exporter.name} to ${s.consignee ? `${s.consignee.name}, ${s.consignee.country}` : "a consignee not recorded"}`,
    ]);
  }
  l.fields(rows);
}

export function complianceOf(data: CertificateData) {
  return evaluateBatchCompliance(
    data.plots.map((p) => ({
      plotCode: p.plotCode,
      riskLevel: p.verdict,
      validationState: p.geometryValid ? "valid" : "invalid",
    })),
  );
}

export function verdictCounts(plots: PlotRecord[]): string {
  const count = (v: Verdict | null) => plots.filter((p) => p.verdict === v).length;
  const parts = [
    `${count("low")} low risk`,
    `${count("high")} high risk`,
    `${count("more_information_needed")} more information needed`,
  ];
  const none = count(null);
  if (none) parts.push(`${none} not assessed`);
  return parts.join(", ");
}

export const totalArea = (plots: PlotRecord[]) => plots.reduce((s, p) => s + p.areaHectares, 0);

export function geometryText(p: PlotRecord): string {
  const g = p.geometry;
  if (g.type === "Point") return `Point (lat ${g.coordinates[1].toFixed(6)}, lon ${g.coordinates[0].toFixed(6)})`;
  const vertices =
    g.type === "Polygon" ? g.coordinates[0]!.length - 1 : g.coordinates.reduce((s, poly) => s + poly[0]!.length - 1, 0);
  return `${g.type}, ${vertices} vertices`;
}

export function plotsTable(l: Layout, plots: PlotRecord[]) {
  l.table(
    [
      { header: "Plot", width: 1.2 },
      { header: "Producer", width: 1.45 },
      { header: "Crop", width: 0.6 },
      { header: "County", width: 1.05 },
      { header: "Area", width: 0.7, align: "right" },
      { header: "Geolocation", width: 1.45 },
      { header: "Verdict", width: 1.05 },
      { header: "Assessed", width: 1.05 },
    ],
    plots.map((p) => [
      p.plotCode,
      p.producerName,
      p.crop,
      p.county,
      ha(p.areaHectares),
      geometryText(p),
      verdictCell(p.verdict),
      shortDate(p.assessedAt),
    ]),
  );
}

export function evidenceTable(l: Layout, p: PlotRecord) {
  if (!p.evidence.length) {
    l.text("No reference layer covers this plot: the verdict cannot rest on evidence yet.", { size: 8, color: AMBER });
    return;
  }
  l.table(
    [
      { header: "Layer", width: 2.4 },
      { header: "Evidence group", width: 1.5 },
      { header: "Version", width: 0.8 },
      { header: "Data date", width: 0.85 },
      { header: "Overlap", width: 0.8, align: "right" },
      { header: "% of plot", width: 0.7, align: "right" },
      { header: "Counts", width: 0.6 },
    ],
    p.evidence.map((e) => {
      const counts = e.present ?? e.overlapPercent >= THRESHOLD_PERCENT;
      return [
        e.layerName,
        LAYER_KIND_LABEL[e.kind] ?? e.kind,
        e.version,
        orNot(e.sourceDate),
        ha(e.overlapHectares),
        `${formatNumber(e.overlapPercent, 1)} %`,
        counts ? { text: "yes", bold: true } : "no",
      ];
    }),
    { size: 7.5, keepTogether: true },
  );
}

export function monitoringWindow(data: CertificateData): string {
  const months = data.monitoring.flatMap((s) => s.months.map((m) => m.month)).sort();
  if (!months.length) return "no monitoring recorded";
  const first = months[0]!;
  const last = months[months.length - 1]!;
  const n = new Set(months).size;
  return `${formatDate(first)} – ${formatDate(last)} (${n} months)`;
}
