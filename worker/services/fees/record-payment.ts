/**
 * Records the payment of a fee invoice: in full, through the payment gateway adapter
 * (only the recorded-reference one exists, ADR 021), with a receipt number (LR-RCP-2026-000001).
 * The payer records their own invoice's payment; DDGAF and the office record anyone's. The invoice
 * becomes paid, the payment row, the audit row and the notice to the payer are one batch; a second
 * payment of the same invoice is refused (409).
 */
import {
  findInvoice,
  insertPaymentStatement,
  isStaleStep,
  markInvoicePaid,
  type PaymentRow,
} from "#db/queries/licensing";
import { can, PERMISSIONS } from "#worker/auth/permissions";
import { ROLE_LABEL } from "#worker/auth/roles";
import type { PaymentInput } from "#worker/contracts/licensing";
import { isoDay, rolesSentence } from "#worker/domain/licensing";
import { type Currency, formatMoney } from "#worker/domain/money";
import type { ServiceDeps } from "../deps";
import { numberPrefix, withNextNumber } from "../licensing/numbers";
import { notifyStatement } from "../notifications/notify";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { type PaymentGateway, recordedReferenceGateway } from "./payment-gateway";

const PAYER_ROLES = new Set(["buyer", "exporter"]);
export const ALREADY_PAID = "This invoice has already been paid";

export async function recordPayment(
  invoiceId: string,
  input: PaymentInput,
  deps: Pick<ServiceDeps, "db" | "actor" | "now"> & { gateway?: PaymentGateway },
): Promise<Result<{ payment: PaymentRow; invoiceNumber: string }>> {
  const { db, actor } = deps;
  const now = deps.now();
  if (!can(actor.role, "recordFeePayments"))
    return fail(
      403,
      `Only the ${rolesSentence(PERMISSIONS.recordFeePayments)} can record a fee payment (you are signed in as ${ROLE_LABEL[actor.role]})`,
    );
  const invoice = await findInvoice(db, invoiceId);
  // A payer reaches only their own invoices (IDOR: 404).
  if (!invoice || (PAYER_ROLES.has(actor.role) && invoice.payerId !== actor.id))
    return fail(404, "No invoice with this id");
  if (invoice.status === "paid") return fail(409, ALREADY_PAID);
  if (invoice.status !== "billed") return fail(409, `This invoice is ${invoice.status}: it cannot be paid`);
  const paidOn = input.paidOn ?? isoDay(now);
  if (paidOn > isoDay(now))
    return fail(400, "The payment date cannot be in the future", {
      paidOn: ["The payment date cannot be in the future"],
    });
  if (paidOn < invoice.issuedOn)
    return fail(400, `The payment date cannot be before the invoice date (${invoice.issuedOn})`, {
      paidOn: [`The payment date cannot be before the invoice date (${invoice.issuedOn})`],
    });
  const amount = { amountMinor: invoice.amountMinor, currency: invoice.currency as Currency };
  const gateway = deps.gateway ?? recordedReferenceGateway;
  const confirmed = await gateway.confirm({
    invoiceNumber: invoice.number,
    amount,
    reference: input.reference,
    paidOn,
  });
  if (!confirmed.ok) return fail(409, confirmed.message);

  try {
    return await withNextNumber(db, "receipt", numberPrefix("receipt", now.getUTCFullYear()), async (receiptNumber) => {
      const payment: PaymentRow = {
        id: crypto.randomUUID(),
        invoiceId: invoice.id,
        receiptNumber,
        reference: confirmed.payment.reference,
        method: confirmed.payment.method,
        amountMinor: amount.amountMinor,
        currency: amount.currency,
        paidOn,
        recordedBy: actor.id,
        createdAt: now.toISOString(),
      };
      await db.batch([
        markInvoicePaid(db, invoice.id),
        insertPaymentStatement(db, payment),
        auditEntry(
          db,
          actor,
          "fee_payment.record",
          "fee_invoice",
          invoice.number,
          { status: invoice.status },
          {
            status: "paid",
            receiptNumber,
            reference: payment.reference,
            amountMinor: payment.amountMinor,
            currency: payment.currency,
            paidOn,
          },
        ),
        notifyStatement(
          db,
          {
            userId: invoice.payerId,
            kind: "permit_update",
            title: "Fee payment recorded",
            body: `Payment of ${formatMoney(amount)} for invoice ${invoice.number} is recorded (reference ${payment.reference}). Receipt ${receiptNumber}.`,
            subject: { type: "fee_invoice", id: invoice.id },
            dedupeKey: `fee_payment:${invoice.id}`,
          },
          now,
        ),
      ]);
      return ok({ payment, invoiceNumber: invoice.number });
    });
  } catch (error) {
    if (isStaleStep(error)) return fail(409, ALREADY_PAID);
    throw error;
  }
}
