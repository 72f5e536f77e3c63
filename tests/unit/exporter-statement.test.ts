/**
 * The exporter's payment statement: totals per currency equal an independent sum of the
 * lines and never mix currencies; the CSV carries them; the PDF's text (pdftotext on the real
 * bytes) shows every line and each total with its currency.
 */
import { describe, expect, it } from "vitest";
import { renderReceipt } from "#worker/domain/receipts/render-receipt";
import { renderStatement } from "#worker/domain/receipts/render-statement";
import { buildStatement, type StatementLine, statementCsv } from "#worker/domain/receipts/statement";
import { POPPLER, pdfText } from "./pdf-tools";

const lines: StatementLine[] = [
  {
    paidOn: "2026-03-02",
    kind: "stock",
    description: "Purchased stock: LR-COC-2026-000001",
    reference: "ECO-1",
    receiptNumber: "LR-SPR-2026-000001",
    amountMinor: 125_075,
    currency: "USD",
  },
  {
    paidOn: "2026-03-01",
    kind: "fee",
    description: "Export permit fee, invoice LR-INV-2026-000003",
    reference: "BANK-9",
    receiptNumber: "LR-RCP-2026-000002",
    amountMinor: 10_000,
    currency: "USD",
  },
  {
    paidOn: "2026-03-05",
    kind: "stock",
    description: "Purchased stock: LR-COC-2026-000002",
    reference: "MTN-4",
    receiptNumber: "LR-SPR-2026-000002",
    amountMinor: 30_000_000,
    currency: "LRD",
  },
  {
    paidOn: "2026-03-06",
    kind: "stock",
    description: 'A "quoted", description',
    reference: "=cmd",
    receiptNumber: "LR-SPR-2026-000003",
    amountMinor: 1,
    currency: "LRD",
  },
];
const s = buildStatement(
  { from: "2026-03-01", to: "2026-03-31" },
  { name: "Grace Johnson", loginId: "EXP-20260115-001" },
  lines,
);

describe("payment statement", () => {
  it("totals each currency apart, equal to an independent sum", () => {
    const independent: Record<string, number> = {};
    for (const l of lines) independent[l.currency] = (independent[l.currency] ?? 0) + l.amountMinor;
    expect(Object.fromEntries(s.totals.map((t) => [t.currency, t.totalMinor]))).toEqual(independent);
    expect(s.totals.map((t) => t.currency)).toEqual(["USD", "LRD"]);
    expect(s.totals[0]).toMatchObject({ feesMinor: 10_000, stockMinor: 125_075, count: 2 });
    expect(s.lines.map((l) => l.paidOn)).toEqual(["2026-03-01", "2026-03-02", "2026-03-05", "2026-03-06"]);
  });

  it("writes CSV with quoted cells, neutralised formulas and one total line per currency", () => {
    const csv = statementCsv(s).trim().split("\r\n");
    expect(csv[0]).toBe("date,kind,description,reference,receipt,amount,currency,amount_formatted");
    expect(csv).toContain('2026-03-06,stock,"A ""quoted"", description",\'=cmd,LR-SPR-2026-000003,0.01,LRD,L$ 0.01');
    expect(csv.at(-2)).toBe(',total,Total USD (2 payments),,,1350.75,USD,"US$ 1,350.75"');
    expect(csv.at(-1)).toBe(',total,Total LRD (2 payments),,,300000.01,LRD,"L$ 300,000.01"');
  });

  it.skipIf(!POPPLER)("draws a PDF whose text shows the lines and the totals per currency", async () => {
    const text = pdfText(await renderStatement(s, new Date("2026-04-01T10:00:00Z")));
    expect(text).toContain("Payment statement");
    expect(text).toContain("2026-03-01 to 2026-03-31");
    expect(text).toContain("Total US$ 1,350.75");
    expect(text).toContain("Total L$ 300,000.01");
    expect(text).toContain("LR-SPR-2026-000002");
    expect(text).toContain("does not execute payments");
  });

  it.skipIf(!POPPLER)("a stock payment receipt names the batches and the payee, without an invoice", async () => {
    const text = pdfText(
      await renderReceipt({
        receiptNumber: "LR-SPR-2026-000001",
        invoiceNumber: "",
        feeType: "export_permit",
        subject: "LR-COC-2026-000001",
        payer: { name: "Grace Johnson", company: "Liberia Premium Exports", loginId: "EXP-20260115-001" },
        amount: { amountMinor: 125_075, currency: "USD" },
        reference: "ECO-1",
        method: "recorded_reference",
        paidOn: "2026-03-02",
        issuedOn: "2026-03-02",
        recordedAt: "2026-03-02T09:00:00.000Z",
        stock: { batchCodes: ["LR-COC-2026-000001"], payee: "Comfort Doe (BUY-0001)" },
      }),
    );
    expect(text).toContain("Purchased stock");
    expect(text).toContain("Comfort Doe (BUY-0001)");
    expect(text).toContain("US$ 1,250.75");
    expect(text).not.toContain("Invoice");
  });
});
