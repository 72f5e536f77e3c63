import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Shared timestamp columns: ISO-8601 UTC text, set by SQLite on insert. */
const createdAt = () =>
  text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);
const updatedAt = () =>
  text("updated_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);

/**
 * Every state change writes one row here in the same batch as the change (STYLE.md "Data").
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
    startedAt: text("started_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    finishedAt: text("finished_at"),
    status: text("status", { enum: ["running", "ok", "failed"] }).notNull().default("running"),
    summary: text("summary"),
    updatedAt: updatedAt(),
  },
  (t) => [index("cron_runs_started_at_idx").on(t.startedAt)],
);

/**
 * Every account of the agricultural module (spec §6). `loginId` is what the person types:
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
  (t) => [
    index("auth_events_login_id_idx").on(t.loginId),
    index("auth_events_created_at_idx").on(t.createdAt),
  ],
);

/**
 * Failed-login counters for throttling, per account, per client address and per pair.
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("farmers_county_idx").on(t.county),
    index("farmers_last_name_idx").on(t.lastName),
    index("farmers_phone_idx").on(t.phone),
  ],
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
    county: text("county"),
    /** valid | invalid — invalid geometry is never marked valid. */
    validationState: text("validation_state").notNull(),
    validationIssues: text("validation_issues").notNull().default("{}"),
    riskLevel: text("risk_level"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("land_plots_farmer_id_idx").on(t.farmerId),
    index("land_plots_bbox_idx").on(t.minLon, t.maxLon, t.minLat, t.maxLat),
    index("land_plots_county_idx").on(t.county),
  ],
);
