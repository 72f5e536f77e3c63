/**
 * SQL of issued certificates and the reads a certificate's content is built from.
 * Writes are returned as statements so the services put them in one `db.batch()` with their
 * audit rows (docs/architecture.md "Data").
 *
 * Numbering is race-safe without a lock: `insertCertificate` writes the number through a
 * sub-select that yields NULL when the serial is already taken, or when a valid certificate of
 * the same data already exists (another request won the race). The NOT NULL constraint then
 * fails and D1 rolls back the whole batch — nothing is superseded, no audit row is written —
 * and the caller looks again (see worker/services/certificates/issue-certificate.ts).
 */
import { and, asc, desc, eq, gte, inArray, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { errorText } from "../errors";
import { certificates, farmers, landPlots, plotAssessments, users } from "../schema";
import { chunks } from "./chunks";
import { NOW_SQL } from "./clock";
import { type PlotForAssessment, plotForAssessmentColumns } from "./plot-assessments";

export type CertificateRow = typeof certificates.$inferSelect;
export type NewCertificate = typeof certificates.$inferInsert;
export type SubjectKey = { type: string; subjectType: string; subjectId: string };

/** D1: ≤ 100 bound parameters per statement. */
const IDS_PER_SELECT = 90;

const subjectIs = (k: SubjectKey) =>
  and(
    eq(certificates.type, k.type),
    eq(certificates.subjectType, k.subjectType),
    eq(certificates.subjectId, k.subjectId),
  );

// ── Certificates ─────────────────────────────────────────────────────────────────────────────

export async function certificateByNumber(db: Database, certificateNumber: string): Promise<CertificateRow | null> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(eq(certificates.certificateNumber, certificateNumber))
    .limit(1);
  return row ?? null;
}

/** Certificates of one subject and type built from exactly this data, newest first. */
export async function certificatesForData(
  db: Database,
  key: SubjectKey,
  dataHash: string,
  limit = 5,
): Promise<CertificateRow[]> {
  return db
    .select()
    .from(certificates)
    .where(and(subjectIs(key), eq(certificates.dataHash, dataHash)))
    .orderBy(desc(certificates.issuedAt), desc(certificates.version))
    .limit(limit);
}

/** The valid certificates of one subject and type (normally one), newest first. */
export async function validCertificatesOf(db: Database, key: SubjectKey): Promise<CertificateRow[]> {
  return db
    .select()
    .from(certificates)
    .where(and(subjectIs(key), eq(certificates.status, "valid")))
    .orderBy(desc(certificates.issuedAt))
    .limit(10);
}

/** The highest version issued for a subject and type (0 when none). */
export async function lastVersion(db: Database, key: SubjectKey): Promise<number> {
  const [row] = await db
    .select({ v: sql<number>`coalesce(max(${certificates.version}), 0)` })
    .from(certificates)
    .where(subjectIs(key));
  return Number(row?.v ?? 0);
}

/**
 * The highest certificate number starting with `prefix` (e.g. "LR-EUDR-2026-"). Serials are
 * fixed width, so text order is numeric order; the range uses the unique index.
 */
export async function lastNumberWithPrefix(db: Database, prefix: string): Promise<string | null> {
  const [row] = await db
    .select({ n: certificates.certificateNumber })
    .from(certificates)
    .where(and(gte(certificates.certificateNumber, prefix), lt(certificates.certificateNumber, `${prefix}\uffff`)))
    .orderBy(desc(certificates.certificateNumber))
    .limit(1);
  return row?.n ?? null;
}

/**
 * Inserts a new certificate, but only if its serial (`serialPrefix`, e.g. "LR-EUDR-2026-000042-")
 * is still free and no valid certificate of the same data exists that is still good after
 * `usableUntilIso` (now, or the renewal horizon of the nightly job); otherwise the number is
 * NULL, the NOT NULL constraint fails and the surrounding batch is rolled back.
 */
