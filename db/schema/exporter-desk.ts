/**
 * The exporter's desk: inspection requests and payments for purchased stock.
 * Money: integer minor units + currency (ADR 020). Fee invoices of inspections live in
 * fee_invoices (subject_type 'inspection'), see db/schema/licensing.ts.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";

/**
 * An exporter's request for a warehouse or port inspection of one batch or shipment, with a
 * preferred date. requested → scheduled (an inspector of the kind takes it, with a date) → done
 * (which raises the inspection fee invoice), or cancelled by the requester before it is done.
 * `version` guards each step: two inspectors taking it at once cannot both win.
 */
export const inspectionRequests = sqliteTable(
  "inspection_requests",
  {
    id: text("id").primaryKey(),
    requesterId: text("requester_id").notNull(),
    /** warehouse | port */
    kind: text("kind").notNull(),
    batchId: text("batch_id"),
    shipmentId: text("shipment_id"),
    /** The batch or shipment code as the exporter typed it (normalised). */
    subjectCode: text("subject_code").notNull(),
    preferredDate: text("preferred_date").notNull(),
    /** requested | scheduled | done | cancelled */
    status: text("status").notNull().default("requested"),
    /** The inspector who took it (null while requested, unless the batch's warehouse names one). */
    inspectorId: text("inspector_id"),
    scheduledFor: text("scheduled_for"),
    note: text("note"),
    inspectorNote: text("inspector_note"),
    submissionId: text("submission_id").unique(),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("inspection_requests_requester_idx").on(t.requesterId, t.createdAt),
    index("inspection_requests_queue_idx").on(t.kind, t.status, t.inspectorId),
  ],
);

/**
 * A payment the exporter made to a buyer (or cooperative, a buyer organisation) for purchased
 * stock, recorded with its bank or mobile-money reference (recorded-reference adapter only,
 * ADR 021): the platform records it, it does not move money. It gets a receipt number.
 */
export const stockPayments = sqliteTable(
  "stock_payments",
  {
    id: text("id").primaryKey(),
    /** LR-SPR-2026-000001 */
    receiptNumber: text("receipt_number").notNull().unique(),
    payerId: text("payer_id").notNull(),
    payeeId: text("payee_id").notNull(),
    /** JSON array of batch codes the payment is for. */
    batchCodes: text("batch_codes").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    reference: text("reference").notNull(),
    method: text("method").notNull(),
    paidOn: text("paid_on").notNull(),
    note: text("note"),
    submissionId: text("submission_id").unique(),
    createdAt: createdAt(),
  },
  (t) => [index("stock_payments_payer_idx").on(t.payerId, t.paidOn), index("stock_payments_payee_idx").on(t.payeeId)],
);
