/**
 * SQL of purchases (buyer dashboard): what a buyer paid for each batch, and the buyer's
 * own views — purchases and stock by status (paged), flagged purchases, totals by commodity, month
 * and currency, and where suppliers are (coarsened by the service). Every read is narrowed by the
 * buyer id the service passes in (the signed-in account), never by an id from a URL.
 */
import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client";
import { batches, batchOrigins, farmers, landPlots, purchases, users } from "../schema";
import { pageWithTotal } from "./paging";

export type PurchaseRow = typeof purchases.$inferSelect;
export type NewPurchase = typeof purchases.$inferInsert;

export function insertPurchase(db: Database, row: NewPurchase) {
  return db.insert(purchases).values(row);
}

/** The purchase an earlier submission created, with its batch code (a resend answers the same batch). */
export async function purchaseBySubmission(db: Database, submissionId: string) {
  const [row] = await db
    .select({ purchase: purchases, batch: batches })
    .from(purchases)
    .innerJoin(batches, eq(batches.id, purchases.batchId))
    .where(eq(purchases.submissionId, submissionId))
    .limit(1);
  return row ?? null;
}

export async function purchaseOfBatch(db: Database, batchId: string): Promise<PurchaseRow | null> {
  const [row] = await db.select().from(purchases).where(eq(purchases.batchId, batchId)).limit(1);
  return row ?? null;
}

/** The buyer's purchases: batches the buyer created by buying (not splits or merges). */
const bought = (buyerId: string) => and(eq(batches.createdBy, buyerId), isNull(batches.derivedBy));

const purchaseColumns = {
  batchId: batches.id,
  batchCode: batches.batchCode,
  commodity: batches.commodity,
  weightG: batches.weightG,
  status: batches.status,
  complianceStatus: batches.complianceStatus,
  volumeFlag: batches.volumeFlag,
  volumeNote: batches.volumeNote,
  holderId: batches.holderId,
  createdAt: batches.createdAt,
  pricePerKgMinor: purchases.pricePerKgMinor,
  currency: purchases.currency,
  totalMinor: purchases.totalMinor,
  paymentMethod: purchases.paymentMethod,
};

/** One page of the buyer's purchases, newest first; `status` narrows to one custody status, `flagged` to flagged ones. */
export async function purchasesOfBuyer(
  db: Database,
  buyerId: string,
  filter: { status?: string; flagged?: boolean },
  page: number,
  pageSize: number,
) {
  const parts: SQL[] = [bought(buyerId)!];
  if (filter.status) parts.push(eq(batches.status, filter.status));
  if (filter.flagged) parts.push(eq(batches.volumeFlag, true));
  const where = and(...parts);
  const list = db
    .select(purchaseColumns)
    .from(batches)
    .leftJoin(purchases, eq(purchases.batchId, batches.id))
    .where(where)
    .orderBy(desc(batches.createdAt), desc(batches.batchCode));
  const [rows, total] = await pageWithTotal(db, list, { table: batches, where }, { page, pageSize });
  return { rows, total };
}

/** Stock by custody status: the batches the buyer holds now (any origin), counted and weighed per status. */
export async function stockOfHolder(db: Database, holderId: string) {
  return db
    .select({ status: batches.status, batches: count(), weightG: sql<number>`coalesce(sum(${batches.weightG}), 0)` })
    .from(batches)
    .where(eq(batches.holderId, holderId))
    .groupBy(batches.status)
    .orderBy(batches.status);
}

/** Totals of the buyer's purchases by commodity, month (yyyy-mm) and currency — currencies are never added together. */
export async function purchaseTotals(db: Database, buyerId: string, sinceMonth: string) {
  const month = sql<string>`substr(${batches.createdAt}, 1, 7)`;
  return db
    .select({
      commodity: batches.commodity,
      month,
      currency: purchases.currency,
      purchases: count(),
      weightG: sql<number>`coalesce(sum(${batches.weightG}), 0)`,
      totalMinor: sql<number | null>`sum(${purchases.totalMinor})`,
    })
    .from(batches)
    .leftJoin(purchases, eq(purchases.batchId, batches.id))
    .where(and(bought(buyerId), sql`${month} >= ${sinceMonth}`))
    .groupBy(batches.commodity, month, purchases.currency)
    .orderBy(desc(month), batches.commodity, purchases.currency)
    .limit(200);
}

/**
 * The plots the buyer bought from, one row per plot: the centre of its bounding box and its county
 * (the service rounds the centre before anything leaves the server).
 */
export async function supplierPlots(db: Database, buyerId: string, limit = 2000) {
  return db
    .selectDistinct({
      plotId: landPlots.id,
      farmerId: batchOrigins.farmerId,
      county: sql<string | null>`coalesce(${landPlots.county}, ${farmers.county})`,
      lon: sql<number>`(${landPlots.minLon} + ${landPlots.maxLon}) / 2.0`,
      lat: sql<number>`(${landPlots.minLat} + ${landPlots.maxLat}) / 2.0`,
    })
    .from(batchOrigins)
    .innerJoin(batches, eq(batches.id, batchOrigins.batchId))
    .innerJoin(landPlots, eq(landPlots.id, batchOrigins.plotId))
    .leftJoin(farmers, eq(farmers.farmerId, batchOrigins.farmerId))
    .where(bought(buyerId))
    .limit(limit);
}

/** Who a purchase involves, for the receipt's access check and text: buyer, farmers, origin plots. */
export async function receiptParties(db: Database, batchId: string) {
  const [origins, buyer] = await Promise.all([
    db
      .select({
        farmerId: batchOrigins.farmerId,
        farmerUserId: farmers.userId,
        firstName: farmers.firstName,
        lastName: farmers.lastName,
        plotCode: landPlots.plotCode,
        weightG: batchOrigins.weightG,
      })
      .from(batchOrigins)
      .leftJoin(farmers, eq(farmers.farmerId, batchOrigins.farmerId))
      .leftJoin(landPlots, eq(landPlots.id, batchOrigins.plotId))
      .where(eq(batchOrigins.batchId, batchId))
      .orderBy(landPlots.plotCode),
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        companyName: users.companyName,
        loginId: users.loginId,
      })
      .from(batches)
      .innerJoin(users, eq(users.id, batches.createdBy))
      .where(eq(batches.id, batchId))
      .limit(1),
  ]);
  return { origins, buyer: buyer[0] ?? null };
}

/** Farmers by phone number (the buyer's lookup by phone); a number may be shared, so several may answer. */
export async function farmersByPhone(db: Database, phone: string) {
  return db
    .select({ farmerId: farmers.farmerId })
    .from(farmers)
    .where(eq(farmers.phone, phone))
    .orderBy(farmers.farmerId)
    .limit(5);
}
