/**
 * Licences, export permits and fees (ADR 021), built first for the exporter's shipments (ADR 022).
 * The lifecycles are in worker/domain/licensing.ts; who may take each step in
 * worker/auth/permissions.ts (ADR 005). Numbers are unique and given on issue
 * (LR-LIC-EXP-2026-000001, LR-PMT-…, LR-INV-…, LR-RCP-…). Money: integer minor units + currency.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";

/**
 * A buyer's or exporter's licence, from its draft application to issue, suspension or revocation.
 * `version` counts the steps taken: each step is guarded on it and recorded in licensing_steps.
 */
export const licences = sqliteTable(
  "licences",
  {
    id: text("id").primaryKey(),
    /** LR-LIC-EXP-2026-000001; null until issued. */
    number: text("number").unique(),
    /** exporter | buyer */
    type: text("type").notNull(),
    /** The account the licence is for (the exporter or buyer). */
    applicantId: text("applicant_id").notNull(),
    /** draft | submitted | reviewed | recommended | approved | issued | suspended | revoked */
    status: text("status").notNull().default("draft"),
    /** The business named on the application. */
    companyName: text("company_name").notNull(),
    county: text("county"),
    note: text("note"),
    createdBy: text("created_by").notNull(),
    /** ISO dates (YYYY-MM-DD), set on issue: valid from the first day to the end of the last. */
    validFrom: text("valid_from"),
    validUntil: text("valid_until"),
    /** The reason given with the last suspension, reinstatement or revocation. */
    statusReason: text("status_reason"),
    version: integer("version").notNull().default(1),
    /**
     * JSON array of the commodities the licence covers ("Cocoa", …); NULL covers every commodity
     * (licences issued before ADR 029 named none). Checked by requireLicence.
     */
    commodities: text("commodities"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("licences_applicant_idx").on(t.applicantId, t.type), index("licences_status_idx").on(t.status)],
);

/**
 * A shipment: batches leaving together under one export permit. Only what permits need
 * today; the exporter's screens add their columns (nullable) later.
 */
export const shipments = sqliteTable(
  "shipments",
  {
    id: text("id").primaryKey(),
    /** SHP-2026-000001 */
    code: text("code").notNull().unique(),
    exporterId: text("exporter_id").notNull(),
    /** draft | exported; the stages between come from its export permit (worker/domain/orders.ts). */
    status: text("status").notNull().default("draft"),
    /** The order whose allocated batches it carries (null for shipments composed before orders). */
    orderId: text("order_id"),
    /** The EU operator's DDS numbers for this shipment (docs/eudr-rules.md "DDS"), before or after export. */
    ddsReference: text("dds_reference"),
    ddsVerification: text("dds_verification"),
    exportedAt: text("exported_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("shipments_exporter_idx").on(t.exporterId)],
);

/** The batches of a shipment, with the weight shipped (integer grams). A batch ships once. */
export const shipmentBatches = sqliteTable(
  "shipment_batches",
  {
    shipmentId: text("shipment_id").notNull(),
    batchId: text("batch_id").notNull(),
    weightG: integer("weight_g").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.batchId] }),
    uniqueIndex("shipment_batches_batch_unique").on(t.batchId),
  ],
);

/** An export permit for one shipment: requested → recommended (DDGOTS) → issued (DG approves). */
export const exportPermits = sqliteTable(
  "export_permits",
  {
    id: text("id").primaryKey(),
    /** LR-PMT-2026-000001; null until issued. */
    number: text("number").unique(),
    shipmentId: text("shipment_id").notNull(),
    exporterId: text("exporter_id").notNull(),
    /** requested | recommended | issued | revoked */
    status: text("status").notNull().default("requested"),
    validFrom: text("valid_from"),
    validUntil: text("valid_until"),
    statusReason: text("status_reason"),
    note: text("note"),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("export_permits_exporter_idx").on(t.exporterId),
    // One live permit (or request) per shipment.
    uniqueIndex("export_permits_live_shipment_unique")
      .on(t.shipmentId)
      .where(sql`status IN ('requested', 'recommended', 'issued')`),
  ],
);

/**
 * Every step of a licence or permit, one row per version. Written in the same batch as the step
 * and only if the subject now has that version (the subselect is NULL otherwise, the NOT NULL
 * constraint fails and the whole step is rolled back): two people acting at once cannot both win.
 */
export const licensingSteps = sqliteTable(
  "licensing_steps",
  {
    /** licence | permit */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    version: integer("version").notNull(),
    step: text("step").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actorId: text("actor_id").notNull(),
    actorRole: text("actor_role").notNull(),
    reason: text("reason"),
    occurredAt: text("occurred_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.subjectType, t.subjectId, t.version] })],
);

/** A fee invoice raised by issuing a licence or permit (worker/domain/fees.ts). One per subject and fee. */
export const feeInvoices = sqliteTable(
  "fee_invoices",
  {
    id: text("id").primaryKey(),
    /** LR-INV-2026-000001 */
    number: text("number").notNull().unique(),
    payerId: text("payer_id").notNull(),
    /** licence | permit */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    /** exporter_licence | buyer_licence | export_permit (FEE_SCHEDULE) */
    feeType: text("fee_type").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    issuedOn: text("issued_on").notNull(),
    dueOn: text("due_on").notNull(),
    /** billed | paid | cancelled */
    status: text("status").notNull().default("billed"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("fee_invoices_subject_unique").on(t.subjectType, t.subjectId, t.feeType),
    index("fee_invoices_payer_idx").on(t.payerId),
    index("fee_invoices_issued_idx").on(t.issuedOn),
    index("fee_invoices_status_issued_idx").on(t.status, t.issuedOn),
  ],
);

/** The payment of an invoice (in full), recorded with its reference; it gets a receipt number. */
export const feePayments = sqliteTable(
  "fee_payments",
  {
    id: text("id").primaryKey(),
    invoiceId: text("invoice_id").notNull().unique(),
    /** LR-RCP-2026-000001 */
    receiptNumber: text("receipt_number").notNull().unique(),
    /** The bank or mobile-money reference the payer gives. */
    reference: text("reference").notNull(),
    /** The gateway adapter that took it: only `recorded_reference` exists (ADR 021). */
    method: text("method").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    paidOn: text("paid_on").notNull(),
    recordedBy: text("recorded_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("fee_payments_paid_idx").on(t.paidOn)],
);
