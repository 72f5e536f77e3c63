/**
 * The purchase receipt (buyer dashboard): one A4 page the buyer prints or shares and
 * the farmer keeps — who bought what from whom, the weight, the price per kg and the total with
 * its currency, moisture and payment, and the QR code of the batch's public trace page (/qr/<code>).
 * Drawn with the platform's PDF kit (../pdf/), like the certificates; pure apart from CPU: the
 * same data gives the same bytes.
 */
import { formatMoney, type Money } from "../money";
import { newPdfDocument, savePdf, setPdfInfo } from "../pdf/document";
import { continuationRule, footEveryPage, letterhead } from "../pdf/frame";
import { Layout } from "../pdf/layout";
import { drawQr } from "../pdf/qr";
import { CONTENT_WIDTH, type FieldRow, INK, MARGIN, MUTED, NAVY, PAGE } from "../pdf/theme";
import { formatKg } from "../weight";

export type ReceiptData = {
  batchCode: string;
  commodity: string;
  /** ISO timestamp of the purchase. */
  purchasedAt: string;
  harvestDate: string | null;
  weightG: number;
  grade: string | null;
  location: string | null;
  pricePerKg: Money | null;
  total: Money | null;
  moistureTenthPct: number | null;
  paymentMethod: string | null;
  paymentReference: string | null;
  buyer: string;
  /** "FRM000001 — K. Gbowee" for each farmer; plots with the weight drawn from each. */
  farmers: string[];
  plots: { plotCode: string; weightG: number | null }[];
  volumeNote: string | null;
  volumeFlag: boolean;
  /** The batch's public trace address (the QR code's text). */
  traceUrl: string;
};

const QR_SIZE = 96;
const AUTHORITY = "Liberia Agriculture and Commodity Regulatory Authority (LACRA)";
const TITLE = "Purchase receipt";

const date = (iso: string) => iso.slice(0, 10);

/** The receipt's facts as label/value rows (also what tests and the page read back). */
export function receiptRows(d: ReceiptData): FieldRow[] {
  return [
    ["Batch code", { text: d.batchCode, bold: true }],
    ["Date of purchase", date(d.purchasedAt)],
    ["Commodity", d.commodity],
    ["Weight", { text: formatKg(d.weightG), bold: true }],
    ["Price per kg", d.pricePerKg ? formatMoney(d.pricePerKg) : "Not recorded"],
    ["Total paid", d.total ? { text: `${formatMoney(d.total)} (${d.total.currency})`, bold: true } : "Not recorded"],
    ["Moisture", d.moistureTenthPct === null ? "Not measured" : `${(d.moistureTenthPct / 10).toFixed(1)} %`],
    ["Payment", [d.paymentMethod ?? "Not recorded", d.paymentReference].filter(Boolean).join(" · ")],
    ["Quality grade (buyer)", d.grade ?? "—"],
    ["Harvest date", d.harvestDate ?? "—"],
    ["Place of purchase", d.location ?? "—"],
    ["Buyer", d.buyer],
  ];
}

export async function renderPurchaseReceipt(d: ReceiptData): Promise<Uint8Array> {
  const { doc, fonts } = await newPdfDocument();
  const l = new Layout(doc, fonts, {
    headerHeight: 34,
    footerHeight: 7.5 * 1.28 + 8,
    header: (layout) => {
      layout.drawLine(`${TITLE} — ${d.batchCode} — continued`, MARGIN, PAGE.height - MARGIN, {
        size: 8,
        bold: true,
        color: NAVY,
      });
      continuationRule(layout);
    },
  });
  l.newPage();
  letterhead(l, { country: "Republic of Liberia", authority: AUTHORITY, address: "Monrovia, Republic of Liberia" });
  l.text(TITLE, { size: 18, bold: true, color: INK });
  l.text("Produce bought from registered farmers, traceable to their plots (EUDR)", { size: 9, color: MUTED });
  l.y -= 6;

  const qrX = PAGE.width - MARGIN - QR_SIZE;
  const qrTop = l.y;
  drawQr(l, d.traceUrl, qrX, qrTop, QR_SIZE);
  l.drawLine("Scan to trace this batch", qrX, qrTop - QR_SIZE - 2, { size: 7.5, color: MUTED }, "right", QR_SIZE);
  l.fields(receiptRows(d), { width: CONTENT_WIDTH - QR_SIZE - 14, labelWidth: 118 });
  l.y = Math.min(l.y, qrTop - QR_SIZE - 16);

  l.heading("Farmers");
  for (const f of d.farmers) l.text(f, { size: 9 });
  l.heading("Origin plots");
  l.table(
    [
      { header: "Plot", width: CONTENT_WIDTH * 0.6 },
      { header: "Weight from the plot", width: CONTENT_WIDTH * 0.4, align: "right" },
    ],
    d.plots.map((p) => [p.plotCode, p.weightG === null ? "—" : formatKg(p.weightG)]),
  );
  if (d.volumeNote) {
    l.heading(d.volumeFlag ? "Flagged for inspection" : "Volume check");
    l.text(d.volumeNote, { size: 9 });
  }
  l.space(8);
  l.text(`Trace this batch: ${d.traceUrl}`, { size: 8, color: MUTED });

  footEveryPage(l, `LACRA · ${TITLE} · ${d.batchCode}`);
  setPdfInfo(doc, {
    title: `${TITLE} ${d.batchCode}`,
    subject: d.batchCode,
    author: AUTHORITY,
    keywords: [
      "purchase-receipt",
      d.batchCode,
      d.commodity,
      formatKg(d.weightG),
      ...(d.pricePerKg ? [`${formatMoney(d.pricePerKg)} per kg`] : []),
      ...(d.total ? [`total ${formatMoney(d.total)} ${d.total.currency}`] : []),
    ],
    date: new Date(d.purchasedAt),
  });
  return savePdf(doc);
}
