/**
 * How a fee payment reaches the platform. A gateway adapter turns what the payer submits into a
 * confirmed payment, or refuses it. ONLY the recorded-reference adapter exists: the payer (or
 * finance staff) records the reference of a payment made at a bank or by mobile money, and the
 * platform trusts that record (it is audited and can be reconciled against bank statements). There
 * is no fake gateway: a mobile-money or bank adapter is added here when a real contract exists,
 * and tested against a recorded response, never a live call (ADR 021).
 */
import type { Money } from "#worker/domain/money";

export type PaymentRequest = { invoiceNumber: string; amount: Money; reference: string; paidOn: string };
export type ConfirmedPayment = { method: string; reference: string; paidOn: string; amount: Money };

export interface PaymentGateway {
  /** Stored in fee_payments.method. */
  readonly method: string;
  confirm(request: PaymentRequest): Promise<{ ok: true; payment: ConfirmedPayment } | { ok: false; message: string }>;
}

/** The one adapter: the reference the payer gives is the record, for the invoice's full amount. */
export const recordedReferenceGateway: PaymentGateway = {
  method: "recorded_reference",
  async confirm(request) {
    return {
      ok: true,
      payment: { method: this.method, reference: request.reference, paidOn: request.paidOn, amount: request.amount },
    };
  },
};
