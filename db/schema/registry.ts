/** The national registry: farmers, their crops and their land plots. */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";

/** The national farmer registry. `farmerId` is FRM + 6 digits. */
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
    // A field agent's dashboard counts their own registrations of today and this week.
    index("farmers_registered_by_idx").on(t.registeredBy, t.registrationDate),
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
 * The visit-queue rank (docs/decisions/019-plot-versions-and-field-visits.md). Keep in step with
 * VISIT_REASONS in worker/domain/visit-queue.ts. Column names, not drizzle references: SQLite
 * evaluates this inside the table.
 */
const VISIT_PRIORITY_SQL = sql`CASE
  WHEN status <> 'active' THEN NULL
  WHEN visited_version = version AND last_visit_decision = 'disputed' THEN 1
  WHEN visited_version = version AND last_visit_decision = 'needs_new_boundary' THEN 2
  WHEN visited_version = version THEN NULL
  WHEN validation_state <> 'valid' THEN 3
  WHEN risk_level = 'high' THEN 4
  WHEN validation_issues LIKE '%possible-double-claim%' THEN 5
  WHEN risk_level = 'more_information_needed' THEN 6
  WHEN declared_county IS NOT NULL AND county IS NOT NULL AND declared_county <> county THEN 7
  WHEN validation_issues LIKE '%county-mismatch%' THEN 7
  WHEN validation_issues LIKE '%"rule"%' THEN 8
  ELSE 9 END`;

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
    /** The boundary's version: 1 when registered, +1 per edit; older ones live in plot_versions (ADR 019). */
    version: integer("version").notNull().default(1),
    /** active | retired — a plot is never deleted; a retired one serves no new purchase (ADR 019). */
    status: text("status").notNull().default("active"),
    retiredReason: text("retired_reason"),
    retiredAt: text("retired_at"),
    retiredBy: text("retired_by"),
    /** The latest field visit (plot_visits keeps them all): when, which version it saw, and its decision. */
    lastVisitedAt: text("last_visited_at"),
    visitedVersion: integer("visited_version"),
    /** confirmed | needs_new_boundary | disputed */
    lastVisitDecision: text("last_visit_decision"),
    /**
     * Why the plot needs a field visit, as a rank (1 = most urgent; worker/domain/visit-queue.ts
     * VISIT_REASONS names each), or NULL when it needs none. Computed by SQLite from the columns
     * above, so every writer (registration, import, assessment, visit, edit, retirement) keeps it
     * true without knowing about it, and the queue reads it through an index.
     */
    visitPriority: integer("visit_priority").generatedAlwaysAs(VISIT_PRIORITY_SQL, { mode: "virtual" }),
    /**
     * The rule-set version whose checks this plot last passed or failed (worker/domain/ruleset.ts,
     * ADR 029). Rows stored before versions were recorded read 'legacy', so the re-check job takes them.
     */
    rulesetVersion: text("ruleset_version").notNull().default("legacy"),
    /** needs_review when a re-check under a newer rule set failed it; NULL otherwise (ADR 029). */
    reviewState: text("review_state"),
    /** JSON array of the reasons the re-check gave; since when the plot is under review. */
    reviewReasons: text("review_reasons"),
    reviewSince: text("review_since"),
  },
  (t) => [
    index("land_plots_visit_queue_idx").on(t.visitPriority, t.id),
    index("land_plots_county_visit_queue_idx").on(t.county, t.visitPriority, t.id),
    index("land_plots_farmer_id_idx").on(t.farmerId),
    index("land_plots_bbox_idx").on(t.minLon, t.maxLon, t.minLat, t.maxLat),
    index("land_plots_county_idx").on(t.county, t.createdAt),
    index("land_plots_crop_idx").on(t.crop),
    index("land_plots_risk_level_idx").on(t.riskLevel),
    // The executive dashboards: plots mapped in a date range, new high-risk plots.
    index("land_plots_created_at_idx").on(t.createdAt),
    index("land_plots_risk_assessed_idx").on(t.riskLevel, t.assessedAt),
    index("land_plots_validation_state_idx").on(t.validationState),
    index("land_plots_ruleset_idx").on(t.rulesetVersion, t.id),
    // A field agent's dashboard counts the plots they mapped today and this week.
    index("land_plots_created_by_idx").on(t.createdBy, t.createdAt),
  ],
);
