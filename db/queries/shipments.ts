/**
 * SQL of shipments (the part permits and the licensing desk need) and export permits
 * (ADR 021). Writes are returned as statements for the caller's `db.batch()`, beside the audit row
 * and the notice; `updatePermit` is guarded by the version, so a concurrent step fails the batch.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../client";
import { batches, exportPermits, shipmentBatches, shipments } from "../schema";
import { selectInParts } from "./chunks";
import { NOW_SQL } from "./clock";
import { pageWithTotal } from "./paging";

export type PermitRow = typeof exportPermits.$inferSelect;
export type ShipmentRow = typeof shipments.$inferSelect;

// ── Shipments ──────────────────────────────────────────────────────────────────────────────

export async function findShipmentByCode(db: Database, code: string): Promise<ShipmentRow | null> {
  const [row] = await db.select().from(shipments).where(eq(shipments.code, code)).limit(1);
  return row ?? null;
}

export async function findShipmentById(db: Database, id: string): Promise<ShipmentRow | null> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id)).limit(1);
  return row ?? null;
}

export function insertShipment(db: Database, row: typeof shipments.$inferInsert) {
  return db.insert(shipments).values(row);
}

export function insertShipmentBatches(db: Database, rows: (typeof shipmentBatches.$inferInsert)[]) {
  return db.insert(shipmentBatches).values(rows);
}

/** The batches of a shipment with their code and EUDR compliance. */
export async function batchesOfShipment(db: Database, shipmentId: string) {
  return (await batchesOfShipments(db, [shipmentId])).map(({ shipmentId: _, ...b }) => b);
}

/** The batches of several shipments (one statement per 90 shipments), by batch code. */
export async function batchesOfShipments(db: Database, shipmentIds: string[]) {
  const rows = await selectInParts(shipmentIds, (part) =>
    db
      .select({
        shipmentId: shipmentBatches.shipmentId,
        batchId: batches.id,
        batchCode: batches.batchCode,
        status: batches.status,
        complianceStatus: batches.complianceStatus,
        complianceReason: batches.complianceReason,
        weightG: shipmentBatches.weightG,
      })
      .from(shipmentBatches)
      .innerJoin(batches, eq(batches.id, shipmentBatches.batchId))
      .where(inArray(shipmentBatches.shipmentId, part)),
  );
  return rows.sort((a, b) => (a.batchCode < b.batchCode ? -1 : a.batchCode > b.batchCode ? 1 : 0));
}

/**
 * For each batch that belongs to a shipment: the shipment and its newest permit (live or not).
 * Batches in no shipment are absent from the map.
 */
export async function shipmentPermitsOfBatches(db: Database, batchIds: string[]) {
  const out = new Map<string, { shipmentCode: string; permit: PermitRow | null }>();
  if (!batchIds.length) return out;
  const rows = await selectInParts(batchIds, (part) =>
    db
      .select({ batchId: shipmentBatches.batchId, shipmentId: shipments.id, shipmentCode: shipments.code })
      .from(shipmentBatches)
      .innerJoin(shipments, eq(shipments.id, shipmentBatches.shipmentId))
      .where(inArray(shipmentBatches.batchId, part)),
  );
  const permits = await permitsOfShipments(
    db,
    rows.map((r) => r.shipmentId),
  );
  for (const r of rows) {
    const forShipment = permits.filter((p) => p.shipmentId === r.shipmentId);
    const permit = forShipment.find((p) => p.status !== "revoked") ?? forShipment[0] ?? null;
    out.set(r.batchId, { shipmentCode: r.shipmentCode, permit });
  }
  return out;
}

// ── Permits ────────────────────────────────────────────────────────────────────────────────

export async function findPermit(db: Database, id: string): Promise<PermitRow | null> {
  const [row] = await db.select().from(exportPermits).where(eq(exportPermits.id, id)).limit(1);
  return row ?? null;
}

export async function livePermitOf(db: Database, shipmentId: string): Promise<PermitRow | null> {
  const [row] = await db
    .select()
    .from(exportPermits)
    .where(
      and(
        eq(exportPermits.shipmentId, shipmentId),
        inArray(exportPermits.status, ["requested", "recommended", "issued"]),
      ),
    )
    .limit(1);
  return row ?? null;
}

export function insertPermit(db: Database, row: typeof exportPermits.$inferInsert) {
  return db.insert(exportPermits).values(row);
}

export function updatePermit(
  db: Database,
  id: string,
  version: number,
  set: Partial<typeof exportPermits.$inferInsert>,
) {
  return db
    .update(exportPermits)
    .set({ ...set, version: version + 1, updatedAt: NOW_SQL })
    .where(and(eq(exportPermits.id, id), eq(exportPermits.version, version)));
}

export async function listPermits(
  db: Database,
  f: { exporterId?: string; status?: string; page: number; pageSize: number },
) {
  const where = and(
    f.exporterId ? eq(exportPermits.exporterId, f.exporterId) : undefined,
    f.status ? eq(exportPermits.status, f.status) : undefined,
  );
  const list = db
    .select({ permit: exportPermits, shipmentCode: shipments.code })
    .from(exportPermits)
    .innerJoin(shipments, eq(shipments.id, exportPermits.shipmentId))
    .where(where)
    .orderBy(desc(exportPermits.updatedAt), desc(exportPermits.id));
  const [items, total] = await pageWithTotal(db, list, { table: exportPermits, where }, f);
  return { items: items.map((r) => ({ ...r.permit, shipmentCode: r.shipmentCode })), total };
}

/** Every permit of these shipments, newest first (one statement per 90 shipments). */
export async function permitsOfShipments(db: Database, shipmentIds: string[]): Promise<PermitRow[]> {
  const rows = await selectInParts(shipmentIds, (part) =>
    db.select().from(exportPermits).where(inArray(exportPermits.shipmentId, part)),
  );
  return rows.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}
