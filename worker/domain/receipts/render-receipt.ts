/**
 * The receipt of a fee payment, drawn with the platform's PDF kit (../pdf: the same
 * letterhead, layout engine, fonts and footer as certificates and reports). One A4 page: who paid,
 * for what, how much (with its currency), the payment reference and the receipt number.
 * Pure apart from CPU: the same receipt gives the same bytes.
 */
import { LACRA } from "../certificates/content";
import { FEE_TYPE_LABEL, type FeeType } from "../fees";
import { formatMoney, type Money } from "../money";
import { newPdfDocument, savePdf, setPdfInfo } from "../pdf/document";
import { letterhead, pageFooter } from "../pdf/frame";
import { Layout } from "../pdf/layout";
import { type FieldRow, GREEN, NAVY, PALE_BLUE } from "../pdf/theme";

export type Receipt = {
  receiptNumber: string;
  invoiceNumber: string;
  feeType: FeeType;
  /** The licence or permit number the fee is for. */
  subject: string;
  payer: { name: string; company: string | null; loginId: string };
  amount: Money;
  reference: string;
  /** "Recorded reference" (the only payment gateway adapter, ADR 021). */
  method: string;
  paidOn: string;
  issuedOn: string;
  /** ISO timestamp the payment was recorded. */
  recordedAt: string;
  /**
   * A payment for purchased stock instead of a fee: what it was for and who was paid.
   * The invoice and fee type are then not printed.
   */
  stock?: { batchCodes: string[]; payee: string };
};

export const METHOD_LABEL: Record<string, string> = {
  recorded_reference: "Bank or mobile-money payment, reference recorded",
};

export async function renderReceipt(r: Receipt): Promise<Uint8Array> {
  const { doc, fonts } = await newPdfDocument();
  const l = new Layout(doc, fonts, { headerHeight: 34, footerHeight: 7.5 * 1.28 + 8, header: () => {} });
  l.newPage();
  letterhead(l, LACRA);
  l.text("Official receipt", { size: 18, bold: true, color: NAVY });
  l.text(`Receipt ${r.receiptNumber}`, { size: 12, bold: true });
  l.y -= 6;
  l.fields(
    [
      ["Receipt number", { text: r.receiptNumber, bold: true }],
      ["Amount received", { text: formatMoney(r.amount), bold: true, color: GREEN }],
      ...(r.stock
        ? ([
            ["For", `Purchased stock — batches ${r.stock.batchCodes.join(", ")}`],
            ["Paid to", r.stock.payee],
            ["Paid by", [r.payer.name, r.payer.company].filter(Boolean).join(", ")],
          ] satisfies FieldRow[])
        : ([
            ["For", `${FEE_TYPE_LABEL[r.feeType]} — ${r.subject}`],
            ["Invoice", `${r.invoiceNumber} (issued ${r.issuedOn})`],
            ["Received from", [r.payer.name, r.payer.company].filter(Boolean).join(", ")],
          ] satisfies FieldRow[])),
      ["Account", r.payer.loginId],
      ["Payment reference", r.reference],
      ["Payment method", METHOD_LABEL[r.method] ?? r.method],
      ["Paid on", r.paidOn],
      ["Recorded at", `${r.recordedAt.slice(0, 19).replace("T", " ")} UTC`],
    ],
    { labelWidth: 130, size: 10 },
  );
  l.y -= 8;
  l.callout(
    r.stock
      ? `This receipt confirms that the payment above was recorded on the ${LACRA.shortName} platform with the reference the payer gave. The platform records payments; it does not execute them.`
      : `This receipt confirms that ${LACRA.shortName} recorded the payment above against invoice ${r.invoiceNumber}. The payment reference is the one given by the payer; it is reconciled against the bank or mobile-money statement.`,
    NAVY,
    PALE_BLUE,
    8.5,
  );
  l.turnToPage(0);
  pageFooter(l, 0, 1, `${LACRA.shortName} · Receipt ${r.receiptNumber} · ${formatMoney(r.amount)}`);
  setPdfInfo(doc, {
    title: `Receipt ${r.receiptNumber}`,
    subject: r.stock
      ? `Payment for purchased stock: ${r.stock.batchCodes.join(", ")}`
      : `${FEE_TYPE_LABEL[r.feeType]}: ${r.subject}, invoice ${r.invoiceNumber}`,
    author: LACRA.authority,
    keywords: ["receipt", r.receiptNumber, r.invoiceNumber, r.feeType],
    date: new Date(r.recordedAt),
  });
  return savePdf(doc);
}
