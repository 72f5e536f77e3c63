/**
 * SQL of export orders, their allocations and the exporter's side of shipments
 * (ADR 022). Writes are returned as statements for the caller's `db.batch()` beside the audit row.
 */
import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { Database } from "../client";
import { batches, orderAllocations, orders, portInspections, shipmentBatches, shipments, users } from "../schema";
import { NOW_SQL } from "./clock";
import { permitsOfShipments } from "./shipments";

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

export function insertOrder(db: Database, row: NewOrder) {
  return db.insert(orders).values(row);
}

export async function findOrderByCode(db: Database, code: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.code, code)).limit(1);
  return row ?? null;
}

export async function findOrderById(db: Database, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

/** Orders, newest first, with the weight allocated to each; `exporterId` null lists every exporter's. */
export async function listOrders(db: Database, exporterId: string | null, status?: string) {
  return db
    .select({
      order: orders,
      allocatedG: sql<number>`coalesce((SELECT sum(${orderAllocations.weightG}) FROM ${orderAllocations} WHERE ${orderAllocations.orderId} = ${orders.id}), 0)`,
      exporterName: users.companyName,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.exporterId))
    .where(
      and(exporterId ? eq(orders.exporterId, exporterId) : undefined, status ? eq(orders.status, status) : undefined),
    )
    .orderBy(desc(orders.createdAt), desc(orders.code))
    .limit(200);
}

export async function allocatedTotal(db: Database, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${orderAllocations.weightG}), 0)` })
    .from(orderAllocations)
    .where(eq(orderAllocations.orderId, orderId));
  return row?.n ?? 0;
}

/**
 * The allocation, written only while the order's allocations plus this one stay within its
 * quantity (checked again in SQL, so two allocations at once cannot both overfill the order: the
 * loser's order_id is NULL and its batch fails).
 */
export function insertAllocationStatement(db: Database, row: typeof orderAllocations.$inferInsert, quantityG: number) {
  return db.insert(orderAllocations).values({
    ...row,
    orderId: sql`(SELECT ${orders.id} FROM ${orders} WHERE ${orders.id} = ${row.orderId} AND ${orders.status} = 'open' AND coalesce((SELECT sum(${orderAllocations.weightG}) FROM ${orderAllocations} WHERE ${orderAllocations.orderId} = ${row.orderId}), 0) + ${row.weightG} <= ${quantityG})`,
  });
}

export function deleteAllocation(db: Database, orderId: string, batchId: string) {
  return db
    .delete(orderAllocations)
    .where(and(eq(orderAllocations.orderId, orderId), eq(orderAllocations.batchId, batchId)));
}

/** The batches allocated to orders, with the shipment each is in (null while not shipped). */
export async function allocationsOf(db: Database, orderIds: string[]) {
  if (!orderIds.length) return [];
  return db
    .select({
      orderId: orderAllocations.orderId,
      batchId: batches.id,
      batchCode: batches.batchCode,
      commodity: batches.commodity,
      status: batches.status,
      complianceStatus: batches.complianceStatus,
      complianceReason: batches.complianceReason,
      weightG: orderAllocations.weightG,
      shipmentCode: shipments.code,
    })
    .from(orderAllocations)
    .innerJoin(batches, eq(batches.id, orderAllocations.batchId))
    .leftJoin(shipmentBatches, eq(shipmentBatches.batchId, batches.id))
    .leftJoin(shipments, eq(shipments.id, shipmentBatches.shipmentId))
    .where(inArray(orderAllocations.orderId, orderIds))
    .orderBy(asc(batches.batchCode));
}

export async function allocationOfBatch(db: Database, batchId: string) {
  const [row] = await db.select().from(orderAllocations).where(eq(orderAllocations.batchId, batchId)).limit(1);
  return row ?? null;
}

/**
 * Compliant stock no order holds yet: EUDR-compliant batches past warehouse inspection, not
 * exported, not in a shipment, and not refused at their latest port inspection (ADR 022).
 */
export async function unallocatedCompliantStock(db: Database, statuses: readonly string[], commodity?: string) {
  const refused = sql`(SELECT p.outcome FROM ${portInspections} p WHERE p.batch_id = ${batches.id} ORDER BY p.inspected_at DESC LIMIT 1)`;
  return db
    .select({
      id: batches.id,
      batchCode: batches.batchCode,
      commodity: batches.commodity,
      hsCode: batches.hsCode,
      weightG: batches.weightG,
      grade: batches.grade,
      status: batches.status,
      county: batches.county,
    })
    .from(batches)
    .leftJoin(orderAllocations, eq(orderAllocations.batchId, batches.id))
    .where(
      and(
        eq(batches.complianceStatus, "compliant"),
        inArray(batches.status, [...statuses]),
        isNull(orderAllocations.batchId),
        notInArray(batches.id, db.select({ id: shipmentBatches.batchId }).from(shipmentBatches)),
        sql`coalesce(${refused}, '') <> 'refused'`,
        commodity ? eq(batches.commodity, commodity) : undefined,
      ),
    )
    .orderBy(asc(batches.batchCode))
    .limit(200);
}

// ── Shipments (the exporter's side) ───────────────────────────────────────────────────────

/** Shipments with their order and newest permit; `exporterId` null lists every exporter's. */
export async function listShipments(db: Database, exporterId: string | null) {
  const rows = await db
    .select({
      shipment: shipments,
      orderCode: orders.code,
      buyerName: orders.buyerName,
      buyerCountry: orders.buyerCountry,
    })
    .from(shipments)
    .leftJoin(orders, eq(orders.id, shipments.orderId))
    .where(exporterId ? eq(shipments.exporterId, exporterId) : undefined)
    .orderBy(desc(shipments.createdAt), desc(shipments.code))
    .limit(200);
  const permits = await permitsOfShipments(
    db,
    rows.map((r) => r.shipment.id),
  );
  return rows.map((r) => {
    const own = permits.filter((p) => p.shipmentId === r.shipment.id);
    return { ...r, permit: own.find((p) => p.status !== "revoked") ?? own[0] ?? null };
  });
}

export function updateShipment(
  db: Database,
  id: string,
  set: Partial<Pick<typeof shipments.$inferInsert, "status" | "ddsReference" | "ddsVerification" | "exportedAt">>,
) {
  return db
    .update(shipments)
    .set({ ...set, updatedAt: NOW_SQL })
    .where(eq(shipments.id, id));
}

/** The DDS numbers of a shipment copied onto its batches (the batch page and /qr read them there). */
export function setBatchesDds(db: Database, batchIds: string[], ddsReference: string, ddsVerification: string) {
  return db
    .update(batches)
    .set({ ddsReference, ddsVerification, updatedAt: NOW_SQL })
    .where(inArray(batches.id, batchIds));
}

/** The exported shipment a batch left in (for the public trace), or null. */
export async function exportedShipmentOfBatch(db: Database, batchId: string) {
  const [row] = await db
    .select({ code: shipments.code, exportedAt: shipments.exportedAt })
    .from(shipmentBatches)
    .innerJoin(shipments, eq(shipments.id, shipmentBatches.shipmentId))
    .where(and(eq(shipmentBatches.batchId, batchId), eq(shipments.status, "exported")))
    .limit(1);
  return row ?? null;
}
