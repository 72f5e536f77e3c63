/**
 * SQL of the exporter's desk: inspection requests, stock payments, and what an exporter
 * owns (batches held or shipped, shipments, their certificates) for the ownership checks.
 */
import { and, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client";
import { errorText } from "../errors";
import {
  batches,
  batchInspections,
  certificates,
  custodyEvents,
  feeInvoices,
  feePayments,
  inspectionRequests,
  portInspections,
  shipmentBatches,
  shipments,
  stockPayments,
  users,
} from "../schema";
import { NOW_SQL } from "./clock";
import { normalizeLoginId, partyColumns } from "./users";

export type InspectionRequestRow = typeof inspectionRequests.$inferSelect;
export type NewInspectionRequest = typeof inspectionRequests.$inferInsert;
export type StockPaymentRow = typeof stockPayments.$inferSelect;

// ── Ownership ───────────────────────────────────────────────────────────────────────────────

/**
 * The batches an exporter owns: held by them, stepped by them (custody), or in one of their
 * shipments. Ownership by purchase is not modelled yet (the purchases record lands later): this is
 * the stated stand-in (docs/decisions/023-exporter-desk.md).
 */
export function ownedBatchWhere(exporterId: string): SQL {
  return or(
    eq(batches.holderId, exporterId),
    sql`${batches.id} IN (SELECT ${custodyEvents.batchId} FROM ${custodyEvents} WHERE ${custodyEvents.actorId} = ${exporterId})`,
    sql`${batches.id} IN (SELECT ${shipmentBatches.batchId} FROM ${shipmentBatches} INNER JOIN ${shipments} ON ${shipments.id} = ${shipmentBatches.shipmentId} WHERE ${shipments.exporterId} = ${exporterId})`,
  ) as SQL;
}

export async function ownedBatchByCode(db: Database, exporterId: string, code: string) {
  const [row] = await db
    .select()
    .from(batches)
    .where(and(eq(batches.batchCode, code.trim().toUpperCase()), ownedBatchWhere(exporterId)))
    .limit(1);
  return row ?? null;
}

export async function ownedBatches(db: Database, exporterId: string, limit = 200) {
  return db
    .select({ id: batches.id, batchCode: batches.batchCode, commodity: batches.commodity, status: batches.status })
    .from(batches)
    .where(ownedBatchWhere(exporterId))
    .orderBy(desc(batches.createdAt))
    .limit(limit);
}

export async function shipmentsOfExporter(db: Database, exporterId: string) {
  return db
    .select({ id: shipments.id, code: shipments.code, status: shipments.status })
    .from(shipments)
    .where(eq(shipments.exporterId, exporterId))
    .orderBy(desc(shipments.createdAt))
    .limit(200);
}

export async function batchIdsOfShipment(db: Database, shipmentId: string): Promise<string[]> {
  const rows = await db
    .select({ id: shipmentBatches.batchId })
    .from(shipmentBatches)
    .where(eq(shipmentBatches.shipmentId, shipmentId));
  return rows.map((r) => r.id);
}

/** Certificates whose subject is one of these batch or shipment codes, newest first. */
export async function certificatesOfCodes(db: Database, batchCodes: string[], shipmentCodes: string[]) {
  // D1 binds at most 100 values per statement: the codes go in chunks, one query each.
  const CHUNK = 90;
  const wheres: SQL[] = [];
  for (let i = 0; i < batchCodes.length; i += CHUNK)
    wheres.push(
      and(
        inArray(certificates.subjectType, ["batch", "shipment"]),
        inArray(certificates.subjectId, batchCodes.slice(i, i + CHUNK)),
      ) as SQL,
    );
  for (let i = 0; i < shipmentCodes.length; i += CHUNK)
    wheres.push(
      and(
        eq(certificates.subjectType, "shipment"),
        inArray(certificates.subjectId, shipmentCodes.slice(i, i + CHUNK)),
      ) as SQL,
    );
  if (!wheres.length) return [];
  const found = (
    await Promise.all(wheres.map((w) => db.select().from(certificates).where(w).orderBy(desc(certificates.issuedAt))))
  ).flat();
  const unique = [...new Map(found.map((c) => [c.certificateNumber, c])).values()];
  return unique
    .sort((a, b) => b.issuedAt.localeCompare(a.issuedAt) || b.certificateNumber.localeCompare(a.certificateNumber))
    .slice(0, 500);
}

// ── Accounts ────────────────────────────────────────────────────────────────────────────────

export async function activeAccountsOfRole(db: Database, role: string, limit = 50) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, role), eq(users.active, true)))
    .limit(limit);
}

export async function accountByLoginId(db: Database, loginId: string) {
  const [row] = await db
    .select({ ...partyColumns, role: users.role })
    .from(users)
    .where(eq(users.loginIdNormalized, normalizeLoginId(loginId)))
    .limit(1);
  return row ?? null;
}

