/**
 * Draws the six certificate documents (issue #5) from `CertificateData` with pdf-lib and the
 * embedded DejaVu fonts (subset: only the glyphs used are stored, so a PDF stays small).
 * Pure apart from CPU: no storage, no clock — the same data gives the same pages.
 *
 * Every document carries: the issuing authority, the title, the certificate number, issue and
 * expiry dates, the subject, a QR code of the public verification URL (and the URL in text),
 * "page X of Y" footers, and a signature block. Test profiles are marked on every page.
 */
import fontkit from "@pdf-lib/fontkit";
import { type Color, PDFDocument, type PDFFont, rgb } from "pdf-lib";
import type { Verdict } from "../assess-risk";
import { CUTOFF_DATE, THRESHOLD_PERCENT } from "../assess-risk";
import { evaluateBatchCompliance } from "../batch-compliance";
import {
  CERTIFICATE_INFO,
  type CertificateData,
  type CertificateType,
  COUNTRY,
  EUDR_CUTOFF_LABEL,
  formatDate,
  LAYER_KIND_LABEL,
  NOT_A_DDS_STATEMENT,
  type PlotRecord,
  shortMonth,
  TEST_PROFILE_NOTICE,
  VERDICT_LABEL,
} from "./content";
import { certificateFonts } from "./fonts";
import { GRADE_MEANING, gradeFromMeasurements, tradeGradeOf } from "./grading";
import {
  AMBER,
  type Cell,
  CONTENT_WIDTH,
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
} from "./layout";
import { syncFontSubsetting } from "./sync-font-subset";

export type { DrawnBox } from "./layout";
export { MARGIN, PAGE } from "./layout";

export type RenderOptions = {
  /** Creator tool named in the PDF metadata. */
  creator?: string;
};

export type RenderResult = {
  bytes: Uint8Array;
  pageCount: number;
  /** Every text line, QR code and map drawn, with its page and position (points, origin bottom-left). */
  boxes: DrawnBox[];
  /** Where the QR code is (page 1) and its matrix, so a test can compare the rendered pixels. */
  qr: { page: number; x: number; y: number; size: number; modules: number; quiet: number; data: boolean[][] };
};

const PALE_RED = rgb(0.99, 0.93, 0.93);
const PALE_BLUE = rgb(0.92, 0.95, 0.99);
const QR_SIZE = 96;

const VERDICT_COLOR: Record<Verdict, Color> = { low: GREEN, high: RED, more_information_needed: AMBER };
const verdictCell = (v: Verdict | null): Cell =>
  v
    ? { text: VERDICT_LABEL[v], bold: true, color: VERDICT_COLOR[v] }
    : { text: "Not assessed", color: AMBER, bold: true };
const ha = (n: number) => `${formatNumber(n, 2)} ha`;
const kg = (n: number) => `${formatNumber(n, 0)} kg`;
/** "26 Dec 2025": dates in narrow table columns. */
const shortDate = (iso: string | null | undefined) => {
  const full = formatDate(iso);
  const m = /^(\d+) (\w{3})\w* (\d{4})$/.exec(full);
  return m ? `${m[1]} ${m[2]} ${m[3]}` : full;
};
const orNot = (s: string | null | undefined) => (s?.trim() ? s : "not recorded");
/** "Name, address", or the name alone with a note when the address is not recorded. */
const nameAndAddress = (name: string, address: string | null | undefined) =>
  address ? `${name}, ${address}` : `${name} (address not recorded)`;
const partyText = (p: { name: string; address: string; country: string } | null | undefined, withCountry = false) =>
  p ? `${p.name}, ${p.address}${withCountry ? `, ${p.country}` : ""}` : "not recorded";

/**
 * Renders one certificate to PDF bytes.
 * @param type which of the six documents
 * @param data the stamped content (see content.ts `stampCertificate`); `data.type` must be `type`
 * @throws RangeError when `data` was stamped for another type
 */
export async function renderCertificate(
  type: CertificateType,
  data: CertificateData,
  opts: RenderOptions = {},
): Promise<Uint8Array> {
  return (await renderCertificateLayout(type, data, opts)).bytes;
}

