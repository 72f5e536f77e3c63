/**
 * The receipt of a purchase: a PDF with the batch's trace QR code, for the buyer who
 * bought and the farmers whose plots the produce came from — nobody else. Anyone else gets the
 * same 404 as for a batch that does not exist, so receipts cannot be found by trying codes.
 */
import { batchByCode, custodyOf } from "#db/queries/batches";
import { purchaseOfBatch, receiptParties } from "#db/queries/purchases";
import { findUserById } from "#db/queries/users";
import { PAYMENT_METHOD_LABEL, type PaymentMethod } from "#worker/contracts/batches";
import { type Currency, isCurrency } from "#worker/domain/money";
import { type ReceiptData, renderPurchaseReceipt } from "#worker/domain/receipts/purchase-receipt";
import type { ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";
import { initialsOf } from "./purchase-lookup";
import { traceUrl } from "./render-qr";

export type ReceiptDeps = Pick<ServiceDeps, "db" | "actor"> & { origin: string };

const notFound = (code: string) => fail(404, `No purchase receipt for batch ${code.toUpperCase()}`);

/** The receipt's content, when the actor is the buyer of the purchase or one of its farmers. */
export async function receiptData(batchCode: string, deps: ReceiptDeps): Promise<Result<ReceiptData>> {
  const { db, actor } = deps;
  const batch = await batchByCode(db, batchCode);
  if (!batch || batch.derivedBy) return notFound(batchCode);
  const [purchase, parties, account] = await Promise.all([
    purchaseOfBatch(db, batch.id),
    receiptParties(db, batch.id),
    findUserById(db, actor.id),
  ]);
  const isBuyer = actor.role === "buyer" && batch.createdBy === actor.id;
  const isFarmer =
    actor.role === "farmer" &&
    parties.origins.some(
      (o) => o.farmerUserId === actor.id || (!!account && o.farmerId === account.loginId.toUpperCase()),
    );
  if (!isBuyer && !isFarmer) return notFound(batchCode);

  const [first] = await custodyOf(db, [batch.id]);
  const currency: Currency | null = isCurrency(purchase?.currency) ? purchase.currency : null;
  const money = (amountMinor: number | null | undefined) =>
    amountMinor != null && currency ? { amountMinor, currency } : null;
  const b = parties.buyer;
  const farmers = [...new Map(parties.origins.map((o) => [o.farmerId, o])).values()].map(
    (o) => `${o.farmerId} — ${[initialsOf(o.firstName, null), o.lastName].filter(Boolean).join(" ")}`,
  );
  return ok({
    batchCode: batch.batchCode,
    commodity: batch.commodity,
    purchasedAt: first?.occurredAt ?? batch.createdAt,
    harvestDate: batch.harvestDate,
    weightG: batch.weightG,
    grade: batch.grade,
    location: first?.location ?? null,
    pricePerKg: money(purchase?.pricePerKgMinor),
    total: money(purchase?.totalMinor),
    moistureTenthPct: purchase?.moistureTenthPct ?? null,
    paymentMethod: purchase?.paymentMethod
      ? (PAYMENT_METHOD_LABEL[purchase.paymentMethod as PaymentMethod] ?? purchase.paymentMethod)
      : null,
    paymentReference: purchase?.paymentReference ?? null,
    buyer: b
      ? b.companyName?.trim() || [b.firstName, b.lastName].filter(Boolean).join(" ").trim() || b.loginId
      : "Buyer not recorded",
    farmers,
    plots: parties.origins.map((o) => ({ plotCode: o.plotCode ?? "(plot no longer registered)", weightG: o.weightG })),
    volumeNote: batch.volumeNote,
    volumeFlag: batch.volumeFlag,
    traceUrl: traceUrl(deps.origin, batch.batchCode),
  });
}

/** The receipt PDF and its file name. */
export async function purchaseReceipt(
  batchCode: string,
  deps: ReceiptDeps,
): Promise<Result<{ bytes: Uint8Array; fileName: string; batchCode: string }>> {
  const data = await receiptData(batchCode, deps);
  if (!data.ok) return data;
  const bytes = await renderPurchaseReceipt(data.value);
  return ok({ bytes, fileName: `purchase-receipt-${data.value.batchCode}.pdf`, batchCode: data.value.batchCode });
}
