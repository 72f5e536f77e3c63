/**
 * The payment statement as a PDF, drawn with the platform's PDF kit like receipts: the
 * account, the range, one row per payment and the totals per currency (never mixed).
 */
import { LACRA } from "../certificates/content";
import { formatMoney } from "../money";
import { newPdfDocument, savePdf, setPdfInfo } from "../pdf/document";
import { footEveryPage, letterhead } from "../pdf/frame";
import { Layout } from "../pdf/layout";
import { NAVY, PALE_BLUE } from "../pdf/theme";
import type { Statement } from "./statement";

export async function renderStatement(s: Statement, generatedAt: Date): Promise<Uint8Array> {
  const { doc, fonts } = await newPdfDocument();
  const l = new Layout(doc, fonts, { headerHeight: 34, footerHeight: 7.5 * 1.28 + 8, header: () => {} });
  l.newPage();
  letterhead(l, LACRA);
  l.text("Payment statement", { size: 18, bold: true, color: NAVY });
  l.fields(
    [
      ["Account", `${s.account.name} (${s.account.loginId})`],
      ["Period", `${s.from} to ${s.to}`],
      ["Payments", String(s.lines.length)],
    ],
    { labelWidth: 100, size: 10 },
  );
  l.y -= 6;
  l.heading("Totals per currency");
  if (!s.totals.length) l.text("No payment was recorded in this period.", { size: 10 });
  else
    l.table(
      [
        { header: "Currency", width: 1 },
        { header: "Fees", width: 2, align: "right" },
        { header: "Stock", width: 2, align: "right" },
        { header: "Total", width: 2, align: "right" },
      ],
      s.totals.map((t) => [
        t.currency,
        formatMoney({ amountMinor: t.feesMinor, currency: t.currency }),
        formatMoney({ amountMinor: t.stockMinor, currency: t.currency }),
        { text: `Total ${formatMoney({ amountMinor: t.totalMinor, currency: t.currency })}`, bold: true },
      ]),
      { size: 9 },
    );
  l.y -= 6;
  l.heading("Payments");
  if (s.lines.length)
    l.table(
      [
        { header: "Date", width: 1.3 },
        { header: "For", width: 3.2 },
        { header: "Reference", width: 1.8 },
        { header: "Receipt", width: 2 },
        { header: "Amount", width: 1.7, align: "right" },
      ],
      s.lines.map((x) => [x.paidOn, x.description, x.reference, x.receiptNumber, formatMoney(x)]),
      { size: 8 },
    );
  l.y -= 8;
  l.callout(
    "Payments are recorded on the platform with the reference the payer gave; the platform does not execute payments. Totals are per currency and never converted.",
    NAVY,
    PALE_BLUE,
    8.5,
  );
  footEveryPage(l, `${LACRA.shortName} · Statement ${s.from} to ${s.to} · ${s.account.loginId}`);
  setPdfInfo(doc, {
    title: `Payment statement ${s.from} to ${s.to}`,
    subject: `Payments of ${s.account.loginId}`,
    author: LACRA.authority,
    keywords: ["statement", s.account.loginId],
    date: generatedAt,
  });
  return savePdf(doc);
}