export function insertCertificate(
  db: Database,
  row: NewCertificate & { certificateNumber: string },
  serialPrefix: string,
  usableUntilIso: string,
) {
  return db.insert(certificates).values({
    ...row,
    certificateNumber: sql`(SELECT ${row.certificateNumber}
      WHERE NOT EXISTS (SELECT 1 FROM ${certificates} WHERE ${certificates.certificateNumber} >= ${serialPrefix} AND ${certificates.certificateNumber} < ${`${serialPrefix}\uffff`})
        AND NOT EXISTS (SELECT 1 FROM ${certificates} WHERE ${certificates.type} = ${row.type} AND ${certificates.subjectType} = ${row.subjectType}
          AND ${certificates.subjectId} = ${row.subjectId} AND ${certificates.dataHash} = ${row.dataHash}
          AND ${certificates.status} = 'valid' AND ${certificates.expiresAt} > ${usableUntilIso}))`,
  });
}

/** Is this error the refusal of `insertCertificate` (number taken, or the same data issued meanwhile)? */
export function isNumberRefused(error: unknown): boolean {
  return /(NOT NULL|UNIQUE) constraint failed: certificates\.certificate_number/i.test(errorText(error));
}

/**
 * Ends the validity of the other valid certificates of a subject and type: `superseded` by the
 * new one, or `expired` if their time had already run out.
 */
export function supersedeOthers(db: Database, key: SubjectKey, exceptId: string, nowIso: string) {
  return db
    .update(certificates)
    .set({
      status: sql`CASE WHEN ${certificates.expiresAt} <= ${nowIso} THEN 'expired' ELSE 'superseded' END`,
      updatedAt: NOW_SQL,
    })
    .where(and(subjectIs(key), eq(certificates.status, "valid"), ne(certificates.id, exceptId)));
}

/** Revokes a certificate unless it is revoked already (then nothing changes). */
export function revokeCertificateStatement(db: Database, id: string, by: string, reason: string, atIso: string) {
  return db
    .update(certificates)
    .set({ status: "revoked", revokedAt: atIso, revokedBy: by, revocationReason: reason, updatedAt: NOW_SQL })
    .where(and(eq(certificates.id, id), ne(certificates.status, "revoked")))
    .returning({ id: certificates.id });
}

/**
 * Documents of real subjects: the certificate testing page's fictional profiles ("test_farmer")
 * never enter a figure, list or alert.
 */
export const realCertificate = () => ne(certificates.subjectType, "test_farmer");

/** Valid certificates whose validity has run out (index certificates_status_expires_idx). */
export async function validButExpired(db: Database, nowIso: string, limit: number) {
  return db
    .select({
      id: certificates.id,
      certificateNumber: certificates.certificateNumber,
      expiresAt: certificates.expiresAt,
    })
    .from(certificates)
    .where(and(eq(certificates.status, "valid"), lte(certificates.expiresAt, nowIso)))
    .orderBy(asc(certificates.expiresAt))
    .limit(limit);
}

export function markExpiredStatement(db: Database, ids: string[], nowIso: string) {
  return db
    .update(certificates)
    .set({ status: "expired", updatedAt: NOW_SQL })
    .where(and(inArray(certificates.id, ids), eq(certificates.status, "valid"), lte(certificates.expiresAt, nowIso)));
}

/**
 * Valid certificates of real subjects for the nightly check: those expiring before `soonIso`
 * first, then the ones checked longest ago (`updated_at` is touched by every check), so a
 * bounded run still reaches every certificate over successive nights.
 */
export async function certificatesToCheck(db: Database, soonIso: string, limit: number): Promise<CertificateRow[]> {
  return db
    .select()
    .from(certificates)
    .where(and(eq(certificates.status, "valid"), realCertificate()))
    .orderBy(desc(sql`${certificates.expiresAt} <= ${soonIso}`), asc(certificates.updatedAt), asc(certificates.id))
    .limit(limit);
}

/** Records that certificates were checked (and found current) now. */
export function touchCertificates(db: Database, ids: string[]) {
  return chunks(ids, IDS_PER_SELECT).map((part) =>
    db.update(certificates).set({ updatedAt: NOW_SQL }).where(inArray(certificates.id, part)),
  );
}

// ── What a certificate is built from ─────────────────────────────────────────────────────────

