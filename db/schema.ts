import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Shared timestamp columns: ISO-8601 UTC text, set by SQLite on insert. */
const createdAt = () => text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);
const updatedAt = () => text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);

/**
 * Every state change writes one row here in the same batch as the change (docs/architecture.md "Data").
 * `before`/`after` are JSON snapshots of the changed record.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: text("actor_id"),
    actorRole: text("actor_role"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    before: text("before"),
    after: text("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_created_at_idx").on(t.createdAt),
  ],
);

/** One row per run of the Worker's scheduled handler: what ran and how it ended. */
export const cronRuns = sqliteTable(
  "cron_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    cron: text("cron").notNull(),
    scheduledAt: text("scheduled_at").notNull(),
    startedAt: text("started_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    finishedAt: text("finished_at"),
    status: text("status", { enum: ["running", "ok", "failed"] })
      .notNull()
      .default("running"),
    summary: text("summary"),
    updatedAt: updatedAt(),
  },
  (t) => [index("cron_runs_started_at_idx").on(t.startedAt)],
);

/**
 * Every account of the agricultural module (docs/product.md §6). `loginId` is what the person types:
 * farmerId (FRM + 6 digits), buyerId, inspector/staff username, exporter ID (EXP-date-number)
 * or field agentId; unique regardless of case.
 */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    loginId: text("login_id").notNull(),
    loginIdNormalized: text("login_id_normalized").notNull().unique(),
    role: text("role").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    county: text("county"),
    phone: text("phone"),
    companyName: text("company_name"),
    organizationName: text("organization_name"),
    department: text("department"),
    /** monitoring_observer: donor | ngo | auditor. */
    entityType: text("entity_type"),
    passwordHash: text("password_hash").notNull(),
    /** Administrator logins also need a system access code (hashed like a password). */
    accessCodeHash: text("access_code_hash"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    mustChangePassword: integer("must_change_password", { mode: "boolean" }).notNull().default(false),
    isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
    lastLoginAt: text("last_login_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("users_role_idx").on(t.role), index("users_county_idx").on(t.county)],
);

/** Authentication events (sign-in success/failure, throttling, logout, password change). */
export const authEvents = sqliteTable(
  "auth_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    event: text("event").notNull(),
    portal: text("portal"),
    loginId: text("login_id"),
    userId: text("user_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (t) => [index("auth_events_login_id_idx").on(t.loginId), index("auth_events_created_at_idx").on(t.createdAt)],
);

/**
 * Failed-login counters for throttling, per account, per client address and per pair, and the
 * addresses each account signed in from (`known:` rows, `window_start` = last success), ADR 006.
 * In D1 rather than KV: counters need read-your-write consistency, which KV does not give.
 */
export const loginThrottle = sqliteTable("login_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStart: integer("window_start").notNull(),
  lockedUntil: integer("locked_until").notNull().default(0),
});

/** The national farmer registry (issue #4). `farmerId` is FRM + 6 digits. */
export const farmers = sqliteTable(
  "farmers",
  {
    id: text("id").primaryKey(),
    farmerId: text("farmer_id").notNull().unique(),
    userId: text("user_id"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    gender: text("gender"),
    dateOfBirth: text("date_of_birth"),
    phone: text("phone"),
    county: text("county").notNull(),
    district: text("district"),
    community: text("community"),
    /** JSON array of crop names. */
    crops: text("crops").notNull().default("[]"),
    nationalId: text("national_id"),
    photoKey: text("photo_key"),
    registrationDate: text("registration_date").notNull(),
    registeredBy: text("registered_by"),
    status: text("status").notNull().default("active"),
    /** lower("first last"): prefix search by name uses farmers_name_key_idx. */
    nameKey: text("name_key").notNull().default(""),
    /** lower("last first"): prefix search by surname. */
    lastNameKey: text("last_name_key").notNull().default(""),
    /** Identity of the source row of a bulk import: a re-run of the same file finds it again. */
    importKey: text("import_key").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("farmers_county_idx").on(t.county),
    index("farmers_last_name_idx").on(t.lastName),
    index("farmers_phone_idx").on(t.phone),
    index("farmers_name_key_idx").on(t.nameKey),
    index("farmers_last_name_key_idx").on(t.lastNameKey),
    index("farmers_county_name_key_idx").on(t.county, t.nameKey),
    // County + crop filter: the count joins farmer_crops by farmer ID without reading rows.
    index("farmers_county_farmer_id_idx").on(t.county, t.farmerId),
    // Reports count registrations in a date range.
    index("farmers_registration_date_idx").on(t.registrationDate),
    // One person, one registration: also stops two simultaneous registrations of the same ID.
    uniqueIndex("farmers_national_id_unique").on(t.nationalId),
  ],
);

/** One row per (farmer, crop): the crop filter of /farmers-list uses an index, not JSON scans. */
export const farmerCrops = sqliteTable(
  "farmer_crops",
  {
    farmerId: text("farmer_id").notNull(),
    crop: text("crop").notNull(),
  },
  (t) => [primaryKey({ columns: [t.farmerId, t.crop] }), index("farmer_crops_crop_idx").on(t.crop, t.farmerId)],
);

/**
 * Production plots. The geometry is stored as GeoJSON text exactly as validated (6+ decimals);
 * the bounding box columns let overlap and layer checks find candidates with an index.
 */
export const landPlots = sqliteTable(
  "land_plots",
  {
    id: text("id").primaryKey(),
    plotCode: text("plot_code").notNull().unique(),
    farmerId: text("farmer_id").notNull(),
    geometry: text("geometry").notNull(),
    geometryType: text("geometry_type").notNull(),
    areaHectares: real("area_hectares").notNull(),
    minLon: real("min_lon").notNull(),
    minLat: real("min_lat").notNull(),
    maxLon: real("max_lon").notNull(),
    maxLat: real("max_lat").notNull(),
    crop: text("crop"),
    plantingYear: integer("planting_year"),
    tenureReference: text("tenure_reference"),
    /**
     * The county the plot lies in, derived from the boundary data when it is registered
     * (worker/domain/geo; ADR 016): every county figure of the registry counts this one.
     */
    county: text("county"),
    /** The county the plot was declared in (the farmer's, normalised); may differ near a county line. */
    declaredCounty: text("declared_county"),
    /** valid | invalid — invalid geometry is never marked valid. */
    validationState: text("validation_state").notNull(),
    validationIssues: text("validation_issues").notNull().default("{}"),
    riskLevel: text("risk_level"),
    /** When the latest risk verdict was stored (plot_assessments keeps the history). */
    assessedAt: text("assessed_at"),
    createdBy: text("created_by"),
    importKey: text("import_key").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("land_plots_farmer_id_idx").on(t.farmerId),
    index("land_plots_bbox_idx").on(t.minLon, t.maxLon, t.minLat, t.maxLat),
    index("land_plots_county_idx").on(t.county, t.createdAt),
    index("land_plots_crop_idx").on(t.crop),
    index("land_plots_risk_level_idx").on(t.riskLevel),
    index("land_plots_validation_state_idx").on(t.validationState),
  ],
);

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

/** Expected yield per hectare per season, per crop: purchases above it are flagged (configurable). */
export const cropYields = sqliteTable("crop_yields", {
  crop: text("crop").primaryKey(),
  kgPerHectare: real("kg_per_hectare").notNull(),
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
    weightKg: real("weight_kg").notNull(),
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
  ],
);

export const batchOrigins = sqliteTable(
  "batch_origins",
  {
    batchId: text("batch_id").notNull(),
    plotId: text("plot_id").notNull(),
    farmerId: text("farmer_id").notNull(),
    /** Share of this batch attributed to the plot (kg), when known. */
    weightKg: real("weight_kg"),
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
    weightKg: real("weight_kg").notNull(),
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
    weightInKg: real("weight_in_kg"),
    weightOutKg: real("weight_out_kg"),
    note: text("note"),
  },
  (t) => [
    index("custody_events_batch_id_idx").on(t.batchId, t.occurredAt),
    index("custody_events_actor_id_idx").on(t.actorId),
  ],
);

/** A bulk import of farmers and plots: progress and per-line errors. */
export const importRuns = sqliteTable(
  "import_runs",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    fileName: text("file_name").notNull(),
    fileHash: text("file_hash").notNull(),
    total: integer("total").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    stored: integer("stored").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    /** JSON array of { line, reason }. */
    errors: text("errors").notNull().default("[]"),
    /** running | done | failed */
    status: text("status").notNull().default("running"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("import_runs_created_at_idx").on(t.createdAt)],
);

/**
 * Every certificate issued (issue #5). The PDF itself is cached in R2 (`r2Key`), keyed by type,
 * subject and the hash of the data it was built from; a change of data makes a new version and
 * supersedes the old one. `/verify/{certificateNumber}` reads this table.
 */
export const certificates = sqliteTable(
  "certificates",
  {
    id: text("id").primaryKey(),
    certificateNumber: text("certificate_number").notNull().unique(),
    /** eudr | deforestation | phytosanitary | origin | quality | declaration */
    type: text("type").notNull(),
    /** test_farmer | farmer | batch | shipment */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    /** SHA-256 of the canonical data the document was built from. */
    dataHash: text("data_hash").notNull(),
    version: integer("version").notNull().default(1),
    r2Key: text("r2_key").notNull(),
    /** What the paper certifies, without personal data beyond what the paper shows (JSON). */
    summary: text("summary").notNull().default("{}"),
    /** valid | superseded | revoked | expired */
    status: text("status").notNull().default("valid"),
    issuedBy: text("issued_by"),
    issuedAt: text("issued_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
    revokedBy: text("revoked_by"),
    revocationReason: text("revocation_reason"),
    /**
     * The data version of the subject the content was read at (`<version>:<period>`, see
     * subjectVersions): while it is still current, the PDF is served without rebuilding the
     * content (issue 11, certificate cache fast path). Null until known.
     */
    dataVersion: text("data_version"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("certificates_subject_idx").on(t.type, t.subjectType, t.subjectId, t.status),
    index("certificates_status_expires_idx").on(t.status, t.expiresAt),
  ],
);

/**
 * A data version per record that certificates print (issue 11): farmers, plots, batches, users
 * and certificate statuses. Bumped by triggers (migration 0009) in the same transaction as any
 * insert, update or delete of those rows, whoever writes them; every bump takes the next value
 * of one platform-wide sequence, so the highest version among a subject's records changes
 * whenever any of them does (db/queries/subject-versions.ts).
 */
export const subjectVersions = sqliteTable(
  "subject_versions",
  {
    /** farmer | plot | batch | user | certificates */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    version: integer("version").notNull(),
  },
  (t) => [primaryKey({ columns: [t.subjectType, t.subjectId] }), index("subject_versions_version_idx").on(t.version)],
);

/** Oversight reports (issue #5): parameters, the data hash they were built from, the cached PDF. */
export const reports = sqliteTable(
  "reports",
  {
    id: text("id").primaryKey(),
    /** national | county | commodity | exporter */
    kind: text("kind").notNull(),
    /** JSON: { county?, commodity?, exporterId?, from, to } */
    params: text("params").notNull(),
    dataHash: text("data_hash"),
    r2Key: text("r2_key"),
    /** queued | building | ready | failed */
    status: text("status").notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    error: text("error"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("reports_created_at_idx").on(t.createdAt)],
);