/** As `renderCertificate`, also returning the layout (drawn boxes, QR position) for checks. */
export async function renderCertificateLayout(
  type: CertificateType,
  data: CertificateData,
  opts: RenderOptions = {},
): Promise<RenderResult> {
  // The number, validity and issuer were stamped for one type: drawing another would mislabel them.
  if (data.type !== type) throw new RangeError(`Certificate data was stamped for "${data.type}", not "${type}"`);
  const info = CERTIFICATE_INFO[type];
  const { doc, fonts } = await newPdfDocument();

  const footerHeight = (data.testProfile ? 2 : 1) * 7.5 * 1.28 + 8;
  const layout = new Layout(doc, fonts, {
    headerHeight: 34,
    footerHeight,
    header: (l) => {
      const top = PAGE.height - MARGIN;
      const left = `${data.issuer.authority}`;
      const right = `No. ${data.certificateNumber}`;
      const rightWidth = l.width(right, fonts.bold, 8);
      l.drawLine(fitText(l, left, CONTENT_WIDTH - rightWidth - 12, 8, true), MARGIN, top, {
        size: 8,
        bold: true,
        color: NAVY,
      });
      l.drawLine(right, MARGIN, top, { size: 8, bold: true, color: NAVY }, "right", CONTENT_WIDTH);
      l.drawLine(fitText(l, `${info.title} — continued`, CONTENT_WIDTH, 8, false), MARGIN, top - 11, {
        size: 8,
        color: MUTED,
      });
      l.page.drawLine({
        start: { x: MARGIN, y: top - 27 },
        end: { x: PAGE.width - MARGIN, y: top - 27 },
        thickness: 0.8,
        color: RED,
      });
    },
  });
  layout.newPage();
  const qr = firstPageHeader(layout, type, data);

  switch (type) {
    case "eudr":
      eudrBody(layout, data);
      break;
    case "deforestation":
      deforestationBody(layout, data);
      break;
    case "phytosanitary":
      phytosanitaryBody(layout, data);
      break;
    case "origin":
      originBody(layout, data);
      break;
    case "quality":
      qualityBody(layout, data);
      break;
    case "declaration":
      declarationBody(layout, data);
      break;
  }
  signatureBlock(layout, type, data);
  footers(layout, data);

  doc.setTitle(`${info.title} ${data.certificateNumber}`, { showInWindowTitleBar: true });
  doc.setSubject(data.certificateNumber);
  doc.setAuthor(data.issuer.authority);
  doc.setKeywords([
    type,
    info.slug,
    data.certificateNumber,
    `${data.subject.kind}:${data.subject.id}`,
    "EUDR",
    "Liberia",
    ...(data.testProfile ? ["TEST-PROFILE"] : []),
  ]);
  doc.setCreator(opts.creator ?? "LACRA traceability platform");
  doc.setProducer("pdf-lib");
  doc.setLanguage("en");
  doc.setCreationDate(new Date(data.issuedAt));
  doc.setModificationDate(new Date(data.issuedAt));

  const pdf = await savePdf(doc);
  return { bytes: pdf, pageCount: layout.pages.length, boxes: layout.boxes, qr };
}

/**
 * pdf-lib measures and encodes every string through fontkit's full OpenType shaping
 * (`font.layout`), about 0.5 ms per call — seconds for a many-plot certificate, too slow for a
 * Worker. Latin text with precomposed letters (all Liberian names and places, incl. ɛ ɔ ŋ é)
 * needs no shaping: a plain character-to-glyph lookup gives the same glyphs, and pdf-lib
 * ignores shaping positions anyway. So the embedded font's `layout` is replaced with that
 * lookup (pdf-lib 1.17.1 internals; if they change, the slow path still works).
 */
export function plainGlyphMapping(font: PDFFont) {
  const fk = (
    font as unknown as { embedder?: { font?: { glyphsForString?: (s: string) => unknown[]; layout?: unknown } } }
  ).embedder?.font;
  if (fk && typeof fk.glyphsForString === "function") {
    const lookup = fk.glyphsForString.bind(fk);
    fk.layout = (text: string) => ({ glyphs: lookup(text) });
  }
}