export type FarmerForCertificate = {
  id: string;
  farmerId: string;
  userId: string | null;
  firstName: string;
  lastName: string;
  county: string;
  district: string | null;
  community: string | null;
};

const farmerColumns = {
  id: farmers.id,
  farmerId: farmers.farmerId,
  userId: farmers.userId,
  firstName: farmers.firstName,
  lastName: farmers.lastName,
  county: farmers.county,
  district: farmers.district,
  community: farmers.community,
};

/** A farmer by public Farmer ID (FRM + 6 digits). */
export async function farmerForCertificate(db: Database, farmerId: string): Promise<FarmerForCertificate | null> {
  const [row] = await db
    .select(farmerColumns)
    .from(farmers)
    .where(eq(farmers.farmerId, farmerId.trim().toUpperCase()))
    .limit(1);
  return row ?? null;
}

/** Farmers by public Farmer ID or internal id (land_plots and batch_origins may hold either). */
export async function farmersForCertificate(db: Database, keys: string[]): Promise<FarmerForCertificate[]> {
  const unique = [...new Set(keys)];
  if (!unique.length) return [];
  const parts = chunks(unique, Math.floor(IDS_PER_SELECT / 2));
  return (
    await Promise.all(
      parts.map((part) =>
        db
          .select(farmerColumns)
          .from(farmers)
          .where(or(inArray(farmers.farmerId, part), inArray(farmers.id, part))),
      ),
    )
  ).flat();
}

/** A certificate prints what an assessment reads of a plot: its outline, area, place and verdict. */
const plotColumns = plotForAssessmentColumns;
export type PlotForCertificate = PlotForAssessment;

/** A farmer's plots in plot-code order (land_plots.farmer_id holds the FRM ID or the internal id). */
export async function plotsOfFarmerForCertificate(
  db: Database,
  farmer: Pick<FarmerForCertificate, "id" | "farmerId">,
  limit = 200,
): Promise<PlotForCertificate[]> {
  return db
    .select(plotColumns)
    .from(landPlots)
    .where(inArray(landPlots.farmerId, [...new Set([farmer.farmerId, farmer.id])]))
    .orderBy(asc(landPlots.plotCode))
    .limit(limit);
}

/** Plots by id, in plot-code order. */
export async function plotsForCertificate(db: Database, ids: string[]): Promise<PlotForCertificate[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = (
    await Promise.all(
      chunks(unique, IDS_PER_SELECT).map((part) =>
        db.select(plotColumns).from(landPlots).where(inArray(landPlots.id, part)),
      ),
    )
  ).flat();
  return rows.sort((a, b) => (a.plotCode < b.plotCode ? -1 : a.plotCode > b.plotCode ? 1 : 0));
}

export type AssessmentForCertificate = {
  plotId: string;
  verdict: string;
  evidence: string;
  reasons: string;
  assessedAt: string;
};

/**
 * Every stored verdict of these plots, oldest first (rowid breaks ties within a millisecond):
 * the latest is the verdict printed, the history gives the monitoring series.
 */
export async function assessmentsOfPlots(
  db: Database,
  plotIds: string[],
  perPlotLimit = 200,
): Promise<AssessmentForCertificate[]> {
  const unique = [...new Set(plotIds)];
  if (!unique.length) return [];
  const rows = (
    await Promise.all(
      chunks(unique, IDS_PER_SELECT).map((part) =>
        db
          .select({
            plotId: plotAssessments.plotId,
            verdict: plotAssessments.verdict,
            evidence: plotAssessments.evidence,
            reasons: plotAssessments.reasons,
            assessedAt: plotAssessments.assessedAt,
          })
          .from(plotAssessments)
          .where(inArray(plotAssessments.plotId, part))
          .orderBy(asc(plotAssessments.plotId), asc(plotAssessments.assessedAt), asc(sql`${plotAssessments}.rowid`))
          .limit(perPlotLimit * part.length),
      ),
    )
  ).flat();
  return rows;
}

