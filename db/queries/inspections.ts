/**
 * SQL of batch dispatches, warehouse inspections and port inspections. Writes are
 * returned as statements for the caller's `db.batch()` (with the batch update, the custody event,
 * the audit row and the notice).
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../client";
import { batchDispatches, batches, batchInspections, certificates, portInspections, users } from "../schema";
import { selectInParts } from "./chunks";

export type DispatchRow = typeof batchDispatches.$inferSelect;
export type NewDispatch = typeof batchDispatches.$inferInsert;
export type InspectionRow = typeof batchInspections.$inferSelect;
export type NewInspection = typeof batchInspections.$inferInsert;
export type PortInspectionRow = typeof portInspections.$inferSelect;
export type NewPortInspection = typeof portInspections.$inferInsert;

// ── Dispatch ───────────────────────────────────────────────────────────────────────────────

export async function dispatchOf(db: Database, batchId: string): Promise<DispatchRow | null> {
  const [row] = await db.select().from(batchDispatches).where(eq(batchDispatches.batchId, batchId)).limit(1);
  return row ?? null;
}

export async function dispatchBySubmission(db: Database, submissionId: string): Promise<DispatchRow | null> {
  const [row] = await db.select().from(batchDispatches).where(eq(batchDispatches.submissionId, submissionId)).limit(1);
  return row ?? null;
}

/** Insert or replace the one dispatch of a batch. */
export function upsertDispatch(db: Database, row: NewDispatch) {
  const { batchId: _b, ...rest } = row;
  return db.insert(batchDispatches).values(row).onConflictDoUpdate({ target: batchDispatches.batchId, set: rest });
}

/** Active warehouse inspector accounts: who a buyer may send a batch to. */
export async function warehouseInspectors(db: Database) {
  return db
    .select({
      id: users.id,
      loginId: users.loginId,
      firstName: users.firstName,
      lastName: users.lastName,
      county: users.county,
    })
    .from(users)
    .where(and(eq(users.role, "warehouse_inspector"), eq(users.active, true)))
    .orderBy(users.lastName, users.firstName)
    .limit(200);
}

/** What an inspector's queue (warehouse intake, port) shows of each batch. */
const queuedBatchColumns = {
  batchId: batches.id,
  batchCode: batches.batchCode,
  commodity: batches.commodity,
  weightG: batches.weightG,
  status: batches.status,
  grade: batches.grade,
};

/** The intake queue of one warehouse inspector (null: of every warehouse, for read-only oversight), newest first. */
export async function intakeQueue(db: Database, inspectorId: string | null, limit = 100) {
  return db
    .select({
      ...queuedBatchColumns,
      warehouse: batchDispatches.warehouse,
      dispatchedAt: batchDispatches.dispatchedAt,
      buyerFirstName: users.firstName,
      buyerLastName: users.lastName,
    })
    .from(batchDispatches)
    .innerJoin(batches, eq(batches.id, batchDispatches.batchId))
    .leftJoin(users, eq(users.id, batchDispatches.dispatchedBy))
    .where(inspectorId === null ? undefined : eq(batchDispatches.warehouseInspectorId, inspectorId))
    .orderBy(desc(batchDispatches.dispatchedAt))
    .limit(limit);
}

/** Either inspection table: both keep the batch, the outcome, the time and the device's submission id. */
type InspectionTable = typeof batchInspections | typeof portInspections;

/** The inspection a device's submission already recorded (a resend answers it again). */
async function bySubmission<T extends InspectionTable>(db: Database, table: T, submissionId: string) {
  const [row] = await db
    .select()
    .from(table as InspectionTable)
    .where(eq(table.submissionId, submissionId))
    .limit(1);
  return (row ?? null) as T["$inferSelect"] | null;
}

/** The latest inspection in `table` of any of `batchIds`; `outcome` narrows to the latest with that outcome. */
async function latestIn<T extends InspectionTable>(db: Database, table: T, batchIds: string[], outcome?: string) {
  const rows = await selectInParts(batchIds, (part) => {
    const ids = inArray(table.batchId, part);
    return db
      .select()
      .from(table as InspectionTable)
      .where(outcome ? and(ids, eq(table.outcome, outcome)) : ids)
      .orderBy(desc(table.inspectedAt))
      .limit(1);
  });
  return newest(rows, (r) => r.inspectedAt) as T["$inferSelect"] | null;
}

// ── Warehouse inspections ────────────────────────────────────────────────────────────────

export const inspectionBySubmission = (db: Database, submissionId: string): Promise<InspectionRow | null> =>
  bySubmission(db, batchInspections, submissionId);

/**
 * The latest warehouse inspection of a batch or its ancestors (the one the batch page shows);
 * `outcome` narrows to e.g. the latest passed one (what the quality certificate prints).
 */
