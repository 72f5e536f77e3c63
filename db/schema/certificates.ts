/** Certificates, the data versions they are checked against, and oversight reports. */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";

/**
 * Every certificate issued. The PDF itself is cached in R2 (`r2Key`), keyed by type,
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
     * content (certificate cache fast path). Null until known.
     */
    dataVersion: text("data_version"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("certificates_subject_idx").on(t.type, t.subjectType, t.subjectId, t.status),
    index("certificates_status_expires_idx").on(t.status, t.expiresAt),
    index("certificates_issued_at_idx").on(t.issuedAt),
  ],
);

/**
 * A data version per record that certificates print: farmers, plots, batches, users
 * and certificate statuses. Bumped by triggers (migration 0009) in the same transaction as any
 * insert, update or delete of those rows, whoever writes them; every bump takes the next value
 * of one platform-wide sequence, so the highest version among a subject's records changes
 * whenever any of them does (db/queries/certificates.ts).
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

/** Oversight reports: parameters, the data hash they were built from, the cached PDF. */
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