/** The company (or name) of an account, as a certificate names an exporter. */
export async function accountName(db: Database, userId: string): Promise<{ name: string; loginId: string } | null> {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      organizationName: users.organizationName,
      loginId: users.loginId,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const person = `${row.firstName} ${row.lastName}`.trim();
  return { name: row.companyName || row.organizationName || person || row.loginId, loginId: row.loginId };
}

// ── Data versions: the cache fast path ────────────────────────────────────────────

/**
 * The highest data version among the records a subject's certificates print (see
 * `subjectVersions` in db/schema.ts; the triggers of migration 0009 bump them): a farmer and
 * their plots; a batch, its ancestors, origin plots and farmers, holder and exporter accounts.
 * A declaration also names the subject's other certificates: their status changes count too.
 * Test profiles print fixed data (0).
 */
function versionSql(key: SubjectKey) {
  const id = key.subjectId;
  const certs =
    key.type === "declaration"
      ? sql` OR (v.subject_type = 'certificates' AND v.subject_id = ${`${key.subjectType}:${id}`})`
      : sql``;
  if (key.subjectType === "farmer") {
    return sql`(SELECT coalesce(max(v.version), 0) FROM subject_versions v WHERE
      (v.subject_type = 'farmer' AND v.subject_id IN (${id}, (SELECT f.id FROM farmers f WHERE f.farmer_id = ${id})))
      OR (v.subject_type = 'plot' AND v.subject_id IN (SELECT p.id FROM land_plots p
        WHERE p.farmer_id IN (${id}, (SELECT f.id FROM farmers f WHERE f.farmer_id = ${id}))))${certs})`;
  }
  if (key.subjectType === "batch" || key.subjectType === "shipment") {
    return sql`(WITH RECURSIVE this(id, holder) AS (SELECT b.id, b.holder_id FROM batches b WHERE b.batch_code = ${id}),
      up(id) AS (SELECT id FROM this UNION SELECT l.parent_batch_id FROM batch_lineage l JOIN up ON l.child_batch_id = up.id)
      SELECT coalesce(max(v.version), 0) FROM subject_versions v WHERE
        (v.subject_type = 'batch' AND v.subject_id IN (SELECT id FROM up))
        OR (v.subject_type = 'plot' AND v.subject_id IN (SELECT o.plot_id FROM batch_origins o WHERE o.batch_id IN (SELECT id FROM this)))
        OR (v.subject_type = 'farmer' AND v.subject_id IN (SELECT o.farmer_id FROM batch_origins o WHERE o.batch_id IN (SELECT id FROM this)))
        OR (v.subject_type = 'user' AND v.subject_id IN (SELECT holder FROM this UNION
          SELECT e.actor_id FROM custody_events e WHERE e.batch_id IN (SELECT id FROM this) AND e.to_status = 'exported'))${certs})`;
  }
  return sql`(SELECT coalesce(max(v.version), 0) FROM subject_versions v WHERE 0${certs})`;
}

/**
 * One read for a cached download: the subject's current data version and its newest valid
 * certificate of this type (null when there is none).
 */
export async function currentWithVersion(
  db: Database,
  key: SubjectKey,
): Promise<{ version: number; certificate: CertificateRow | null }> {
  const [row] = await db
    .select({ version: sql<number>`${versionSql(key)}`.as("current_version"), certificate: certificates })
    .from(sql`(SELECT 1) AS one`)
    .leftJoin(certificates, and(subjectIs(key), eq(certificates.status, "valid")))
    .orderBy(desc(certificates.issuedAt))
    .limit(1);
  return { version: Number(row?.version ?? 0), certificate: row?.certificate ?? null };
}

/** The subject's current data version alone (see `versionSql`). */
export async function dataVersionOf(db: Database, key: SubjectKey): Promise<number> {
  const [row] = await db.select({ version: sql<number>`${versionSql(key)}` }).from(sql`(SELECT 1) AS one`);
  return Number(row?.version ?? 0);
}

/** Notes that a certificate still describes the data at `dataVersion` (found by its hash). */
export async function noteDataVersion(db: Database, id: string, dataVersion: string) {
  await db.update(certificates).set({ dataVersion }).where(eq(certificates.id, id));
}