export const latestInspectionOf = (db: Database, batchIds: string[], outcome?: string): Promise<InspectionRow | null> =>
  latestIn(db, batchInspections, batchIds, outcome);

/** The latest passed warehouse inspection of a batch or its ancestors (what the quality certificate prints). */
export const latestPassedInspectionOf = (db: Database, batchIds: string[]) =>
  latestInspectionOf(db, batchIds, "passed");

export function insertInspection(db: Database, row: NewInspection) {
  return db.insert(batchInspections).values(row);
}

// ── Port inspections ─────────────────────────────────────────────────────────────────────

export const portInspectionBySubmission = (db: Database, submissionId: string): Promise<PortInspectionRow | null> =>
  bySubmission(db, portInspections, submissionId);

/**
 * The latest port inspection of a batch (or of its ancestors, for a batch split at the port);
 * `outcome` narrows to e.g. the latest signed-off one (what the phytosanitary certificate prints).
 */
export const latestPortInspectionOf = (
  db: Database,
  batchIds: string[],
  outcome?: string,
): Promise<PortInspectionRow | null> => latestIn(db, portInspections, batchIds, outcome);

/** Each batch's own latest port inspection (not its ancestors'), for many batches at once. */
export async function latestPortInspectionsByBatch(db: Database, batchIds: string[]) {
  const rows = await selectInParts(batchIds, (part) =>
    db.select().from(portInspections).where(inArray(portInspections.batchId, part)),
  );
  const out = new Map<string, PortInspectionRow>();
  for (const r of rows) {
    const seen = out.get(r.batchId);
    if (!seen || r.inspectedAt > seen.inspectedAt) out.set(r.batchId, r);
  }
  return out;
}

/** The latest signed-off port inspection of a batch or its ancestors (what the phytosanitary certificate prints). */
export const latestSignedOffPortInspectionOf = (db: Database, batchIds: string[]) =>
  latestPortInspectionOf(db, batchIds, "signed_off");

export function insertPortInspection(db: Database, row: NewPortInspection) {
  return db.insert(portInspections).values(row);
}

/**
 * Batches at or awaiting the port: inspected at the warehouse (awaiting port inspection, or held
 * by a refusal) and inspected at the port (awaiting export), with their latest port outcome.
 */
export async function portQueue(db: Database, limit = 100) {
  const latest = db
    .select({
      batchId: portInspections.batchId,
      outcome: portInspections.outcome,
      refusalReason: portInspections.refusalReason,
      containerNumber: portInspections.containerNumber,
      sealNumber: portInspections.sealNumber,
      rank: sql<number>`row_number() over (partition by ${portInspections.batchId} order by ${portInspections.inspectedAt} desc)`.as(
        "rank",
      ),
    })
    .from(portInspections)
    .as("latest");
  return db
    .select({
      ...queuedBatchColumns,
      complianceStatus: batches.complianceStatus,
      complianceReason: batches.complianceReason,
      ddsReference: batches.ddsReference,
      portOutcome: latest.outcome,
      refusalReason: latest.refusalReason,
      containerNumber: latest.containerNumber,
      sealNumber: latest.sealNumber,
    })
    .from(batches)
    .leftJoin(latest, and(eq(latest.batchId, batches.id), eq(latest.rank, 1)))
    .where(inArray(batches.status, ["warehouse_inspected", "port_inspected"]))
    .orderBy(desc(batches.updatedAt))
    .limit(limit);
}

/** The valid and expired certificates of batches (newest first): blockers read the newest of each type. */
/**
 * The valid and expired certificates of these batches, newest first (every batch's papers, across
 * any number of codes).
 */
export async function batchCertificateStates(db: Database, batchCodes: string[]) {
  const rows = await selectInParts(batchCodes, (part) =>
    db
      .select({
        certificateNumber: certificates.certificateNumber,
        type: certificates.type,
        subjectId: certificates.subjectId,
        status: certificates.status,
        issuedAt: certificates.issuedAt,
        expiresAt: certificates.expiresAt,
        r2Key: certificates.r2Key,
      })
      .from(certificates)
      .where(
        and(
          eq(certificates.subjectType, "batch"),
          inArray(certificates.subjectId, part),
          inArray(certificates.status, ["valid", "expired"]),
        ),
      ),
  );
  return rows.sort((a, b) => (a.issuedAt < b.issuedAt ? 1 : a.issuedAt > b.issuedAt ? -1 : 0));
}

/** The newest row by `at` (ISO timestamps), or null. */
function newest<R>(rows: R[], at: (row: R) => string): R | null {
  let best: R | null = null;
  for (const r of rows) if (!best || at(r) > at(best)) best = r;
  return best;
}
