/**
 * The sellers hub (docs/sellers-hub.md): lots offered for sale and the offers made on
 * them. A lot is backed by a stored batch the seller holds (`batch_id`) or by the expected harvest
 * of named plots of the seller (`lot_plots`). Quantities are integer grams, prices integer minor
 * units per kilogram with their currency (ADR 020).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

export const lots = sqliteTable(
  "lots",
  {
    id: text("id").primaryKey(),
    /** batch | harvest */
    source: text("source").notNull(),
    sellerId: text("seller_id").notNull(),
    sellerRole: text("seller_role").notNull(),
    batchId: text("batch_id"),
    commodity: text("commodity").notNull(),
    grade: text("grade"),
    /** County only (coarsened: never a village or plot). */
    county: text("county"),
    quantityG: integer("quantity_g").notNull(),
    /** What is still for sale: falls as offers are accepted (never below 0). */
    remainingG: integer("remaining_g").notNull(),
    askingMinorPerKg: integer("asking_minor_per_kg").notNull(),
    currency: text("currency").notNull(),
    /** The crop year of an expected harvest (e.g. "2026/27"). */
    season: text("season"),
    /** open | sold | withdrawn | held (the seller's licence is suspended or revoked, ADR 029) */
    status: text("status").notNull().default("open"),
    /** Why the lot is held, as the market shows it ("Buyer licence … is suspended: …"). */
    heldReason: text("held_reason"),
    /** The device's id of the listing: a resend returns the same lot. */
    submissionId: text("submission_id").unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index("lots_status_commodity_idx").on(t.status, t.commodity),
    index("lots_seller_idx").on(t.sellerId),
    // One open lot per batch.
    uniqueIndex("lots_open_batch_idx").on(t.batchId).where(sql`status = 'open' AND batch_id IS NOT NULL`),
    check("lots_remaining_not_negative", sql`${t.remainingG} >= 0`),
  ],
);

/** The named plots behind an expected-harvest lot. */
export const lotPlots = sqliteTable(
  "lot_plots",
  {
    lotId: text("lot_id").notNull(),
    plotId: text("plot_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.plotId] }), index("lot_plots_plot_idx").on(t.plotId)],
);

export const offers = sqliteTable(
  "offers",
  {
    id: text("id").primaryKey(),
    lotId: text("lot_id").notNull(),
    buyerId: text("buyer_id").notNull(),
    buyerRole: text("buyer_role").notNull(),
    quantityG: integer("quantity_g").notNull(),
    /** The agreed price once accepted (the purchase record takes it later, see docs/sellers-hub.md). */
    priceMinorPerKg: integer("price_minor_per_kg").notNull(),
    currency: text("currency").notNull(),
    /** The grade the buyer will record at purchase (expected-harvest lots only). */
    grade: text("grade"),
    note: text("note"),
    /** pending | accepted | declined | held (the offer maker's licence is suspended or revoked, ADR 029) */
    status: text("status").notNull().default("pending"),
    /** Why the offer is held. */
    heldReason: text("held_reason"),
    decidedAt: text("decided_at"),
    /** The batch the accepted offer created (expected harvest) or concerns (batch lot). */
    batchId: text("batch_id"),
    submissionId: text("submission_id").unique(),
    createdAt: createdAt(),
  },
  (t) => [index("offers_lot_idx").on(t.lotId), index("offers_buyer_idx").on(t.buyerId)],
);

/**
 * One row per decided offer: its primary key makes a second decision on the same offer (two
 * clicks, two sellers' tabs) fail the whole transaction, so an offer is accepted at most once.
 */
export const offerDecisions = sqliteTable("offer_decisions", {
  offerId: text("offer_id").primaryKey(),
  decision: text("decision").notNull(),
  decidedBy: text("decided_by").notNull(),
  decidedAt: text("decided_at").notNull(),
});
