/**
 * Export orders: an exporter's contracts with EU buyers, and the compliant batches
 * allocated to them. Weights are integer grams, prices integer minor units + currency (ADR 020).
 * A batch is allocated whole, to one order only (ADR 022); shipments are composed from the
 * allocations of one order (shipments.order_id).
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";

export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    /** ORD-2026-000001 */
    code: text("code").notNull().unique(),
    exporterId: text("exporter_id").notNull(),
    buyerName: text("buyer_name").notNull(),
    /** ISO 3166-1 alpha-2 of an EU member state. */
    buyerCountry: text("buyer_country").notNull(),
    commodity: text("commodity").notNull(),
    hsCode: text("hs_code").notNull(),
    quantityG: integer("quantity_g").notNull(),
    /** Price per tonne, in minor units of `currency`. */
    priceMinor: integer("price_minor").notNull(),
    currency: text("currency").notNull(),
    /** Incoterms 2020 (FOB, CIF, …). */
    incoterm: text("incoterm").notNull(),
    deliveryFrom: text("delivery_from").notNull(),
    deliveryTo: text("delivery_to").notNull(),
    /** open | shipped | cancelled */
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("orders_exporter_idx").on(t.exporterId, t.status)],
);

/** A batch allocated (whole) to an order. A batch's weight is never allocated twice. */
export const orderAllocations = sqliteTable(
  "order_allocations",
  {
    orderId: text("order_id").notNull(),
    batchId: text("batch_id").notNull(),
    weightG: integer("weight_g").notNull(),
    allocatedBy: text("allocated_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.batchId] }), uniqueIndex("order_allocations_batch_unique").on(t.batchId)],
);
