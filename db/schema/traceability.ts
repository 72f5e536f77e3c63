/** Traceability: expected crop yields, batches, their origins, split/merge lineage and custody events. */
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";

/**
 * Expected yield per hectare per season, per crop: purchases above it are flagged (configurable).
 * Weights here and below are integer grams (ADR 020); people read and type kilograms.
 */
export const cropYields = sqliteTable("crop_yields", {
  crop: text("crop").primaryKey(),
  gramsPerHectare: integer("grams_per_hectare").notNull(),
  updatedBy: text("updated_by"),
  updatedAt: updatedAt(),
});

/**
 * A lot of produce. Status moves only along the custody chain (worker/domain/custody.ts);
 * origins (batch_origins) link it to every plot and farmer it came from, through splits and merges.
 */
export const batches = sqliteTable(
  "batches",
  {
    id: text("id").primaryKey(),
    batchCode: text("batch_code").notNull().unique(),
    commodity: text("commodity").notNull(),
    hsCode: text("hs_code").notNull(),
    weightG: integer("weight_g").notNull(),
    grade: text("grade"),
    harvestDate: text("harvest_date"),
    status: text("status").notNull(),
    /** pending | compliant | held_for_review | non_compliant */
    complianceStatus: text("compliance_status").notNull().default("pending"),
    complianceReason: text("compliance_reason"),
    county: text("county"),
    holderId: text("holder_id"),
    /** Set when a purchase exceeds what the origin plots could yield (volume plausibility). */
    volumeFlag: integer("volume_flag", { mode: "boolean" }).notNull().default(false),
    volumeNote: text("volume_note"),
    /** split | merge when the batch was made from other batches. */
    derivedBy: text("derived_by"),
    ddsReference: text("dds_reference"),
    ddsVerification: text("dds_verification"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("batches_status_idx").on(t.status),
    index("batches_commodity_idx").on(t.commodity),
    index("batches_holder_id_idx").on(t.holderId),
    index("batches_created_by_idx").on(t.createdBy),
    index("batches_created_at_idx").on(t.createdAt),
    // The executive dashboards: alerts and the certification queue.
    index("batches_compliance_updated_idx").on(t.complianceStatus, t.updatedAt),
    index("batches_volume_flag_idx").on(t.volumeFlag, t.createdAt),
  ],
);

export const batchOrigins = sqliteTable(
  "batch_origins",
  {
    batchId: text("batch_id").notNull(),
    plotId: text("plot_id").notNull(),
    farmerId: text("farmer_id").notNull(),
    /** Share of this batch attributed to the plot (grams), when known. */
    weightG: integer("weight_g"),
    /** The plot's boundary version when the produce was bought (plot_versions keeps older ones). */
    plotVersion: integer("plot_version").notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.plotId] }),
    index("batch_origins_plot_id_idx").on(t.plotId),
    index("batch_origins_farmer_id_idx").on(t.farmerId),
  ],
);

/** Split/merge lineage between batches. */
export const batchLineage = sqliteTable(
  "batch_lineage",
  {
    parentBatchId: text("parent_batch_id").notNull(),
    childBatchId: text("child_batch_id").notNull(),
    kind: text("kind").notNull(),
    weightG: integer("weight_g").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.parentBatchId, t.childBatchId] }),
    index("batch_lineage_child_idx").on(t.childBatchId),
  ],
);

/** One custody transfer or inspection: who, when, where (GPS), weights in/out. */
export const custodyEvents = sqliteTable(
  "custody_events",
  {
    id: text("id").primaryKey(),
    batchId: text("batch_id").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actorId: text("actor_id").notNull(),
    actorRole: text("actor_role").notNull(),
    occurredAt: text("occurred_at").notNull(),
    latitude: real("latitude"),
    longitude: real("longitude"),
    location: text("location"),
    weightInG: integer("weight_in_g"),
    weightOutG: integer("weight_out_g"),
    note: text("note"),
    /** Set when the step was voided (ADR 031): it no longer counts for volumes and holders. */
    voidedAt: text("voided_at"),
    voidedBy: text("voided_by"),
    voidReason: text("void_reason"),
  },
  (t) => [
    index("custody_events_batch_id_idx").on(t.batchId, t.occurredAt),
    index("custody_events_actor_id_idx").on(t.actorId),
    // Volumes purchased and exported per month (the DG dashboard).
    index("custody_events_to_status_idx").on(t.toStatus, t.occurredAt),
  ],
);
