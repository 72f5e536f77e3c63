/**
 * Fee invoices, receipts and the DDGAF totals. A payer (buyer or exporter) sees only
 * their own invoices and receipts (another's id answers 404); DDGAF, the DG and the office see all.
 */
import type { Database } from "#db/client";
import { findInspectionRequest } from "#db/queries/exporter-desk";
import {
  accountById,
  feeTotalsRows,
  findInvoice,
  findLicence,
  listInvoices,
  paymentOfInvoice,
} from "#db/queries/licensing";
import { findPermit } from "#db/queries/shipments";
import type { FeeTotalsInput, InvoiceListInput } from "#worker/contracts/licensing";
import type { FeeType } from "#worker/domain/fees";
import type { Currency } from "#worker/domain/money";
import { renderReceipt } from "#worker/domain/receipts/render-receipt";
import type { Actor, ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";

const PAYER_ROLES = new Set(["buyer", "exporter"]);
const ownOnly = (actor: Actor) => PAYER_ROLES.has(actor.role);

export async function listInvoicesFor(filter: InvoiceListInput, { db, actor }: Pick<ServiceDeps, "db" | "actor">) {
  return listInvoices(db, { ...filter, payerId: ownOnly(actor) ? actor.id : undefined });
}

/** The receipt PDF of a paid invoice. */
export async function receiptFor(
  invoiceId: string,
  { db, actor }: Pick<ServiceDeps, "db" | "actor">,
): Promise<Result<{ receiptNumber: string; bytes: Uint8Array }>> {
  const invoice = await findInvoice(db, invoiceId);
  if (!invoice || (ownOnly(actor) && invoice.payerId !== actor.id)) return fail(404, "No invoice with this id");
  const payment = await paymentOfInvoice(db, invoice.id);
  if (!payment) return fail(409, `Invoice ${invoice.number} has not been paid: there is no receipt yet`);
  const [payer, subject] = await Promise.all([
    accountById(db, invoice.payerId),
    invoice.subjectType === "licence"
      ? findLicence(db, invoice.subjectId)
      : invoice.subjectType === "permit"
        ? findPermit(db, invoice.subjectId)
        : // An inspection fee: the receipt names the inspected batch or shipment.
          findInspectionRequest(db, invoice.subjectId).then((r) => (r ? { number: r.subjectCode } : null)),
  ]);
  const bytes = await renderReceipt({
    receiptNumber: payment.receiptNumber,
    invoiceNumber: invoice.number,
    feeType: invoice.feeType as FeeType,
    subject: subject?.number ?? invoice.subjectId,
    payer: {
      name: payer ? `${payer.firstName} ${payer.lastName}`.trim() || payer.loginId : "Unknown account",
      company: (subject && "companyName" in subject ? subject.companyName : null) ?? payer?.companyName ?? null,
      loginId: payer?.loginId ?? invoice.payerId,
    },
    amount: { amountMinor: payment.amountMinor, currency: payment.currency as Currency },
    reference: payment.reference,
    method: payment.method,
    paidOn: payment.paidOn,
    issuedOn: invoice.issuedOn,
    recordedAt: payment.createdAt,
  });
  return ok({ receiptNumber: payment.receiptNumber, bytes });
}

export type FeeTotalRow = {
  month: string;
  feeType: string;
  currency: string;
  billedMinor: number;
  paidMinor: number;
  outstandingMinor: number;
  invoices: number;
  payments: number;
};

/**
 * The DDGAF figures (the /ddgaf-dashboard calls this): per month, fee type and currency, the
 * amount billed (invoices issued that month, not cancelled), paid (payments received that month)
 * and outstanding (invoices issued that month still unpaid). Minor units; never mixed currencies.
 */
export async function feeTotals(filter: FeeTotalsInput, db: Database) {
  const { billed, paid } = await feeTotalsRows(db, filter);
  const rows = new Map<string, FeeTotalRow>();
  const at = (month: string, feeType: string, currency: string) => {
    const key = `${month}|${feeType}|${currency}`;
    let row = rows.get(key);
    if (!row) {
      row = { month, feeType, currency, billedMinor: 0, paidMinor: 0, outstandingMinor: 0, invoices: 0, payments: 0 };
      rows.set(key, row);
    }
    return row;
  };
  for (const b of billed) {
    const row = at(b.month, b.feeType, b.currency);
    row.billedMinor += Number(b.billedMinor);
    row.outstandingMinor += Number(b.outstandingMinor);
    row.invoices += Number(b.invoices);
  }
  for (const p of paid) {
    const row = at(p.month, p.feeType, p.currency);
    row.paidMinor += Number(p.paidMinor);
    row.payments += Number(p.payments);
  }
  const byMonth = [...rows.values()].sort(
    (a, b) =>
      a.month.localeCompare(b.month) || a.feeType.localeCompare(b.feeType) || a.currency.localeCompare(b.currency),
  );
  const totals = new Map<
    string,
    { currency: string; billedMinor: number; paidMinor: number; outstandingMinor: number }
  >();
  for (const r of byMonth) {
    const t = totals.get(r.currency) ?? { currency: r.currency, billedMinor: 0, paidMinor: 0, outstandingMinor: 0 };
    t.billedMinor += r.billedMinor;
    t.paidMinor += r.paidMinor;
    t.outstandingMinor += r.outstandingMinor;
    totals.set(r.currency, t);
  }
  return { rows: byMonth, totals: [...totals.values()] };
}
