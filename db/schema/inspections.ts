/**
 * Warehouse and port inspections: where a buyer sends a batch, the quality
 * measurements and grade of the warehouse inspection, and the port (phytosanitary) inspection.
 * Every field write carries the device's `submission_id` (unique): a resend stores once.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

/**
 * The warehouse a batch is sent to, named by its warehouse inspector (there is no register of
 * warehouses yet: the inspector account IS the warehouse's intake desk). One row per batch; the
 * buyer may re-send it elsewhere until the warehouse receives it.
 */
export const batchDispatches = sqliteTable(
  "batch_dispatches",
  {
    batchId: text("batch_id").primaryKey(),
    warehouseInspectorId: text("warehouse_inspector_id").notNull(),
    /** Free text: the warehouse's name or town as the buyer knows it. */
    warehouse: text("warehouse"),
    dispatchedBy: text("dispatched_by").notNull(),
    dispatchedAt: text("dispatched_at").notNull(),
    note: text("note"),
    submissionId: text("submission_id").unique(),
    createdAt: createdAt(),
  },
  (t) => [index("batch_dispatches_inspector_idx").on(t.warehouseInspectorId, t.dispatchedAt)],
);

/**
 * One warehouse inspection of a batch. Measurements are integers in stated units:
 * `*_tenth_pct` in tenths of a percent (72 = 7.2 %), bean count in whole beans per 100 g,
 * coffee defects as a count per 300 g sample, smoky beans 0/1. Columns that do not apply to the
 * commodity are null. The grade (A+ … F) is computed on the server (worker/domain/certificates/grading.ts)
 * and stored with the criteria that decided it.
 */
export const batchInspections = sqliteTable(
  "batch_inspections",
  {
    id: text("id").primaryKey(),
    batchId: text("batch_id").notNull(),
    inspectorId: text("inspector_id").notNull(),
    inspectedAt: text("inspected_at").notNull(),
    commodity: text("commodity").notNull(),
    moistureTenthPct: integer("moisture_tenth_pct").notNull(),
    beanCountPer100g: integer("bean_count_per_100g"),
    mouldyTenthPct: integer("mouldy_tenth_pct"),
    slatyTenthPct: integer("slaty_tenth_pct"),
    defectiveTenthPct: integer("defective_tenth_pct"),
    foreignMatterTenthPct: integer("foreign_matter_tenth_pct").notNull(),
    smokyBeans: integer("smoky_beans", { mode: "boolean" }),
    defectsPer300g: integer("defects_per_300g"),
    grade: text("grade").notNull(),
    /** The criteria that set the grade, e.g. "Moisture: 9.0 %" (JSON array of strings). */
    decidingCriteria: text("deciding_criteria").notNull(),
    /** passed | rejected */
    outcome: text("outcome").notNull(),
    rejectionReason: text("rejection_reason"),
    /** returned_to_buyer | destroyed (rejected only). */
    disposition: text("disposition"),
    location: text("location"),
    note: text("note"),
    submissionId: text("submission_id").unique(),
    createdAt: createdAt(),
  },
  (t) => [index("batch_inspections_batch_idx").on(t.batchId, t.inspectedAt)],
);

/**
 * One port (phytosanitary) inspection. The unit is the batch until shipments exist:
 * `shipment_id` then attaches the record to its shipment. A refusal holds the batch until a
 * later inspection signs it off.
 */
export const portInspections = sqliteTable(
  "port_inspections",
  {
    id: text("id").primaryKey(),
    batchId: text("batch_id").notNull(),
    shipmentId: text("shipment_id"),
    inspectorId: text("inspector_id").notNull(),
    inspectedAt: text("inspected_at").notNull(),
    port: text("port").notNull(),
    containerNumber: text("container_number").notNull(),
    sealNumber: text("seal_number").notNull(),
    /** null: no pests found. */
    pestsFound: text("pests_found"),
    /** null: no treatment. */
    treatment: text("treatment"),
    treatmentChemical: text("treatment_chemical"),
    treatmentDate: text("treatment_date"),
    fumigationCertificateRef: text("fumigation_certificate_ref"),
    /** signed_off | refused */
    outcome: text("outcome").notNull(),
    refusalReason: text("refusal_reason"),
    submissionId: text("submission_id").unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index("port_inspections_batch_idx").on(t.batchId, t.inspectedAt),
    index("port_inspections_shipment_idx").on(t.shipmentId),
  ],
);
