/**
 * Payments an exporter made to buyers and cooperatives (buyer organisations) for purchased
 * stock. Recorded with the payer's bank or mobile-money reference through the payment
 * gateway adapter (only the recorded-reference one exists: the platform records payments, it does
 * not execute them, ADR 021), each with a receipt number (LR-SPR-2026-000001) and receipt PDF.
 *
 * Only for batches the exporter owns (held, stepped or shipped: ownedBatchWhere) and that the payee
 * handled (bought, held or stepped: the batch visibility rule of the payee), so a payment always
 * names real stock that passed from the payee to the payer.
 */
import { isVisible } from "#db/queries/batches";
import {
  accountByLoginId,
  accountsById,
  findStockPayment,
  insertStockPayment,
  isStockReceiptTaken,
  lastStockReceipt,
  listStockPayments,
  ownedBatchByCode,
  type StockPaymentRow,
  stockPaymentBySubmission,
} from "#db/queries/exporter-desk";
import { accountById } from "#db/queries/licensing";
import type { StockPaymentInput } from "#worker/contracts/exporter-desk";
import { isoDay } from "#worker/domain/licensing";
import { type Currency, formatMoney, parseMinor } from "#worker/domain/money";
import { renderReceipt } from "#worker/domain/receipts/render-receipt";
import { MAX_ATTEMPTS } from "../certificates/certificate-numbers";
import type { ServiceDeps } from "../deps";
import { type PaymentGateway, recordedReferenceGateway } from "../fees/payment-gateway";
import { notifyStatement } from "../notifications/notify";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";

const STAFF_READERS = new Set(["dg", "ddgaf", "office_admin"]);
const name = (a: { firstName: string | null; lastName: string | null; loginId: string } | null | undefined) =>
  a ? `${a.firstName ?? ""} ${a.lastName ?? ""}`.trim() || a.loginId : "Unknown account";

export async function recordStockPayment(
  input: StockPaymentInput,
  deps: Pick<ServiceDeps, "db" | "actor" | "now"> & { gateway?: PaymentGateway },
): Promise<Result<{ payment: StockPaymentRow }>> {
  const { db, actor } = deps;
  const now = deps.now();
  if (actor.role !== "exporter") return fail(403, "Only an exporter can record a payment for purchased stock");
  if (input.submissionId) {
    const seen = await stockPaymentBySubmission(db, input.submissionId);
    if (seen && seen.payerId === actor.id) return ok({ payment: seen });
  }
  const amountMinor = parseMinor(input.amount);
  if (!amountMinor)
    return fail(400, "Enter the amount paid, like 1250.00", { amount: ["Enter the amount paid, like 1250.00"] });
  if (input.paidOn > isoDay(now))
    return fail(400, "The payment date cannot be in the future", {
      paidOn: ["The payment date cannot be in the future"],
    });
  const payee = await accountByLoginId(db, input.payeeLoginId);
  if (payee?.role !== "buyer") {
    const m = `No buyer or cooperative with ID ${input.payeeLoginId.trim().toUpperCase()}`;
    return fail(404, m, { payeeLoginId: [m] });
  }
  for (const code of input.batchCodes) {
    const batch = await ownedBatchByCode(db, actor.id, code);
    if (!batch) {
      const m = `Batch ${code} is not stock you hold or ship: you can only pay for batches you acquired`;
      return fail(404, m, { batchCodes: [m] });
    }
    if (!(await isVisible(db, batch.id, { kind: "handled", userId: payee.id }))) {
      const m = `Batch ${code} did not pass through ${payee.loginId}: pay the buyer you acquired it from`;
      return fail(409, m, { batchCodes: [m] });
    }
  }
  const amount = { amountMinor, currency: input.currency as Currency };
  const gateway = deps.gateway ?? recordedReferenceGateway;
  const confirmed = await gateway.confirm({
    invoiceNumber: input.batchCodes.join(","),
    amount,
    reference: input.reference,
    paidOn: input.paidOn,
  });
  if (!confirmed.ok) return fail(409, confirmed.message);
  const prefix = `LR-SPR-${now.getUTCFullYear()}-`;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const last = await lastStockReceipt(db, prefix);
    const serial = last ? Number(last.slice(prefix.length, prefix.length + 6)) : 0;
    const receiptNumber = `${prefix}${String(serial + 1).padStart(6, "0")}`;
    const payment: StockPaymentRow = {
      id: crypto.randomUUID(),
      receiptNumber,
      payerId: actor.id,
      payeeId: payee.id,
      batchCodes: JSON.stringify(input.batchCodes),
      amountMinor,
      currency: amount.currency,
      reference: confirmed.payment.reference,
      method: confirmed.payment.method,
      paidOn: input.paidOn,
      note: input.note ?? null,
      submissionId: input.submissionId ?? null,
      createdAt: now.toISOString(),
    };
    try {
      await db.batch([
        insertStockPayment(db, payment),
        auditEntry(db, actor, "stock_payment.record", "stock_payment", receiptNumber, null, {
          payee: payee.loginId,
          batchCodes: input.batchCodes,
          amountMinor,
          currency: amount.currency,
          reference: payment.reference,
          paidOn: payment.paidOn,
        }),
        notifyStatement(
          db,
          {
            userId: payee.id,
            kind: "purchase_recorded",
            title: "Payment for stock recorded",
            body: `An exporter recorded a payment of ${formatMoney(amount)} to you for ${input.batchCodes.join(", ")} (reference ${payment.reference}). Receipt ${receiptNumber}.`,
            subject: { type: "stock_payment", id: payment.id },
            dedupeKey: `stock_payment:${payment.id}`,
          },
          now,
        ),
      ]);
      return ok({ payment });
    } catch (error) {
      if (!isStockReceiptTaken(error)) throw error;
    }
  }
  throw new Error("Could not number a stock payment receipt");
}

