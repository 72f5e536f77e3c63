/**
 * SQL of batches, their origins, lineage and custody events. Reads return plain rows;
 * writes are returned as statements so services can put them in one `db.batch()` with the
 * audit rows (docs/architecture.md "Data"). Like land_plots.farmer_id, batch_origins.farmer_id holds the
 * public Farmer ID (FRM + 6 digits), which is unique and never changes.
 */
import { and, asc, desc, eq, gte, inArray, isNull, like, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client";
import {
  batches,
  batchLineage,
  batchOrigins,
  cropYields,
  custodyEvents,
  farmers,
  landPlots,
  orderAllocations,
  orders,
  shipmentBatches,
  shipments,
  users,
} from "../schema";
import { chunks } from "./chunks";
import { NOW_SQL } from "./clock";
import { farmerRefColumns } from "./farmers";
import { type PlotSummary, plotSummaryColumns, plotVerdictColumns } from "./land-plots";
import { pageWithTotal } from "./paging";

export type BatchRow = typeof batches.$inferSelect;
export type NewBatch = typeof batches.$inferInsert;
export type NewOrigin = typeof batchOrigins.$inferInsert;
export type NewCustodyEvent = typeof custodyEvents.$inferInsert;
export type NewLineage = typeof batchLineage.$inferInsert;

/** D1 allows 100 bound parameters per statement. */
const MAX_PARAMS = 100;

// ── Farmers and plots as a purchase sees them ───────────────────────────────────────────────

/** Farmers by their public Farmer ID (stored upper-case: FRM + 6 digits). */
export async function farmersByCode(db: Database, codes: string[]) {
  if (!codes.length) return [];
  const upper = [...new Set(codes.map((c) => c.toUpperCase()))];
  return (
    await Promise.all(
      chunks(upper, MAX_PARAMS - 1).map((part) =>
        db
          .select({
            ...farmerRefColumns(),
            /** The farmer's own account, if any: where the purchase notice goes. */
            userId: farmers.userId,
          })
          .from(farmers)
          .where(inArray(farmers.farmerId, part)),
      ),
    )
  ).flat();
}

const plotColumns = plotSummaryColumns;
export type PlotForBatch = PlotSummary;

/** Plots by their plot code (stored upper-case, e.g. PLT-100001-03). */
export async function plotsByCode(db: Database, codes: string[]): Promise<PlotForBatch[]> {
  if (!codes.length) return [];
  const upper = [...new Set(codes.map((c) => c.toUpperCase()))];
  return (
    await Promise.all(
      chunks(upper, MAX_PARAMS - 1).map((part) =>
        db.select(plotColumns).from(landPlots).where(inArray(landPlots.plotCode, part)),
      ),
    )
  ).flat();
}

/** Plots by id (current risk and validation of a batch's origins). */
export async function plotsById(db: Database, ids: string[]): Promise<PlotForBatch[]> {
  if (!ids.length) return [];
  return (
    await Promise.all(
      chunks([...new Set(ids)], MAX_PARAMS - 1).map((part) =>
        db.select(plotColumns).from(landPlots).where(inArray(landPlots.id, part)),
      ),
    )
  ).flat();
}

/** The configured yield (grams/ha per season) for a crop, if an administrator set one. */
export async function cropYieldOverride(db: Database, crop: string): Promise<number | null> {
  const [row] = await db
    .select({ g: cropYields.gramsPerHectare })
    .from(cropYields)
    .where(sql`lower(${cropYields.crop}) = ${crop.toLowerCase()}`)
    .limit(1);
  return row ? row.g : null;
}

/**
 * Grams already bought from each plot by purchases (not splits or merges, which only move
 * produce already counted) whose harvest date falls in [from, to].
 */
export async function purchasedFromPlots(db: Database, plotIds: string[], from: string, to: string) {
  const totals = new Map<string, number>();
  for (const part of chunks(plotIds, MAX_PARAMS - 3)) {
    const rows = await db
      .select({ plotId: batchOrigins.plotId, g: sql<number>`coalesce(sum(${batchOrigins.weightG}), 0)` })
      .from(batchOrigins)
      .innerJoin(batches, eq(batches.id, batchOrigins.batchId))
      .where(
        and(
          inArray(batchOrigins.plotId, part),
          isNull(batches.derivedBy),
          gte(batches.harvestDate, from),
          lte(batches.harvestDate, to),
        ),
      )
      .groupBy(batchOrigins.plotId);
    for (const r of rows) totals.set(r.plotId, Number(r.g));
  }
  return totals;
}

// ── Batches ─────────────────────────────────────────────────────────────────────────────────

/** The highest batch code with this prefix (codes are fixed width, so text order is numeric). */
export async function lastBatchCode(db: Database, prefix: string): Promise<string | null> {
  const [row] = await db
    .select({ code: batches.batchCode })
    .from(batches)
    .where(like(batches.batchCode, `${prefix}%`))
    .orderBy(desc(batches.batchCode))
    .limit(1);
  return row?.code ?? null;
}

export async function batchByCode(db: Database, code: string): Promise<BatchRow | null> {
  const [row] = await db.select().from(batches).where(eq(batches.batchCode, code.trim().toUpperCase())).limit(1);
  return row ?? null;
}

export async function batchesByCode(db: Database, codes: string[]): Promise<BatchRow[]> {
  if (!codes.length) return [];
  const upper = [...new Set(codes.map((c) => c.trim().toUpperCase()))];
  return (
    await Promise.all(
      chunks(upper, MAX_PARAMS - 1).map((part) => db.select().from(batches).where(inArray(batches.batchCode, part))),
    )
  ).flat();
}

/** Who may see which batch (worker/services/batches/read-batches.ts decides from the role). */
export type BatchVisibility =
  | { kind: "all" }
  /** Batches the user bought, holds, or signed a custody step for (+ optional statuses open to them). */
  | { kind: "handled"; userId: string; alsoStatuses?: string[]; exporter?: boolean }
  /** Batches with produce from this farmer's plots. */
  | { kind: "farmer"; userId: string; farmerId: string }
  /** No batch at all (roles without batch access). */
  | { kind: "none" };

export function visibilityWhere(v: BatchVisibility): SQL | undefined {
  if (v.kind === "all") return undefined;
  if (v.kind === "none") return sql`0`;
  if (v.kind === "farmer") {
    return sql`${batches.id} IN (SELECT ${batchOrigins.batchId} FROM ${batchOrigins} WHERE ${batchOrigins.farmerId} = ${v.farmerId.toUpperCase()} OR ${batchOrigins.farmerId} IN (SELECT ${farmers.farmerId} FROM ${farmers} WHERE ${farmers.userId} = ${v.userId}))`;
  }
  const parts: SQL[] = [
    eq(batches.createdBy, v.userId),
    eq(batches.holderId, v.userId),
    sql`${batches.id} IN (SELECT ${custodyEvents.batchId} FROM ${custodyEvents} WHERE ${custodyEvents.actorId} = ${v.userId})`,
  ];
  if (v.alsoStatuses?.length) parts.push(inArray(batches.status, v.alsoStatuses));
  // An exporter reads every batch allocated to its orders or loaded on its shipments.
  if (v.exporter)
    parts.push(
      sql`${batches.id} IN (SELECT ${orderAllocations.batchId} FROM ${orderAllocations} JOIN ${orders} ON ${orders.id} = ${orderAllocations.orderId} WHERE ${orders.exporterId} = ${v.userId})`,
      sql`${batches.id} IN (SELECT ${shipmentBatches.batchId} FROM ${shipmentBatches} JOIN ${shipments} ON ${shipments.id} = ${shipmentBatches.shipmentId} WHERE ${shipments.exporterId} = ${v.userId})`,
    );
  return or(...parts);
}

export type BatchFilter = {
  status?: string;
  commodity?: string;
  compliance?: string;
  code?: string;
  flagged?: boolean;
};

/** One page of batches visible to the user, newest first, with the total. */
export async function listBatches(
  db: Database,
  filter: BatchFilter,
  visibility: BatchVisibility,
  page: number,
  pageSize: number,
) {
  const parts: SQL[] = [];
  const vis = visibilityWhere(visibility);
  if (vis) parts.push(vis);
  if (filter.status) parts.push(eq(batches.status, filter.status));
  if (filter.commodity) parts.push(eq(batches.commodity, filter.commodity));
  if (filter.compliance) parts.push(eq(batches.complianceStatus, filter.compliance));
  if (filter.code) parts.push(like(batches.batchCode, `%${filter.code.toUpperCase().replace(/[%_]/g, "")}%`));
  if (filter.flagged) parts.push(eq(batches.volumeFlag, true));
  const where = parts.length ? and(...parts) : undefined;
  const list = db.select().from(batches).where(where).orderBy(desc(batches.createdAt), desc(batches.batchCode));
  const [rows, total] = await pageWithTotal(db, list, { table: batches, where }, { page, pageSize });
  return { rows, total };
}

/** The Farmer IDs a farmer account stands for: its login ID and any register row linked to it. */
export async function farmerIdsOfUser(db: Database, userId: string, loginId: string): Promise<string[]> {
  const rows = await db
    .select({ farmerId: farmers.farmerId })
    .from(farmers)
    .where(eq(farmers.userId, userId))
    .limit(20);
  return [...new Set([loginId.toUpperCase(), ...rows.map((r) => r.farmerId)])];
}

/** Is this one batch visible under `visibility`? */
export async function isVisible(db: Database, batchId: string, visibility: BatchVisibility) {
  const vis = visibilityWhere(visibility);
  if (!vis) return true;
  const [row] = await db
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.id, batchId), vis))
    .limit(1);
  return !!row;
}

