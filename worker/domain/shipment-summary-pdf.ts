/**
 * The due-diligence summary of a shipment as one PDF, drawn with the platform's PDF
 * kit: the shipment, its EU buyer's order, permit and DDS numbers, its batches and their origin
 * plots with risk and geometry state, the GeoJSON packages and the certificates. Pure apart from
 * CPU: the same summary gives the same bytes.
 */
import { LACRA } from "./certificates/content";
import { newPdfDocument, savePdf, setPdfInfo } from "./pdf/document";
import { footEveryPage, letterhead } from "./pdf/frame";
import { Layout } from "./pdf/layout";
import { NAVY, PALE_BLUE } from "./pdf/theme";
import { formatKg } from "./weight";

export type ShipmentSummaryDoc = {
  shipmentCode: string;
  exporter: string;
  stage: string;
  order: {
    code: string;
    buyer: string;
    country: string;
    commodity: string;
    hsCode: string;
    quantityG: number;
    incoterm: string;
  } | null;
  permit: string;
  dds: string;
  batches: { batchCode: string; commodity: string; hsCode: string; weightG: number; plots: number }[];
  plots: { plotCode: string; farmerId: string; county: string; areaHa: number; risk: string; geometry: string }[];
  packages: { file: string; commodity: string; producers: number; plots: number; bytes: number }[];
  certificates: { number: string; type: string; status: string }[];
  generatedAt: string;
};

export async function renderShipmentSummary(s: ShipmentSummaryDoc): Promise<Uint8Array> {
  const { doc, fonts } = await newPdfDocument();
  const l = new Layout(doc, fonts, { headerHeight: 34, footerHeight: 7.5 * 1.28 + 8, header: () => {} });
  l.newPage();
  letterhead(l, LACRA);
  l.text("Due-diligence package: summary", { size: 18, bold: true, color: NAVY });
  l.text(`Shipment ${s.shipmentCode}`, { size: 12, bold: true });
  l.y -= 6;
  l.fields(
    [
      ["Shipment", { text: s.shipmentCode, bold: true }],
      ["Exporter", s.exporter],
      ["Stage", s.stage],
      ["EU buyer", s.order ? `${s.order.buyer} (${s.order.country})` : "—"],
      [
        "Order",
        s.order
          ? `${s.order.code}: ${s.order.commodity}, HS ${s.order.hsCode}, ${formatKg(s.order.quantityG)}, ${s.order.incoterm}`
          : "—",
      ],
      ["Export permit", s.permit],
      ["DDS reference / verification", s.dds],
      ["Generated", `${s.generatedAt.slice(0, 19).replace("T", " ")} UTC`],
    ],
    { labelWidth: 150, size: 9.5 },
  );
  l.heading("Batches");
  l.table(
    [
      { header: "Batch", width: 3 },
      { header: "Commodity", width: 2 },
      { header: "HS code", width: 1.2 },
      { header: "Net mass", width: 1.8, align: "right" },
      { header: "Plots", width: 1, align: "right" },
    ],
    s.batches.map((b) => [b.batchCode, b.commodity, b.hsCode, formatKg(b.weightG), String(b.plots)]),
  );
  l.heading("Origin plots");
  l.table(
    [
      { header: "Plot", width: 2.4 },
      { header: "Farmer", width: 1.8 },
      { header: "County", width: 2 },
      { header: "Area (ha)", width: 1.2, align: "right" },
      { header: "Risk", width: 1.4 },
      { header: "Geometry", width: 1.2 },
    ],
    s.plots.map((p) => [p.plotCode, p.farmerId, p.county, p.areaHa.toFixed(4), p.risk, p.geometry]),
  );
  l.heading("EU GeoJSON files (in the ZIP package)");
  l.table(
    [
      { header: "File", width: 4 },
      { header: "Commodity", width: 1.6 },
      { header: "Producers", width: 1.2, align: "right" },
      { header: "Plots", width: 1, align: "right" },
      { header: "Bytes", width: 1.4, align: "right" },
    ],
    s.packages.map((p) => [p.file, p.commodity, String(p.producers), String(p.plots), p.bytes.toLocaleString("en-US")]),
  );
  l.heading("Certificates");
  if (s.certificates.length)
    l.table(
      [
        { header: "Number", width: 3 },
        { header: "Type", width: 2 },
        { header: "Status", width: 1.4 },
      ],
      s.certificates.map((c) => [c.number, c.type, c.status]),
    );
  else l.text("No certificate has been issued for these batches yet.", { size: 9 });
  l.y -= 8;
  l.callout(
    "Every origin plot has valid geometry and was not found at high deforestation risk when this package was built. The EU operator files the due diligence statement in the EU information system with the GeoJSON files of the ZIP package and records its reference and verification numbers here.",
    NAVY,
    PALE_BLUE,
    8.5,
  );
  footEveryPage(l, `${LACRA.shortName} · Due-diligence summary · ${s.shipmentCode}`);
  setPdfInfo(doc, {
    title: `Due-diligence summary ${s.shipmentCode}`,
    subject: `Shipment ${s.shipmentCode}${s.order ? ` for ${s.order.buyer}` : ""}`,
    author: LACRA.authority,
    keywords: ["due diligence", "EUDR", s.shipmentCode],
    date: new Date(s.generatedAt),
  });
  return savePdf(doc);
}