/** `text` shortened with an ellipsis to fit `width` (one-line header/footer slots only). */
export function fitText(l: Layout, text: string, width: number, size: number, bold: boolean): string {
  const font = bold ? l.fonts.bold : l.fonts.regular;
  let t = l.clean(text, font).replace(/\n/g, " ");
  if (l.width(t, font, size) <= width) return t;
  while (t.length > 1 && l.width(`${t}…`, font, size) > width) t = t.slice(0, -1);
  return `${t.trimEnd()}…`;
}

function firstPageHeader(l: Layout, type: CertificateType, data: CertificateData): RenderResult["qr"] {
  const info = CERTIFICATE_INFO[type];
  l.text(data.issuer.country.toUpperCase(), { size: 8.5, bold: true, color: MUTED });
  l.text(data.issuer.authority, { size: 13, bold: true, color: NAVY });
  l.text(data.issuer.address, { size: 8, color: MUTED });
  if (data.issuer.preparedBy) l.text(data.issuer.preparedBy, { size: 8, bold: true, color: AMBER });
  l.y -= 3;
  l.page.drawRectangle({ x: MARGIN, y: l.y - 2, width: CONTENT_WIDTH, height: 2, color: RED });
  l.page.drawRectangle({ x: MARGIN, y: l.y - 4.5, width: CONTENT_WIDTH, height: 1.2, color: NAVY });
  l.y -= 12;
  l.text(info.title, { size: 18, bold: true, color: INK });
  l.text(info.subtitle, { size: 9, color: MUTED });
  l.y -= 6;
  if (data.testProfile) l.callout(TEST_PROFILE_NOTICE, RED, PALE_RED, 9);

  // Key facts on the left, the QR code on the right.
  const qrX = PAGE.width - MARGIN - QR_SIZE;
  const qrTop = l.y;
  const leftWidth = CONTENT_WIDTH - QR_SIZE - 14;
  const pageOfQr = l.pageIndex;
  const drawn = l.qr(data.verificationUrl, qrX, qrTop, QR_SIZE);
  const subjectLabel = { test_farmer: "Test farmer profile", farmer: "Farmer", batch: "Batch", shipment: "Shipment" }[
    data.subject.kind
  ];
  l.fields(
    [
      ["Certificate No.", { text: data.certificateNumber, bold: true }],
      ["Date of issue", formatDate(data.issuedAt)],
      ["Valid until", formatDate(data.expiresAt)],
      ["Subject", `${subjectLabel}: ${data.subject.label}`],
      ["Subject reference", data.subject.id],
    ],
    { width: leftWidth, labelWidth: 108 },
  );
  const captionTop = qrTop - QR_SIZE - 2;
  l.drawLine("Scan to verify", qrX, captionTop, { size: 7.5, color: MUTED }, "right", QR_SIZE);
  l.y = Math.min(l.y, captionTop - l.lineHeight(7.5)) - 2;
  l.text(`Verify this certificate at ${data.verificationUrl}`, { size: 8, color: NAVY });
  l.y -= 2;
  return {
    page: pageOfQr,
    x: qrX,
    y: qrTop - QR_SIZE,
    size: QR_SIZE,
    modules: drawn.modules,
    quiet: drawn.quiet,
    data: drawn.data,
  };
}

function farmersText(data: CertificateData): string {
  if (!data.farmers.length) return "not recorded";
  return data.farmers.map((f) => `${f.name} (${f.farmerId}; ${f.community}, ${f.county})`).join("; ");
}