/** Origins of batches with the plot's current verdict and the farmer's public ID and name. */
export async function originsOf(db: Database, batchIds: string[]) {
  if (!batchIds.length) return [];
  return db
    .select({
      batchId: batchOrigins.batchId,
      plotId: batchOrigins.plotId,
      farmerId: batchOrigins.farmerId,
      weightG: batchOrigins.weightG,
      /** The boundary version the produce was bought under (ADR 019). */
      plotVersion: batchOrigins.plotVersion,
      plotCode: landPlots.plotCode,
      ...plotVerdictColumns(),
      farmerFirstName: farmers.firstName,
      farmerLastName: farmers.lastName,
      farmerCounty: farmers.county,
    })
    .from(batchOrigins)
    .leftJoin(landPlots, eq(landPlots.id, batchOrigins.plotId))
    .leftJoin(farmers, eq(farmers.farmerId, batchOrigins.farmerId))
    .where(inArray(batchOrigins.batchId, batchIds))
    .orderBy(landPlots.plotCode);
}
export type OriginRow = Awaited<ReturnType<typeof originsOf>>[number];

/** Custody events of batches, oldest first, with the actor's name and the batch code. */
export async function custodyOf(db: Database, batchIds: string[]) {
  if (!batchIds.length) return [];
  return (
    db
      .select({
        id: custodyEvents.id,
        batchId: custodyEvents.batchId,
        batchCode: batches.batchCode,
        fromStatus: custodyEvents.fromStatus,
        toStatus: custodyEvents.toStatus,
        actorId: custodyEvents.actorId,
        actorRole: custodyEvents.actorRole,
        actorFirstName: users.firstName,
        actorLastName: users.lastName,
        occurredAt: custodyEvents.occurredAt,
        latitude: custodyEvents.latitude,
        longitude: custodyEvents.longitude,
        location: custodyEvents.location,
        weightInG: custodyEvents.weightInG,
        weightOutG: custodyEvents.weightOutG,
        note: custodyEvents.note,
        /** Set when the step was voided (ADR 031): shown struck through, it no longer counts. */
        voidedAt: custodyEvents.voidedAt,
        voidReason: custodyEvents.voidReason,
      })
      .from(custodyEvents)
      .innerJoin(batches, eq(batches.id, custodyEvents.batchId))
      .leftJoin(users, eq(users.id, custodyEvents.actorId))
      .where(inArray(custodyEvents.batchId, batchIds))
      // Insertion order breaks ties between events of the same instant (a split and its new batches).
      .orderBy(asc(custodyEvents.occurredAt), sql`"custody_events"."rowid"`)
  );
}
export type CustodyRow = Awaited<ReturnType<typeof custodyOf>>[number];

