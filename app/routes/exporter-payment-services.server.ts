import { data } from "react-router";
import { StatementQuerySchema, StockPaymentSchema } from "#worker/contracts/exporter-desk";
import { fieldErrors } from "#worker/contracts/field-errors";
import { PaymentSchema } from "#worker/contracts/licensing";
import { FEE_TYPE_LABEL, type FeeType } from "#worker/domain/fees";
import { type Currency, formatMoney } from "#worker/domain/money";
import { statementFor } from "#worker/services/exporter/statement";
import { recordStockPayment, stockPaymentsFor } from "#worker/services/exporter/stock-payments";
import { listInvoicesFor } from "#worker/services/fees/read-fees";
import { recordPayment } from "#worker/services/fees/record-payment";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { flashRef } from "../lib/flash.server";
import { handleForm } from "../lib/page-form.server";
import { shellUser } from "../lib/work-page.server";

const TITLE = "Payment services";
const PATH = "/exporter-payment-services";

/**
 * /exporter-payment-services: my fee invoices (pay by recording a reference, then the
 * receipt), my payments for purchased stock, and a statement over a date range (CSV, PDF).
 */
export async function loader({ request }: { request: Request }) {
  const session = await requireRole(request, "recordStockPayments", TITLE);
  const deps = pageDeps(session);
  const url = new URL(request.url);
  const params = url.searchParams;
  const today = deps.now().toISOString().slice(0, 10);
  const range = { from: params.get("from") ?? `${today.slice(0, 4)}-01-01`, to: params.get("to") ?? today };
  const parsedRange = StatementQuerySchema.safeParse(range);
  const [invoices, payments, statement] = await Promise.all([
    listInvoicesFor({ page: 1, pageSize: 100 }, deps),
    stockPaymentsFor({}, deps),
    parsedRange.success ? statementFor(parsedRange.data, deps) : null,
  ]);
  return data(
    {
      user: await shellUser(session),
      today,
      done: { paid: flashRef(url, "paid"), stock: flashRef(url, "stock") },
      invoices: invoices.items.map((i) => ({
        id: i.id,
        number: i.number,
        fee: FEE_TYPE_LABEL[i.feeType as FeeType] ?? i.feeType,
        amount: formatMoney({ amountMinor: i.amountMinor, currency: i.currency as Currency }),
        status: i.status,
        issuedOn: i.issuedOn,
        dueOn: i.dueOn,
        receiptNumber: i.receiptNumber,
        reference: i.paymentReference,
      })),
      payments: payments.map((p) => ({
        id: p.id,
        receiptNumber: p.receiptNumber,
        payee: p.payee ? `${p.payee.name} (${p.payee.loginId})` : "Unknown account",
        batchCodes: p.batchCodes,
        amount: formatMoney({ amountMinor: p.amountMinor, currency: p.currency as Currency }),
        reference: p.reference,
        paidOn: p.paidOn,
        receiptPath: p.receiptPath,
      })),
      range,
      rangeErrors: parsedRange.success ? {} : fieldErrors(parsedRange.error),
      statement:
        statement?.ok === true
          ? {
              count: statement.value.lines.length,
              totals: statement.value.totals.map((t) => ({
                currency: t.currency,
                total: formatMoney({ amountMinor: t.totalMinor, currency: t.currency }),
                fees: formatMoney({ amountMinor: t.feesMinor, currency: t.currency }),
                stock: formatMoney({ amountMinor: t.stockMinor, currency: t.currency }),
              })),
              query: `from=${range.from}&to=${range.to}`,
            }
          : null,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request }: { request: Request }) {
  const session = await requireRole(request, "recordStockPayments", TITLE);
  const form = await request.formData();
  const deps = pageDeps(session);
  if (form.get("intent") !== "stock")
    return handleForm(request, {
      session,
      form,
      schema: PaymentSchema,
      run: (input) => recordPayment(String(form.get("invoiceId") ?? ""), input, deps),
      done: (v) => `${PATH}?paid=${encodeURIComponent(v.invoiceNumber)}#invoices`,
    });
  return handleForm(request, {
    session,
    form,
    schema: StockPaymentSchema,
    run: (input) => recordStockPayment(input, deps),
    done: (v) => `${PATH}?stock=${encodeURIComponent(v.payment.receiptNumber)}#stock`,
  });
}