function subjectFields(l: Layout, data: CertificateData) {
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

function complianceOf(data: CertificateData) {
  return evaluateBatchCompliance(
    data.plots.map((p) => ({
      plotCode: p.plotCode,
      riskLevel: p.verdict,
      validationState: p.geometryValid ? "valid" : "invalid",
    })),
  );
}

function verdictCounts(plots: PlotRecord[]): string {
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

const totalArea = (plots: PlotRecord[]) => plots.reduce((s, p) => s + p.areaHectares, 0);

function geometryText(p: PlotRecord): string {
  const g = p.geometry;
  if (g.type === "Point") return `Point (lat ${g.coordinates[1].toFixed(6)}, lon ${g.coordinates[0].toFixed(6)})`;
  const vertices =
    g.type === "Polygon" ? g.coordinates[0]!.length - 1 : g.coordinates.reduce((s, poly) => s + poly[0]!.length - 1, 0);
  return `${g.type}, ${vertices} vertices`;
}

function plotsTable(l: Layout, plots: PlotRecord[]) {
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

function evidenceTable(l: Layout, p: PlotRecord) {
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

function eudrBody(l: Layout, data: CertificateData) {
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

function monitoringWindow(data: CertificateData): string {
  const months = data.monitoring.flatMap((s) => s.months.map((m) => m.month)).sort();
  if (!months.length) return "no monitoring recorded";
  const first = months[0]!;
  const last = months[months.length - 1]!;
  const n = new Set(months).size;
  return `${formatDate(first)} – ${formatDate(last)} (${n} months)`;
}

function deforestationBody(l: Layout, data: CertificateData) {
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
    const bar = l.plotMap(p.geometry, p.areaHectares, MARGIN, top, mapSize, mapSize);
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

function phytosanitaryBody(l: Layout, data: CertificateData) {
  const s = data.shipment;
  const ph = data.phytosanitary;
  const b = data.batch;
  l.y -= 4;
  l.fields(
    [
      ["Plant Protection Organization of", COUNTRY.name],
      ["TO: Plant Protection Organization(s) of", orNot(s?.consignee?.country)],
    ],
    { labelWidth: 190 },
  );

  l.heading("I. Description of consignment");
  l.fields(
    [
      ["Name and address of exporter", s ? nameAndAddress(s.exporter.name, s.exporter.address) : "not recorded"],
      ["Declared name and address of consignee", partyText(s?.consignee)],
      [
        "Number and description of packages",
        s?.packages ? `${formatNumber(s.packages.count)} ${s.packages.kind}` : "not recorded",
      ],
      ["Distinguishing marks", orNot(s?.marks)],
      [
        "Place of origin",
        ph?.placeOfOrigin ?? ([...new Set(data.plots.map((p) => p.county))].join(", ") || "not recorded"),
      ],
      [
        "Declared means of conveyance",
        orNot(s ? [s.meansOfConveyance, s.vesselOrFlight].filter(Boolean).join(" — ") : null),
      ],
      ["Declared point of entry", orNot(s?.pointOfEntry)],
      [
        "Name of produce and quantity declared",
        b
          ? `${b.description}; ${kg(s?.netWeightKg ?? b.netWeightKg)} net${s?.grossWeightKg != null ? `, ${kg(s.grossWeightKg)} gross` : ""}`
          : "not recorded",
      ],
      ["Botanical name of plants", ph?.botanicalName ?? "not recorded"],
    ],
    { labelWidth: 190 },
  );
  l.y -= 2;
  l.text(
    "This is to certify that the plants, plant products or other regulated articles described herein have been inspected and/or tested according to appropriate official procedures and are considered to be free from the quarantine pests specified by the importing contracting party and to conform with the current phytosanitary requirements of the importing contracting party, including those for regulated non-quarantine pests.",
    { size: 8.5 },
  );

  l.heading("II. Additional declaration");
  l.text(ph ? (ph.additionalDeclaration ?? "not recorded") : "None.", { size: 9 });
  if (ph?.inspectionDate)
    l.text(
      `Consignment inspected on ${formatDate(ph.inspectionDate)}${ph.inspectionPlace ? ` at ${ph.inspectionPlace}` : ""}.`,
      { size: 8.5, color: MUTED },
    );

  l.heading("III. Disinfestation and/or disinfection treatment");
  const t = ph?.treatment;
  // "none declared" says there was no treatment; with no treatment record at all, say so instead.
  const none = ph?.treatmentRecorded === false ? "not recorded" : "none declared";
  l.fields(
    [
      ["Date", t ? formatDate(t.date) : none],
      ["Treatment", t?.treatment ?? none],
      ["Chemical (active ingredient)", t?.chemical ?? none],
      ["Duration and temperature", t?.durationAndTemperature ?? none],
      ["Concentration", t?.concentration ?? none],
      ["Additional information", t?.additionalInformation ?? "—"],
    ],
    { labelWidth: 190 },
  );

  l.heading("Traceability reference");
  l.fields(
    [
      ["Batch", b ? `${b.batchCode} (${b.commodity}, HS ${b.hsCode})` : "not recorded"],
      ["Producer(s)", farmersText(data)],
      [
        "Origin plots",
        `${data.plots.length} plot(s) in ${[...new Set(data.plots.map((p) => p.county))].join(", ") || "—"}`,
      ],
    ],
    { labelWidth: 190 },
  );
}

function originBody(l: Layout, data: CertificateData) {
  const s = data.shipment;
  const b = data.batch;
  const counties = [...new Set(data.plots.map((p) => p.county))].join(", ");
  l.heading("Consignment");
  l.fields(
    [
      [
        "1. Exporter",
        s
          ? `${nameAndAddress(s.exporter.name, s.exporter.address)}, ${s.exporter.country}${s.exporter.licenceNumber ? ` (licence ${s.exporter.licenceNumber})` : ""}`
          : "not recorded",
      ],
      ["2. Consignee", partyText(s?.consignee, true)],
      ["3. Transport details", s ? transportText(s) : "not recorded"],
      ["4. Route", s?.route ?? "not recorded"],
      ["5. Country of origin", { text: `${COUNTRY.name} (${COUNTRY.iso2})`, bold: true }],
    ],
    { labelWidth: 150 },
  );

  l.heading("Goods");
  l.table(
    [
      { header: "Marks and numbers", width: 1.5 },
      { header: "Number and kind of packages; description of goods", width: 2.4 },
      { header: "HS code", width: 0.6 },
      { header: "Quantity", width: 1.1, align: "right" },
    ],
    [
      [
        s?.marks || s?.containerNumbers?.length
          ? [s.marks ?? "", s.containerNumbers?.length ? `container ${s.containerNumbers.join(", ")}` : ""]
              .filter(Boolean)
              .join("; ")
          : "not recorded",
        `${s?.packages ? `${formatNumber(s.packages.count)} ${s.packages.kind}: ` : ""}${b?.description ?? "not recorded"}${b ? `; batch ${b.batchCode}` : ""}`,
        b?.hsCode ?? "—",
        s
          ? `${kg(s.netWeightKg)} net${s.grossWeightKg != null ? `\n${kg(s.grossWeightKg)} gross` : ""}`
          : b
            ? `${kg(b.netWeightKg)} net`
            : "—",
      ],
    ],
    { size: 8.5 },
  );
  l.fields(
    [
      [
        "Invoice",
        s?.invoiceNumber
          ? `No. ${s.invoiceNumber}${s.invoiceDate ? ` of ${formatDate(s.invoiceDate)}` : ""}`
          : "not recorded",
      ],
      [
        "Evidence of origin",
        `Grown by ${data.farmers.length} registered farmer(s) on ${data.plots.length} geolocated plot(s) in ${counties || "—"}; harvest of ${formatDate(b?.harvestDate)}; custody recorded on the national traceability platform.`,
      ],
    ],
    { labelWidth: 150 },
  );

  // An exporter's declaration is only claimed when one is recorded (its date is the invoice date).
  const declared = !!s?.invoiceDate;
  l.heading("Declaration by the exporter");
  l.text(
    declared
      ? `The exporter${s ? `, ${s.exporter.name},` : ""} declared on ${formatDate(s?.invoiceDate)} that the above details and statements are correct, and that all the goods were produced in the ${COUNTRY.name}.`
      : "not recorded: no exporter's declaration is held on the platform for these goods.",
  );
  l.heading("Certification");
  l.text(
    `The undersigned authority certifies, on the basis of the traceability records of the national platform${declared ? " and the exporter's declaration" : ""}, that the goods described above originate in the ${COUNTRY.name}.`,
  );
}

function transportText(s: NonNullable<CertificateData["shipment"]>): string {
  const means = [s.meansOfConveyance, s.vesselOrFlight].filter(Boolean).join(", ") || "means of transport not recorded";
  return `${means}; from ${s.portOfLoading ?? "a port of loading not recorded"}${s.departureDate ? ` on or about ${formatDate(s.departureDate)}` : ""}`;
}

function qualityBody(l: Layout, data: CertificateData) {
  const q = data.quality;
  const b = data.batch;
  l.heading("Sample");
  l.fields([
    ["Batch", b ? `${b.batchCode} — ${b.commodity}, ${kg(b.netWeightKg)} net` : "not recorded"],
    ["Producer(s)", farmersText(data)],
    ["Sample reference", q?.sampleReference ?? "not recorded"],
    ["Sampled on", formatDate(q?.sampledAt)],
    ["Sampled by", orNot(q?.sampledBy)],
    ["Place", orNot(q?.place)],
    ["Method", orNot(q?.method)],
  ]);
  if (!q) {
    if (!b?.grade) {
      l.text("No quality measurement is recorded: no grade can be given.", { bold: true, color: RED });
      return;
    }
    // A real batch keeps the grade an inspector recorded, not the measurements: say exactly that.
    const meaning = (GRADE_MEANING as Record<string, string>)[b.grade];
    l.heading("Grade");
    l.text(`Grade ${b.grade} (recorded on the batch at inspection)${meaning ? `: ${meaning}` : ""}`, {
      size: 10,
      bold: true,
    });
    l.heading("Measured criteria");
    l.text(
      "not measured — the measurements behind this grade (moisture, bean count or defects, cut test, foreign matter) are not recorded on the platform, so this certificate cannot show them.",
      { size: 9, color: AMBER },
    );
    return;
  }
  const result = gradeFromMeasurements(q.measurements);
  const color = result.grade === "F" ? RED : result.grade === "D" ? AMBER : GREEN;

  l.heading("Grade");
  const h = 46;
  l.ensure(h + 6);
  const top = l.y;
  l.page.drawRectangle({ x: MARGIN, y: top - h, width: 74, height: h, borderColor: color, borderWidth: 1.5 });
  const gradeWidth = l.width(result.grade, l.fonts.bold, 26);
  l.drawLine(result.grade, MARGIN + (74 - gradeWidth) / 2, top - 6, { size: 26, bold: true, color });
  const textX = MARGIN + 86;
  const width = CONTENT_WIDTH - 86;
  l.y = top;
  l.text(`Grade ${result.grade}: ${result.meaning}`, { size: 10, bold: true, color }, textX, width);
  l.text(`Trade terms: ${tradeGradeOf(result.grade, q.measurements.commodity)}`, { size: 9 }, textX, width);
  l.text(
    result.limitingCriteria.length
      ? `Set by: ${result.limitingCriteria.join("; ")}`
      : "Every criterion is in the premium band.",
    { size: 8.5, color: MUTED },
    textX,
    width,
  );
  l.y = Math.min(l.y, top - h) - 8;
  if (b?.grade && b.grade !== result.grade) {
    l.callout(
      `The grade recorded on the batch (${b.grade}) differs from the grade these measurements give (${result.grade}); this certificate states the measured grade.`,
      AMBER,
      rgb(1, 0.96, 0.88),
      8.5,
    );
  }

  l.heading("Measured criteria");
  l.table(
    [
      { header: "Criterion", width: 2.2 },
      { header: "Measured", width: 0.9, align: "right" },
      { header: "Reference limit", width: 2.2 },
      { header: "Within limit", width: 0.8 },
      { header: "Grade allowed", width: 0.8 },
    ],
    result.criteria.map((c) => [
      c.name,
      c.measured,
      c.limit,
      c.withinLimit ? { text: "yes", color: GREEN } : { text: "no", bold: true, color: RED },
      { text: c.grade, bold: true, color: c.grade === "F" ? RED : c.grade === "D" ? AMBER : INK },
    ]),
    { keepTogether: true },
  );

  l.ensure(170); // the scale's heading, explanation and legend belong together
  l.heading("The A+ to F scale");
  l.text(
    `A+ to F is the platform's own quality scale: each criterion allows a best grade, and the sample takes the worst of them. ${
      q.measurements.commodity === "Cocoa"
        ? "For cocoa it rests on LACRA's stated criteria (moisture ≤ 7.5 %, size tolerance 10 %, no foreign matter, no smoky beans) and the cut-test limits of the trade grades (Grade I / Grade II)."
        : "For coffee it rests on the ICO export minimum (moisture 8–12.5 %, at most 150 defects in a 300 g Robusta sample) and LACRA's rule of no foreign matter."
    }`,
    { size: 8.5 },
  );
  l.y -= 2;
  l.table(
    [
      { header: "Grade", width: 0.5 },
      { header: "Meaning", width: 4 },
    ],
    (["A+", "A", "B", "C", "D", "F"] as const).map((g) => [{ text: g, bold: true }, GRADE_MEANING[g]]),
    { keepTogether: true },
  );
}

function declarationBody(l: Layout, data: CertificateData) {
  const compliance = complianceOf(data);
  const related = new Map((data.relatedCertificates ?? []).map((r) => [r.type, r]));
  const ref = (t: CertificateType) => {
    const r = related.get(t);
    return r ? `${r.certificateNumber} (valid until ${formatDate(r.expiresAt)})` : "not issued";
  };
  l.heading("Declaration");
  l.text(
    `The ${data.issuer.authority} declares that, on the records of the national traceability platform on ${formatDate(data.issuedAt)}, the subject below has been checked for EUDR compliance, deforestation, plant health, origin and quality, with the results summarised here. Each result rests on the certificate named beside it.`,
  );
  l.heading("Subject");
  subjectFields(l, data);

  const months = data.monitoring.reduce((s, m) => s + m.months.length, 0);
  const alertMonths = data.monitoring.reduce((s, m) => s + m.months.filter((x) => x.alerts > 0).length, 0);
  const q = data.quality ? gradeFromMeasurements(data.quality.measurements) : null;
  const t = data.phytosanitary?.treatment;
  const s = data.shipment;
  l.heading("Results");
  l.table(
    [
      { header: "Check", width: 1.1 },
      { header: "Result", width: 2.9 },
      { header: "Certificate", width: 1.6 },
    ],
    [
      [
        "EUDR compliance",
        {
          text:
            compliance.verdict === "eligible"
              ? `Eligible for an EU due diligence statement: ${compliance.reason}`
              : compliance.reason,
          bold: true,
          color: compliance.verdict === "eligible" ? GREEN : compliance.verdict === "held_for_review" ? AMBER : RED,
        },
        ref("eudr"),
      ],
      [
        "EU due diligence statement",
        data.dds
          ? `Filed by the EU operator: reference ${data.dds.referenceNumber}, verification ${data.dds.verificationNumber}`
          : { text: "not yet recorded", color: AMBER },
        "—",
      ],
      [
        "Deforestation",
        `${data.plots.length} plot(s), ${ha(totalArea(data.plots))}: ${verdictCounts(data.plots)}. Monitoring: ${monitoringWindow(data)}, alerts in ${alertMonths} of ${months} plot-months.`,
        ref("deforestation"),
      ],
      [
        "Plant health",
        data.phytosanitary
          ? `Prepared for the National Plant Quarantine Service; ${t ? `${t.treatment.toLowerCase()} on ${formatDate(t.date)}` : data.phytosanitary.treatmentRecorded === false ? "treatment not recorded" : "no treatment declared"}; valid only when signed by its officer.`
          : "not recorded",
        ref("phytosanitary"),
      ],
      [
        "Origin",
        `${COUNTRY.name}${data.batch ? `; HS ${data.batch.hsCode}; ${kg(s?.netWeightKg ?? data.batch.netWeightKg)} net` : ""}`,
        ref("origin"),
      ],
      [
        "Quality",
        q && data.quality
          ? `Grade ${q.grade} (${tradeGradeOf(q.grade, data.quality.measurements.commodity)}): ${q.meaning}`
          : data.batch?.grade
            ? `Grade ${data.batch.grade} recorded at inspection; criteria not measured`
            : "not measured",
        ref("quality"),
      ],
    ],
    { size: 8 },
  );
  l.heading("Origin plots");
  if (data.plots.length) plotsTable(l, data.plots);
  else l.text("No origin plot is recorded.", { bold: true, color: RED });
  l.y -= 4;
  l.callout(NOT_A_DDS_STATEMENT, NAVY, PALE_BLUE, 8.5);
}

function signatureBlock(l: Layout, type: CertificateType, data: CertificateData) {
  const o = data.issuer.officer;
  l.space(8);
  if (type === "phytosanitary") {
    l.ensure(150);
    l.heading("Authorization");
    l.fields(
      [
        ["Place of issue", data.phytosanitary?.placeOfIssue ?? "Monrovia"],
        ["Date", formatDate(data.issuedAt)],
        ["Name of authorized officer", o.name],
        ["Signature", "______________________________"],
        ["Stamp of organization", "(stamp of the National Plant Quarantine Service)"],
      ],
      { labelWidth: 190 },
    );
    l.y -= 2;
    l.text(
      `${data.issuer.preparedBy ?? "Prepared by the platform"}: this certificate becomes valid only when signed and stamped by an authorized officer of the ${data.issuer.authority}. Verify its status at ${data.verificationUrl}`,
      { size: 8, color: AMBER, bold: true },
    );
    l.text(
      `No financial liability with respect to this certificate shall attach to the ${data.issuer.authority} or to any of its officers or representatives.`,
      { size: 7.5, color: MUTED },
    );
    return;
  }
  l.ensure(96);
  l.heading("Issued by");
  const top = l.y;
  const half = CONTENT_WIDTH / 2 - 10;
  l.text(`For and on behalf of the ${data.issuer.authority}`, { size: 8.5, color: MUTED }, MARGIN, half);
  l.y -= 16;
  l.page.drawLine({
    start: { x: MARGIN, y: l.y },
    end: { x: MARGIN + half * 0.8, y: l.y },
    thickness: 0.6,
    color: INK,
  });
  l.y -= 2;
  l.text(o.name, { size: 9.5, bold: true }, MARGIN, half);
  l.text(o.title, { size: 8.5 }, MARGIN, half);
  const leftBottom = l.y;
  l.y = top;
  const rx = MARGIN + half + 20;
  l.text(`Place and date of issue: Monrovia, ${formatDate(data.issuedAt)}`, { size: 8.5 }, rx, half);
  l.text(`Valid until: ${formatDate(data.expiresAt)}`, { size: 8.5 }, rx, half);
  l.text(
    "Digitally issued: no handwritten signature is needed. The verification page shows whether this certificate is still valid.",
    { size: 8.5 },
    rx,
    half,
  );
  l.y = Math.min(l.y, leftBottom) - 6;
  l.text(`Digitally issued — verify at ${data.verificationUrl}`, { size: 8.5, bold: true, color: NAVY });
}

function footers(l: Layout, data: CertificateData) {
  const total = l.pages.length;
  const info = CERTIFICATE_INFO[data.type];
  const lh = l.lineHeight(7.5);
  const lines = data.testProfile ? 2 : 1;
  for (let i = 0; i < total; i++) {
    l.usePage(i);
    const rule = MARGIN + lines * lh + 3;
    l.page.drawLine({
      start: { x: MARGIN, y: rule },
      end: { x: PAGE.width - MARGIN, y: rule },
      thickness: 0.5,
      color: RULE,
    });
    const right = `Page ${i + 1} of ${total}`;
    const rightWidth = l.width(right, l.fonts.regular, 7.5);
    l.drawLine(right, MARGIN, MARGIN + lh, { size: 7.5, color: MUTED }, "right", CONTENT_WIDTH);
    l.drawLine(
      fitText(
        l,
        `${data.issuer.shortName} · ${info.title} · No. ${data.certificateNumber}`,
        CONTENT_WIDTH - rightWidth - 12,
        7.5,
        false,
      ),
      MARGIN,
      MARGIN + lh,
      { size: 7.5, color: MUTED },
    );
    if (data.testProfile)
      l.drawLine(fitText(l, TEST_PROFILE_NOTICE, CONTENT_WIDTH, 7.5, true), MARGIN, MARGIN + 2 * lh, {
        size: 7.5,
        bold: true,
        color: RED,
      });
  }
}

/**
 * A new PDF with the embedded DejaVu fonts (subset), set up for Workers: a plain glyph lookup
 * (no fontkit shaping cost) and synchronous subsetting, so building a PDF schedules no timers
 * that could run inside another request of the isolate (sync-font-subset.ts).
 */
export async function newPdfDocument() {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const bytes = certificateFonts();
  const fonts = {
    regular: await doc.embedFont(bytes.regular, { subset: true }),
    bold: await doc.embedFont(bytes.bold, { subset: true }),
  };
  for (const font of [fonts.regular, fonts.bold]) {
    plainGlyphMapping(font);
    syncFontSubsetting(font);
  }
  return { doc, fonts };
}

/** Saves in one go (no `setTimeout` between objects), for the same reason. */
export function savePdf(doc: PDFDocument) {
  return doc.save({ objectsPerTick: Number.POSITIVE_INFINITY });
}
