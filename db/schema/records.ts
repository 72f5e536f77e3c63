/**
 * Versions of corrected and voided records (ADR 031). A correction never overwrites a
 * record's history: the first correction stores the record as it was (version 1, `original`),
 * then each correction or void adds the next version, pointing at the version it corrects, with
 * who, when and why. The live row (purchases, custody_events, farmers, batches) shows the latest
 * version; this table keeps every one.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

export const recordVersions = sqliteTable(
  "record_versions",
  {
    id: text("id").primaryKey(),
    /** purchase | custody_event | farmer | batch_dds | batch_inspection | port_inspection */
    recordType: text("record_type").notNull(),
    /** The record's own id (a purchase: its batch id). */
    recordId: text("record_id").notNull(),
    /** The batch the record belongs to, when it belongs to one (the batch page lists them). */
    batchId: text("batch_id"),
    version: integer("version").notNull(),
    /** original | correction | void */
    kind: text("kind").notNull(),
    /** The id of the version this one corrects (null for the original). */
    correctsId: text("corrects_id"),
    /** JSON: the record's fields in this version. */
    data: text("data").notNull(),
    reason: text("reason"),
    actorId: text("actor_id"),
    actorRole: text("actor_role"),
    createdAt: createdAt(),
    /** The device's UUID for the correction (the offline outbox, ADR 027): a resend stores nothing new. */
    submissionId: text("submission_id").unique(),
  },
  (t) => [
    uniqueIndex("record_versions_record_version_idx").on(t.recordType, t.recordId, t.version),
    index("record_versions_record_id_idx").on(t.recordId),
    index("record_versions_batch_id_idx").on(t.batchId),
  ],
);
