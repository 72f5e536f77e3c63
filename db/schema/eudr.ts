/** EUDR deforestation risk: reference layers and their features, plot verdicts, assessment jobs. */
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";

/**
 * Reference layers for the deforestation risk verdict (docs/eudr-rules.md "convergence of evidence").
 * Layers are data: the GeoJSON file lives in R2 (`r2Key`), its features are indexed in
 * layer_features by bounding box. `sample` marks the demo set shipped for Liberia.
 */
export const referenceLayers = sqliteTable(
  "reference_layers",
  {
    id: text("id").primaryKey(),
    /** protected_area | forest_2020 | disturbance_after_2020 | disturbance_before_2020 | commodity_2020 | forest_concession */
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    source: text("source").notNull(),
    /** Date of the data (e.g. the 2020 map's reference date), ISO yyyy-mm-dd. */
    sourceDate: text("source_date").notNull(),
    version: text("version").notNull(),
    r2Key: text("r2_key").notNull(),
    featureCount: integer("feature_count").notNull().default(0),
    sample: integer("sample", { mode: "boolean" }).notNull().default(false),
    /** active | retired: retired layers are kept for the evidence of past verdicts. */
    status: text("status").notNull().default("active"),
    uploadedBy: text("uploaded_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("reference_layers_kind_idx").on(t.kind, t.status)],
);

export const layerFeatures = sqliteTable(
  "layer_features",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    layerId: text("layer_id").notNull(),
    name: text("name"),
    geometry: text("geometry").notNull(),
    minLon: real("min_lon").notNull(),
    minLat: real("min_lat").notNull(),
    maxLon: real("max_lon").notNull(),
    maxLat: real("max_lat").notNull(),
  },
  (t) => [
    index("layer_features_layer_id_idx").on(t.layerId),
    index("layer_features_bbox_idx").on(t.minLon, t.maxLon, t.minLat, t.maxLat),
  ],
);

/** Every stored risk verdict, with its evidence; re-assessment adds a row (history). */
export const plotAssessments = sqliteTable(
  "plot_assessments",
  {
    id: text("id").primaryKey(),
    plotId: text("plot_id").notNull(),
    /** low | high | more_information_needed */
    verdict: text("verdict").notNull(),
    /** JSON: evidence per layer (kind, name, version, overlap ha and %). */
    evidence: text("evidence").notNull(),
    /** JSON array of human-readable reasons. */
    reasons: text("reasons").notNull(),
    assessedAt: text("assessed_at").notNull(),
    assessedBy: text("assessed_by"),
    jobId: text("job_id"),
    /** The boundary version this verdict judged (land_plots.version then; older ones in plot_versions). */
    plotVersion: integer("plot_version").notNull().default(1),
    /** The rule set (geometry rules + risk method + layer versions) that produced it; 'legacy' before ADR 029. */
    rulesetVersion: text("ruleset_version").notNull().default("legacy"),
  },
  (t) => [
    index("plot_assessments_plot_id_idx").on(t.plotId, t.assessedAt),
    index("plot_assessments_job_id_idx").on(t.jobId),
  ],
);

/** Background assessment of many plots (e.g. all plots of a county), with progress. */
export const assessmentJobs = sqliteTable(
  "assessment_jobs",
  {
    id: text("id").primaryKey(),
    /** county | farmer | batch | all */
    scope: text("scope").notNull(),
    scopeValue: text("scope_value"),
    /** queued | running | done | failed */
    status: text("status").notNull().default("queued"),
    total: integer("total").notNull().default(0),
    done: integer("done").notNull().default(0),
    /** Resume point: plots are processed in id order. */
    cursor: text("cursor"),
    summary: text("summary"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: text("finished_at"),
  },
  (t) => [index("assessment_jobs_status_idx").on(t.status)],
);
