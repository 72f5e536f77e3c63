/** The EUDR compliance certificate: the national attestation and the DDS-ready data, never the DDS itself. */
import type { Color } from "pdf-lib";
import { CUTOFF_DATE, THRESHOLD_PERCENT } from "../assess-risk";
import type { Layout } from "../pdf/layout";
import { AMBER, GREEN, ha, kg, MUTED, NAVY, PALE_BLUE, RED } from "../pdf/theme";
import {
  type CertificateData,
  COUNTRY,
  EUDR_CUTOFF_LABEL,
  formatDate,
  NOT_A_DDS_STATEMENT,
  type PlotRecord,
  VERDICT_LABEL,
} from "./content";
import { complianceOf, evidenceTable, plotsTable, subjectFields, totalArea } from "./parts";

function ddsFields(data: CertificateData): [string, string | { text: string; bold?: boolean; color?: Color }][] {
  const dds = data.dds;
  return [
    [
      "EU DDS reference number",
      dds ? { text: dds.referenceNumber, bold: true } : { text: "not yet recorded", color: AMBER },
    ],
    [
      "EU DDS verification number",
      dds ? { text: dds.verificationNumber, bold: true } : { text: "not yet recorded", color: AMBER },
    ],
    ...(dds?.operatorName ? [["Filed by (EU operator)", dds.operatorName] as [string, string]] : []),
    ...(dds?.recordedAt ? [["Recorded on the platform", formatDate(dds.recordedAt)] as [string, string]] : []),
  ];
}

export function eudrBody(l: Layout, data: CertificateData) {
  const result = complianceOf(data);
  l.callout(NOT_A_DDS_STATEMENT, NAVY, PALE_BLUE, 9);
  l.heading("Attestation");
  l.text(
    `The ${data.issuer.authority} attests that, on the records of the national traceability platform on ${formatDate(data.issuedAt)}, the produce described below comes from the ${data.plots.length} plot(s) listed, each geolocated and assessed for deforestation after the EUDR cutoff date of ${EUDR_CUTOFF_LABEL} (Regulation (EU) 2023/1115, as amended by Regulation (EU) 2025/2650).`,
  );
  l.y -= 3;
  const color = result.verdict === "eligible" ? GREEN : result.verdict === "held_for_review" ? AMBER : RED;
  l.text(
    result.verdict === "eligible"
      ? `Conclusion: eligible for an EU due diligence statement. ${result.reason}.`
      : `Conclusion: ${result.reason}.`,
    { bold: true, color },
  );

  l.heading("EUDR facts");
  l.fields([
    ["Country of production", `${COUNTRY.name} (${COUNTRY.iso2})`],
    [
      "EU country risk class",
      `Liberia is classified ${COUNTRY.euRiskClass} in the EU country benchmarking (low / standard / high)`,
    ],
    ["Cutoff date", `${EUDR_CUTOFF_LABEL} (${CUTOFF_DATE}): no deforestation after this date`],
    [
      "Risk method",
      `Convergence of evidence (FAO Whisp): tree cover at end-2020, commodity present in 2020, disturbance before and after 2020, protected areas and forest concessions; a layer counts from ${THRESHOLD_PERCENT}% of the plot (any overlap for a point)`,
    ],
  ]);

  l.heading("Subject");
  subjectFields(l, data);

  l.heading("DDS-ready data (for the EU operator)");
  const producers = new Set(data.plots.map((p) => p.farmerId)).size;
  l.fields([
    ["Activity", "Export from Liberia; the EU operator declares the placing on the EU market"],
    ["Description of goods", data.batch ? data.batch.description : "not recorded"],
    ["HS heading", data.batch?.hsCode ?? "not recorded"],
    ["Net mass", data.batch ? kg(data.batch.netWeightKg) : "not recorded"],
    ["Country of production", COUNTRY.iso2],
    ["Producers", `${producers} (${[...new Set(data.plots.map((p) => p.producerName))].join(", ") || "none"})`],
    ["Plots of production", `${data.plots.length} plot(s), ${ha(totalArea(data.plots))} in total`],
    [
      "Geolocation",
      "GeoJSON (RFC 7946), WGS84, [longitude, latitude] with 6 decimals; coordinates in the appendix below",
    ],
    ...ddsFields(data),
  ]);

  l.heading("Origin plots and risk verdicts");
  if (data.plots.length) plotsTable(l, data.plots);
  else
    l.text("No origin plot is recorded: produce of unknown origin cannot be EUDR-compliant.", {
      bold: true,
      color: RED,
    });

  l.heading("Evidence behind each verdict");
  for (const p of data.plots) {
    l.subheading(`${p.plotCode} — ${p.verdict ? VERDICT_LABEL[p.verdict] : "Not assessed"}`);
    if (p.reasons.length) l.text(p.reasons.map((r) => `• ${r}`).join("\n"), { size: 8 });
    l.y -= 2;
    evidenceTable(l, p);
  }

  l.heading("Appendix: geolocation of the plots (WGS84, longitude, latitude)");
  for (const p of data.plots) {
    l.text(`${p.plotCode} (${p.producerName}, ${ha(p.areaHectares)})`, { size: 7.5, bold: true });
    l.text(coordinatesText(p), { size: 7, color: MUTED });
    l.y -= 2;
  }
}

function coordinatesText(p: PlotRecord): string {
  const pair = (c: number[]) => `[${c[0]!.toFixed(6)}, ${c[1]!.toFixed(6)}]`;
  const g = p.geometry;
  if (g.type === "Point") return `Point ${pair(g.coordinates)}`;
  if (g.type === "Polygon") return `Polygon ${g.coordinates.map((r) => r.map(pair).join(" ")).join(" | ")}`;
  return `MultiPolygon ${g.coordinates.map((poly) => poly.map((r) => r.map(pair).join(" ")).join(" | ")).join(" || ")}`;
}
