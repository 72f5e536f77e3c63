/**
 * Corrections and voids (ADR 031): the versions table, and the statements a correction
 * writes to the live rows in the same transaction as its version and audit rows.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../client";
import {
  auditLog,
  batches,
  batchInspections,
  batchOrigins,
  certificates,
  custodyEvents,
  farmers,
  portInspections,
  purchases,
  recordVersions,
  shipmentBatches,
  users,
} from "../schema";
import { NOW_SQL } from "./clock";

export type RecordVersionRow = typeof recordVersions.$inferSelect;
export type NewRecordVersion = typeof recordVersions.$inferInsert;

/** The versions of one record, oldest first. */
export async function versionsOf(db: Database, recordType: string, recordId: string) {
  return db
    .select()
    .from(recordVersions)
    .where(and(eq(recordVersions.recordType, recordType), eq(recordVersions.recordId, recordId)))
    .orderBy(asc(recordVersions.version));
}

/** Every version of every record of a batch (its page's history), oldest first, with the actor's name. */
export async function versionsOfBatch(db: Database, batchId: string) {
  return db.all<RecordVersionRow & { actorName: string | null }>(sql`
    SELECT v.id, v.record_type AS recordType, v.record_id AS recordId, v.batch_id AS batchId, v.version, v.kind,
           v.corrects_id AS correctsId, v.data, v.reason, v.actor_id AS actorId, v.actor_role AS actorRole,
           v.created_at AS createdAt, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS actorName
    FROM record_versions v LEFT JOIN users u ON u.id = v.actor_id
    WHERE v.batch_id = ${batchId}
    ORDER BY v.record_type, v.record_id, v.version`);
}

/** The version a submission (device UUID) already stored, if any: an outbox resend. */
export async function versionBySubmission(db: Database, submissionId: string) {
  const [row] = await db.select().from(recordVersions).where(eq(recordVersions.submissionId, submissionId)).limit(1);
  return row ?? null;
}

export function insertVersion(db: Database, row: NewRecordVersion) {
  return db.insert(recordVersions).values(row);
}

export function updatePurchase(db: Database, batchId: string, patch: Partial<typeof purchases.$inferInsert>) {
  return db.update(purchases).set(patch).where(eq(purchases.batchId, batchId));
}

export function updateOriginWeight(db: Database, batchId: string, plotId: string, weightG: number) {
  return db
    .update(batchOrigins)
    .set({ weightG })
    .where(and(eq(batchOrigins.batchId, batchId), eq(batchOrigins.plotId, plotId)));
}

/** The purchase step's recorded weight follows a corrected purchase weight. */
export function updatePurchaseStepWeight(db: Database, batchId: string, weightOutG: number) {
  return db
    .update(custodyEvents)
    .set({ weightOutG })
    .where(
      and(eq(custodyEvents.batchId, batchId), eq(custodyEvents.toStatus, "purchased"), isNull(custodyEvents.voidedAt)),
    );
}

/**
 * Marks a custody step voided. Its id moves aside (`<id>:void:<n>`), so the step can be recorded
 * again; the versions table keeps the id it had.
 */
export function voidCustodyEvent(
  db: Database,
  id: string,
  set: { newId: string; voidedAt: string; voidedBy: string; voidReason: string },
) {
  return db
    .update(custodyEvents)
    .set({ id: set.newId, voidedAt: set.voidedAt, voidedBy: set.voidedBy, voidReason: set.voidReason })
    .where(and(eq(custodyEvents.id, id), isNull(custodyEvents.voidedAt)));
}

export async function custodyEventById(db: Database, id: string) {
  return (await db.select().from(custodyEvents).where(eq(custodyEvents.id, id)).limit(1))[0] ?? null;
}

/** How many voided steps a batch already has (numbers the moved-aside ids). */
export async function voidedStepCount(db: Database, batchId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(custodyEvents)
    .where(and(eq(custodyEvents.batchId, batchId), sql`${custodyEvents.voidedAt} IS NOT NULL`));
  return Number(row?.n ?? 0);
}