/** Parents and children of a batch with their codes. */
export async function lineageOf(db: Database, batchId: string) {
  // The other side of each lineage row that has this batch on one side, with its code and status.
  const linked = (
    other: typeof batchLineage.parentBatchId | typeof batchLineage.childBatchId,
    self: typeof batchLineage.parentBatchId | typeof batchLineage.childBatchId,
  ) =>
    db
      .select({
        batchId: other,
        code: batches.batchCode,
        status: batches.status,
        kind: batchLineage.kind,
        weightG: batchLineage.weightG,
      })
      .from(batchLineage)
      .innerJoin(batches, eq(batches.id, other))
      .where(eq(self, batchId))
      .orderBy(batches.batchCode);
  const [parents, children] = await db.batch([
    linked(batchLineage.parentBatchId, batchLineage.childBatchId),
    linked(batchLineage.childBatchId, batchLineage.parentBatchId),
  ]);
  return { parents, children };
}

/** Every batch this one descends from, through any number of splits and merges. */
export async function ancestorIds(db: Database, batchId: string): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`
    WITH RECURSIVE up(id) AS (
      SELECT ${batchLineage.parentBatchId} FROM ${batchLineage} WHERE ${batchLineage.childBatchId} = ${batchId}
      UNION
      SELECT l.parent_batch_id FROM batch_lineage l JOIN up ON l.child_batch_id = up.id
    )
    SELECT id FROM up LIMIT 500`);
  return rows.map((r) => r.id);
}

