/** Accounts and sign-in: users, authentication events, failed-login throttling. */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";

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
