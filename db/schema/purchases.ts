/**
 * What a buyer paid for a purchase (buyer dashboard): one row per purchase batch, written
 * by worker/services/batches/create-batch.ts in the same `db.batch()` as the batch and its audit row.
 * Money in integer minor units with its currency (ADR 020), moisture in tenths of a percent like the
 * warehouse inspection. `submission_id` (unique) makes a resend of the same purchase return the same batch.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

export const purchases = sqliteTable(
  "purchases",
  {
    batchId: text("batch_id").primaryKey(),
    buyerId: text("buyer_id").notNull(),
    /** Price per kilogram in minor units (cents) of `currency`; null when the buyer did not record it. */
    pricePerKgMinor: integer("price_per_kg_minor"),
    /** USD | LRD (worker/domain/money.ts). */
    currency: text("currency"),
    /** Weight × price, computed on the server (totalForWeight), in minor units of `currency`. */
    totalMinor: integer("total_minor"),
    /** Moisture measured at the farm gate, tenths of a percent (72 = 7.2 %); null when not measured. */
    moistureTenthPct: integer("moisture_tenth_pct"),
    /** cash | mobile_money | bank_transfer | other */
    paymentMethod: text("payment_method"),
    paymentReference: text("payment_reference"),
    submissionId: text("submission_id").unique(),
    createdAt: createdAt(),
  },
  (t) => [index("purchases_buyer_created_idx").on(t.buyerId, t.createdAt)],
);