/** The newest audit row of an action on an entity: a custody step's `before` says what it changed. */
export async function lastAuditOf(db: Database, action: string, entityId: string) {
  return (
    (
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0] ?? null
  );
}

/** Whether any of these batches was exported or put in a shipment (nothing is corrected after). */
export async function exportedOrShipped(db: Database, batchIds: string[]) {
  if (!batchIds.length) return false;
  const [exported] = await db
    .select({ n: sql<number>`count(*)` })
    .from(batches)
    .where(and(inArray(batches.id, batchIds), eq(batches.status, "exported")));
  const [shipped] = await db
    .select({ n: sql<number>`count(*)` })
    .from(shipmentBatches)
    .where(inArray(shipmentBatches.batchId, batchIds));
  return Number(exported?.n ?? 0) + Number(shipped?.n ?? 0) > 0;
}

/** The valid certificates of a batch or shipment (any type): a correction re-checks their printed data. */
export async function validCertificatesOfSubject(db: Database, subjectType: string, subjectId: string) {
  return db
    .select()
    .from(certificates)
    .where(
      and(
        eq(certificates.subjectType, subjectType),
        eq(certificates.subjectId, subjectId),
        eq(certificates.status, "valid"),
      ),
    );
}

/** The versions of several records of one type (e.g. a page of shipments' DDS numbers), oldest first, with the actor's name. */
export async function versionsOfRecords(db: Database, recordType: string, recordIds: string[]) {
  const out: (RecordVersionRow & { actorName: string | null })[] = [];
  for (let i = 0; i < recordIds.length; i += 90) {
    const part = recordIds.slice(i, i + 90);
    out.push(
      ...(await db.all<RecordVersionRow & { actorName: string | null }>(sql`
        SELECT v.id, v.record_type AS recordType, v.record_id AS recordId, v.batch_id AS batchId, v.version, v.kind,
               v.corrects_id AS correctsId, v.data, v.reason, v.actor_id AS actorId, v.actor_role AS actorRole,
               v.created_at AS createdAt, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS actorName
        FROM record_versions v LEFT JOIN users u ON u.id = v.actor_id
        WHERE v.record_type = ${recordType} AND v.record_id IN (${sql.join(
          part.map((id) => sql`${id}`),
          sql`, `,
        )})
        ORDER BY v.record_id, v.version`)),
    );
  }
  return out;
}

/** A corrected farmer's live row (and their sign-in account's name, when they have one). */
export function updateFarmerDetails(db: Database, id: string, patch: Partial<typeof farmers.$inferInsert>) {
  return db
    .update(farmers)
    .set({ ...patch, updatedAt: NOW_SQL })
    .where(eq(farmers.id, id));
}

export function updateAccountName(db: Database, userId: string, name: { firstName: string; lastName: string }) {
  return db.update(users).set(name).where(eq(users.id, userId));
}

/** A corrected warehouse inspection's live row: its measurements and the grade computed from them. */
export function updateInspection(db: Database, id: string, patch: Partial<typeof batchInspections.$inferInsert>) {
  return db.update(batchInspections).set(patch).where(eq(batchInspections.id, id));
}

/** A corrected port inspection's live row: its findings and decision as corrected. */
export function updatePortInspection(db: Database, id: string, patch: Partial<typeof portInspections.$inferInsert>) {
  return db.update(portInspections).set(patch).where(eq(portInspections.id, id));
}

/** Whether any of these batches has been exported (a port inspection is corrected until then). */
export async function anyExported(db: Database, batchIds: string[]) {
  if (!batchIds.length) return false;
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(batches)
    .where(and(inArray(batches.id, batchIds), eq(batches.status, "exported")));
  return Number(row?.n ?? 0) > 0;
}
