/**
 * The D1 schema (drizzle), one module per area under db/schema/. drizzle.config.ts reads this
 * file; every table is importable from here.
 */
export * from "./schema/accounts";
export * from "./schema/backups";
export * from "./schema/certificates";
export * from "./schema/eudr";
export * from "./schema/exporter-desk";
export * from "./schema/inspections";
export * from "./schema/land-visits";
export * from "./schema/licensing";
export * from "./schema/market";
export * from "./schema/market-hub";
export * from "./schema/messages";
export * from "./schema/notifications";
export * from "./schema/office";
export * from "./schema/orders";
export * from "./schema/platform";
export * from "./schema/purchases";
export * from "./schema/push";
export * from "./schema/recheck";
export * from "./schema/records";
export * from "./schema/registry";
export * from "./schema/sessions";
export * from "./schema/traceability";