// ── Write statements (for db.batch) ─────────────────────────────────────────────────────────

export function insertBatch(db: Database, row: NewBatch) {
  return db.insert(batches).values(row);
}

/** Updates a batch; with `expectStatus`, only while it is still in the status the caller read. */
export function updateBatch(db: Database, id: string, patch: Partial<NewBatch>, expectStatus?: string) {
  return db
    .update(batches)
    .set({ ...patch, updatedAt: NOW_SQL })
    .where(expectStatus === undefined ? eq(batches.id, id) : and(eq(batches.id, id), eq(batches.status, expectStatus)));
}

/** Origin rows, chunked under D1's bound-parameter limit (4 columns a row). */
export function insertOrigins(db: Database, rows: NewOrigin[]) {
  return chunks(rows, Math.floor(MAX_PARAMS / 4)).map((part) => db.insert(batchOrigins).values(part));
}

/**
 * A custody event, written only if its batch is now in the event's `toStatus`. In the same
 * `db.batch()` after a guarded `updateBatch`, a batch changed meanwhile by someone else leaves
 * batch_id NULL, the NOT NULL constraint fails and the whole transaction is rolled back.
 */
export function insertCustodyEvent(db: Database, row: NewCustodyEvent) {
  return db.insert(custodyEvents).values({
    ...row,
    batchId: sql`(SELECT ${batches.id} FROM ${batches} WHERE ${batches.id} = ${row.batchId} AND ${batches.status} = ${row.toStatus})`,
  });
}

export function insertLineage(db: Database, rows: NewLineage[]) {
  return chunks(rows, Math.floor(MAX_PARAMS / 4)).map((part) => db.insert(batchLineage).values(part));
}
