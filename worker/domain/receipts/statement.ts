/**
 * The exporter's payment statement: every payment recorded over a date range — fees
 * (licence, permit, inspection) and payments for purchased stock — with totals per currency. A
 * total never mixes currencies: USD and LRD are summed apart. Pure: the CSV and the PDF are drawn
 * from the same lines.
 */
import { csvText } from "../csv";
import { type Currency, formatMoney } from "../money";

export type StatementLine = {
  paidOn: string;
  /** fee | stock */
  kind: "fee" | "stock";
  description: string;
  reference: string;
  receiptNumber: string;
  amountMinor: number;
  currency: Currency;
};

export type Statement = {
  from: string;
  to: string;
  account: { name: string; loginId: string };
  lines: StatementLine[];
  /** One total per currency present, USD first; with the fee and stock parts. */
  totals: { currency: Currency; feesMinor: number; stockMinor: number; totalMinor: number; count: number }[];
};

export function buildStatement(
  range: { from: string; to: string },
  account: Statement["account"],
  lines: StatementLine[],
): Statement {
  const sorted = [...lines].sort(
    (a, b) => a.paidOn.localeCompare(b.paidOn) || a.receiptNumber.localeCompare(b.receiptNumber),
  );
  const byCurrency = new Map<Currency, Statement["totals"][number]>();
  for (const l of sorted) {
    const t = byCurrency.get(l.currency) ?? {
      currency: l.currency,
      feesMinor: 0,
      stockMinor: 0,
      totalMinor: 0,
      count: 0,
    };
    if (l.kind === "fee") t.feesMinor += l.amountMinor;
    else t.stockMinor += l.amountMinor;
    t.totalMinor += l.amountMinor;
    t.count += 1;
    byCurrency.set(l.currency, t);
  }
  const totals = [...byCurrency.values()].sort((a, b) =>
    a.currency === "USD" ? -1 : b.currency === "USD" ? 1 : a.currency.localeCompare(b.currency),
  );
  return { ...range, account, lines: sorted, totals };
}

/** Decimal text of minor units (1250.75), for a spreadsheet column beside its currency. */
export const minorToDecimal = (minor: number) =>
  `${minor < 0 ? "-" : ""}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, "0")}`;

/** The statement as CSV: one line per payment, then one total line per currency. */
export function statementCsv(s: Statement): string {
  return csvText(
    ["date", "kind", "description", "reference", "receipt", "amount", "currency", "amount_formatted"],
    [
      ...s.lines.map((l) => [
        l.paidOn,
        l.kind,
        l.description,
        l.reference,
        l.receiptNumber,
        minorToDecimal(l.amountMinor),
        l.currency,
        formatMoney(l),
      ]),
      ...s.totals.map((t) => [
        "",
        "total",
        `Total ${t.currency} (${t.count} payments)`,
        "",
        "",
        minorToDecimal(t.totalMinor),
        t.currency,
        formatMoney({ amountMinor: t.totalMinor, currency: t.currency }),
      ]),
    ],
  );
}
