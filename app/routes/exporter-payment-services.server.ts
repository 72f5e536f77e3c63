import { data, redirect } from "react-router";
import { StatementQuerySchema, StockPaymentSchema } from "#worker/contracts/exporter-desk";
import { PaymentSchema } from "#worker/contracts/licensing";
import { FEE_TYPE_LABEL, type FeeType } from "#worker/domain/fees";
import { type Currency, formatMoney } from "#worker/domain/money";
import { statementFor } from "#worker/services/exporter/statement";
import { recordStockPayment, stockPaymentsFor } from "#worker/services/exporter/stock-payments";
import { listInvoicesFor } from "#worker/services/fees/read-fees";
import { recordPayment } from "#worker/services/fees/record-payment";
import { CSRF_FAILED, PRIVATE_PAGE_HEADERS, requireRole, verifyCsrf } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { flashRef } from "../lib/flash.server";
import { failureReplyOf, formObject, typedValues, zodReply } from "../lib/plain-reply.server";
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
      rangeErrors: parsedRange.success ? {} : zodReply(parsedRange.error, new FormData()).errors,
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
  const intent = form.get("intent") === "stock" ? "stock" : "pay";
  const invoiceId = String(form.get("invoiceId") ?? "");
  const refuse = (
    reply: { formErrors: string[]; errors: Record<string, string[]>; values: Record<string, string> },
    status: number,
  ) => data({ intent, invoiceId, reply }, { status, headers: PRIVATE_PAGE_HEADERS });
  if (!(await verifyCsrf(session, form)))
    return refuse({ formErrors: [CSRF_FAILED], errors: {}, values: typedValues(form) }, 403);
  if (intent === "pay") {
    const parsed = PaymentSchema.safeParse(formObject(form, []));
    if (!parsed.success) return refuse(zodReply(parsed.error, form), 400);
    const result = await recordPayment(invoiceId, parsed.data, pageDeps(session));
    if (!result.ok) return refuse(failureReplyOf(result, form), result.status);
    throw redirect(`${PATH}?paid=${encodeURIComponent(result.value.invoiceNumber)}#invoices`);
  }
  const parsed = StockPaymentSchema.safeParse(formObject(form, []));
  if (!parsed.success) return refuse(zodReply(parsed.error, form), 400);
  const result = await recordStockPayment(parsed.data, pageDeps(session));
  if (!result.ok) return refuse(failureReplyOf(result, form), result.status);
  throw redirect(`${PATH}?stock=${encodeURIComponent(result.value.payment.receiptNumber)}#stock`);
}