export async function accountsById(db: Database, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select(partyColumns)
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

// ── Inspection requests ─────────────────────────────────────────────────────────────────────

export async function findInspectionRequest(db: Database, id: string): Promise<InspectionRequestRow | null> {
  const [row] = await db.select().from(inspectionRequests).where(eq(inspectionRequests.id, id)).limit(1);
  return row ?? null;
}

export async function inspectionRequestBySubmission(db: Database, submissionId: string) {
  const [row] = await db
    .select()
    .from(inspectionRequests)
    .where(eq(inspectionRequests.submissionId, submissionId))
    .limit(1);
  return row ?? null;
}

export function insertInspectionRequest(db: Database, row: NewInspectionRequest) {
  return db.insert(inspectionRequests).values(row);
}

/** Moves a request on only if it still has `version` (0 rows changed otherwise: the caller answers 409). */
export function updateInspectionRequest(db: Database, id: string, version: number, set: Partial<NewInspectionRequest>) {
  return db
    .update(inspectionRequests)
    .set({ ...set, version: version + 1, updatedAt: NOW_SQL })
    .where(and(eq(inspectionRequests.id, id), eq(inspectionRequests.version, version)))
    .returning({ id: inspectionRequests.id });
}

export type RequestFilter = { requesterId?: string; kind?: string; inspectorId?: string; open?: boolean };

/** Requests, newest first: a requester's own, or an inspector's queue (theirs and the unassigned of their kind). */
export async function listInspectionRequests(db: Database, f: RequestFilter, limit = 100) {
  return db
    .select()
    .from(inspectionRequests)
    .where(
      and(
        f.requesterId ? eq(inspectionRequests.requesterId, f.requesterId) : undefined,
        f.kind ? eq(inspectionRequests.kind, f.kind) : undefined,
        f.inspectorId
          ? or(eq(inspectionRequests.inspectorId, f.inspectorId), isNull(inspectionRequests.inspectorId))
          : undefined,
        f.open ? inArray(inspectionRequests.status, ["requested", "scheduled"]) : undefined,
      ),
    )
    .orderBy(desc(inspectionRequests.createdAt))
    .limit(limit);
}

/** The newest warehouse inspection of any of these batches. */
export async function latestWarehouseInspection(db: Database, batchIds: string[]) {
  if (!batchIds.length) return null;
  const [row] = await db
    .select()
    .from(batchInspections)
    .where(inArray(batchInspections.batchId, batchIds))
    .orderBy(desc(batchInspections.inspectedAt))
    .limit(1);
  return row ?? null;
}

/** The newest port inspection of any of these batches (or of the shipment). */
export async function latestPortInspection(db: Database, batchIds: string[], shipmentId: string | null) {
  const where = or(
    batchIds.length ? inArray(portInspections.batchId, batchIds) : undefined,
    shipmentId ? eq(portInspections.shipmentId, shipmentId) : undefined,
  );
  if (!where) return null;
  const [row] = await db
    .select()
    .from(portInspections)
    .where(where)
    .orderBy(desc(portInspections.inspectedAt))
    .limit(1);
  return row ?? null;
}

/**
 * The inspection fee invoice, written only if the request is now done at `version` (set by the
 * guarded update before it in the same batch): a lost race never leaves an invoice behind.
 */
export function insertInspectionInvoiceStatement(db: Database, row: typeof feeInvoices.$inferInsert, version: number) {
  return db.insert(feeInvoices).values({
    ...row,
    subjectId: sql`(SELECT ${inspectionRequests.id} FROM ${inspectionRequests} WHERE ${inspectionRequests.id} = ${row.subjectId} AND ${inspectionRequests.version} = ${version} AND ${inspectionRequests.status} = 'done')`,
  });
}

// ── Stock payments ──────────────────────────────────────────────────────────────────────────

export function insertStockPayment(db: Database, row: typeof stockPayments.$inferInsert) {
  return db.insert(stockPayments).values(row);
}

export async function stockPaymentBySubmission(db: Database, submissionId: string) {
  const [row] = await db.select().from(stockPayments).where(eq(stockPayments.submissionId, submissionId)).limit(1);
  return row ?? null;
}

export async function findStockPayment(db: Database, id: string): Promise<StockPaymentRow | null> {
  const [row] = await db.select().from(stockPayments).where(eq(stockPayments.id, id)).limit(1);
  return row ?? null;
}

export async function lastStockReceipt(db: Database, prefix: string): Promise<string | null> {
  const [row] = await db
    .select({ n: stockPayments.receiptNumber })
    .from(stockPayments)
    .where(and(gte(stockPayments.receiptNumber, prefix), lte(stockPayments.receiptNumber, `${prefix}\uffff`)))
    .orderBy(desc(stockPayments.receiptNumber))
    .limit(1);
  return row?.n ?? null;
}

export const isStockReceiptTaken = (error: unknown) =>
  errorText(error).includes("UNIQUE constraint failed: stock_payments.receipt_number");

export async function listStockPayments(
  db: Database,
  f: { payerId?: string; from?: string; to?: string },
  limit = 200,
) {
  return db
    .select()
    .from(stockPayments)
    .where(
      and(
        f.payerId ? eq(stockPayments.payerId, f.payerId) : undefined,
        f.from ? gte(stockPayments.paidOn, f.from) : undefined,
        f.to ? lte(stockPayments.paidOn, f.to) : undefined,
      ),
    )
    .orderBy(desc(stockPayments.paidOn), desc(stockPayments.receiptNumber))
    .limit(limit);
}

/** The fee payments a payer made between two days (both included), with their invoice. */
export async function feePaymentsOfPayer(db: Database, payerId: string, from: string, to: string) {
  return db
    .select({
      paidOn: feePayments.paidOn,
      receiptNumber: feePayments.receiptNumber,
      reference: feePayments.reference,
      amountMinor: feePayments.amountMinor,
      currency: feePayments.currency,
      invoiceNumber: feeInvoices.number,
      feeType: feeInvoices.feeType,
    })
    .from(feePayments)
    .innerJoin(feeInvoices, eq(feeInvoices.id, feePayments.invoiceId))
    .where(and(eq(feeInvoices.payerId, payerId), gte(feePayments.paidOn, from), lte(feePayments.paidOn, to)))
    .orderBy(feePayments.paidOn, feePayments.receiptNumber)
    .limit(5000);
}