/** Stock payments: an exporter's own; finance (DDGAF), the DG and the office all. */
export async function stockPaymentsFor(
  filter: { from?: string; to?: string },
  { db, actor }: Pick<ServiceDeps, "db" | "actor">,
) {
  if (actor.role !== "exporter" && !STAFF_READERS.has(actor.role)) return [];
  const rows = await listStockPayments(db, { ...filter, payerId: actor.role === "exporter" ? actor.id : undefined });
  const accounts = new Map(
    (
      await accountsById(
        db,
        rows.map((r) => r.payeeId),
      )
    ).map((a) => [a.id, a]),
  );
  return rows.map((r) => {
    const payee = accounts.get(r.payeeId);
    return {
      ...r,
      batchCodes: JSON.parse(r.batchCodes) as string[],
      payee: payee ? { loginId: payee.loginId, name: name(payee), company: payee.companyName } : null,
      receiptPath: `/api/exporter/stock-payments/${r.id}/receipt`,
    };
  });
}

/** The receipt PDF of a stock payment (the payer's own; finance staff any). */
export async function stockPaymentReceipt(
  id: string,
  { db, actor }: Pick<ServiceDeps, "db" | "actor">,
): Promise<Result<{ receiptNumber: string; bytes: Uint8Array }>> {
  const p = await findStockPayment(db, id);
  if (!p || (actor.role === "exporter" ? p.payerId !== actor.id : !STAFF_READERS.has(actor.role)))
    return fail(404, "No stock payment with this id");
  const [payer, payee] = await Promise.all([accountById(db, p.payerId), accountById(db, p.payeeId)]);
  const batchCodes = JSON.parse(p.batchCodes) as string[];
  const bytes = await renderReceipt({
    receiptNumber: p.receiptNumber,
    invoiceNumber: "",
    feeType: "export_permit",
    subject: batchCodes.join(", "),
    payer: { name: name(payer), company: payer?.companyName ?? null, loginId: payer?.loginId ?? p.payerId },
    amount: { amountMinor: p.amountMinor, currency: p.currency as Currency },
    reference: p.reference,
    method: p.method,
    paidOn: p.paidOn,
    issuedOn: p.paidOn,
    recordedAt: p.createdAt,
    stock: {
      batchCodes,
      payee: [name(payee), payee?.companyName, payee ? `(${payee.loginId})` : null].filter(Boolean).join(" "),
    },
  });
  return ok({ receiptNumber: p.receiptNumber, bytes });
}
