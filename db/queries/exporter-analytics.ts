/**
 * SQL of the exporter's analytics (/exporter/analytics): volumes of my orders and
 * shipments, the compliance of the stock I allocated or shipped, the prices paid to farmers for the
 * batches in my shipments, and the world price points to set them against. Every query is scoped
 * to one exporter (`exporterId`), so exporter A never reads exporter B's figures. Read-only.
 */
import { and, eq, gte, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client";
import {
  batches,
  batchLineage,
  orderAllocations,
  orders,
  pricePoints,
  purchases,
  shipmentBatches,
  shipments,
} from "../schema";
import { exportFacts } from "./figures";

export type AnalyticsScope = { exporterId: string; since: string | null; commodity: string | null };

const month = (col: SQL | typeof orders.createdAt) => sql<string>`substr(${col}, 1, 7)`;

/** Ordered quantity (grams) and order count by commodity, buyer country and month of the order. */
export async function orderVolumes(db: Database, s: AnalyticsScope) {
  return db
    .select({
      commodity: orders.commodity,
      country: orders.buyerCountry,
      month: month(orders.createdAt),
      grams: sql<number>`coalesce(sum(${orders.quantityG}), 0)`,
      count: sql<number>`count(*)`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.exporterId, s.exporterId),
        sql`${orders.status} <> 'cancelled'`,
        s.since ? gte(orders.createdAt, s.since) : undefined,
        s.commodity ? eq(orders.commodity, s.commodity) : undefined,
      ),
    )
    .groupBy(orders.commodity, orders.buyerCountry, month(orders.createdAt));
}

/**
 * Shipped weight (grams) by commodity, destination and month: what left, as every figure counts
 * exports (db/queries/figures.ts), signed by me, in an exported shipment or through the custody
 * chain directly (no destination then). A shipment still waiting for its permit has shipped nothing.
 */
export async function shipmentVolumes(db: Database, s: AnalyticsScope) {
  const left = exportFacts(db);
  // A batch leaves in at most one exported shipment; lines of other shipments say nothing here.
  const lines = db
    .select({
      batchId: sql<string>`${shipmentBatches.batchId}`.as("line_batch_id"),
      shipmentId: sql<string>`${shipments.id}`.as("line_shipment_id"),
      orderId: sql<string | null>`${shipments.orderId}`.as("line_order_id"),
    })
    .from(shipmentBatches)
    .innerJoin(shipments, and(eq(shipments.id, shipmentBatches.shipmentId), eq(shipments.status, "exported")))
    .as("exported_lines");
  const month = sql<string>`substr(${left.at}, 1, 7)`;
  const country = sql<string>`coalesce(${orders.buyerCountry}, '')`;
  return db
    .select({
      commodity: batches.commodity,
      country,
      month,
      grams: sql<number>`coalesce(sum(${left.weightG}), 0)`,
      count: sql<number>`count(distinct ${lines.shipmentId})`,
    })
    .from(left)
    .innerJoin(batches, eq(batches.id, left.batchId))
    .leftJoin(lines, eq(lines.batchId, left.batchId))
    .leftJoin(orders, eq(orders.id, lines.orderId))
    .where(
      and(
        eq(left.exporterId, s.exporterId),
        s.since ? gte(left.at, s.since) : undefined,
        s.commodity ? eq(batches.commodity, s.commodity) : undefined,
      ),
    )
    .groupBy(batches.commodity, country, month);
}

/** Ids of the batches I allocated to my orders or put in my shipments within the scope. */
function myStockIds(s: AnalyticsScope): SQL {
  return sql`(
    SELECT ${orderAllocations.batchId} FROM ${orderAllocations}
      INNER JOIN ${orders} ON ${orders.id} = ${orderAllocations.orderId}
      WHERE ${orders.exporterId} = ${s.exporterId}${s.since ? sql` AND ${orderAllocations.createdAt} >= ${s.since}` : sql``}
    UNION
    SELECT ${shipmentBatches.batchId} FROM ${shipmentBatches}
      INNER JOIN ${shipments} ON ${shipments.id} = ${shipmentBatches.shipmentId}
      WHERE ${shipments.exporterId} = ${s.exporterId}${s.since ? sql` AND ${shipments.createdAt} >= ${s.since}` : sql``}
  )`;
}

/** Count and weight of the batches I allocated or shipped, and of those marked EUDR-compliant. */
export async function stockCompliance(db: Database, s: AnalyticsScope) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)`,
      compliantCount: sql<number>`coalesce(sum(case when ${batches.complianceStatus} = 'compliant' then 1 else 0 end), 0)`,
      grams: sql<number>`coalesce(sum(${batches.weightG}), 0)`,
      compliantGrams: sql<number>`coalesce(sum(case when ${batches.complianceStatus} = 'compliant' then ${batches.weightG} else 0 end), 0)`,
    })
    .from(batches)
    .where(and(sql`${batches.id} IN ${myStockIds(s)}`, s.commodity ? eq(batches.commodity, s.commodity) : undefined));
  return row ?? { count: 0, compliantCount: 0, grams: 0, compliantGrams: 0 };
}

/**
 * Prices paid to farmers for the batches in my shipments: the purchase of the shipped batch itself
 * or of a batch it was split or merged from (one lineage step). Per commodity and currency, the sum
 * of price × weight (minor units × grams) and of weight, so the caller divides for the weighted mean.
 */
export async function farmerPrices(db: Database, s: AnalyticsScope) {
  const shipped = sql`(
    SELECT ${shipmentBatches.batchId} FROM ${shipmentBatches}
      INNER JOIN ${shipments} ON ${shipments.id} = ${shipmentBatches.shipmentId}
      WHERE ${shipments.exporterId} = ${s.exporterId}${s.since ? sql` AND ${shipments.createdAt} >= ${s.since}` : sql``}
  )`;
  return db
    .select({
      commodity: batches.commodity,
      currency: sql<string>`${purchases.currency}`,
      weightedMinorG: sql<number>`coalesce(sum(${purchases.pricePerKgMinor} * ${batches.weightG}), 0)`,
      grams: sql<number>`coalesce(sum(${batches.weightG}), 0)`,
      purchases: sql<number>`count(*)`,
    })
    .from(purchases)
    .innerJoin(batches, eq(batches.id, purchases.batchId))
    .where(
      and(
        isNotNull(purchases.pricePerKgMinor),
        isNotNull(purchases.currency),
        sql`(${purchases.batchId} IN ${shipped} OR ${purchases.batchId} IN (SELECT ${batchLineage.parentBatchId} FROM ${batchLineage} WHERE ${batchLineage.childBatchId} IN ${shipped}))`,
        s.commodity ? eq(batches.commodity, s.commodity) : undefined,
      ),
    )
    .groupBy(batches.commodity, purchases.currency);
}

/** World price points of these series since a date (oldest first). */
export async function worldPricePoints(db: Database, series: string[], since: string | null) {
  if (!series.length) return [];
  return db
    .select({
      commodity: pricePoints.commodity,
      date: pricePoints.date,
      source: pricePoints.source,
      unit: pricePoints.unit,
      amountMinor: pricePoints.amountMinor,
      currency: pricePoints.currency,
      isSample: pricePoints.isSample,
    })
    .from(pricePoints)
    .where(and(inArray(pricePoints.commodity, series), since ? gte(pricePoints.date, since.slice(0, 10)) : undefined))
    .orderBy(pricePoints.date)
    .limit(5000);
}
