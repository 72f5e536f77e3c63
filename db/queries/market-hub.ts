/**
 * SQL of the sellers hub (docs/sellers-hub.md): lots, their plots, offers and the
 * one-decision guard. Reads return plain rows; writes are statements for the services' db.batch().
 * Contact details (names, phones) are read only by `contactsOf`, which the service calls for the
 * counterpart of an accepted offer alone.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../client";
import { batches, lotPlots, lots, offerDecisions, offers, users } from "../schema";

export type LotRow = typeof lots.$inferSelect;
export type NewLot = typeof lots.$inferInsert;
export type OfferRow = typeof offers.$inferSelect;
export type NewOffer = typeof offers.$inferInsert;

export async function lotById(db: Database, id: string): Promise<LotRow | null> {
  const [row] = await db.select().from(lots).where(eq(lots.id, id)).limit(1);
  return row ?? null;
}

export async function lotBySubmission(db: Database, submissionId: string): Promise<LotRow | null> {
  const [row] = await db.select().from(lots).where(eq(lots.submissionId, submissionId)).limit(1);
  return row ?? null;
}

/** The open lot of a batch, if any (one open lot per batch). */
export async function openLotOfBatch(db: Database, batchId: string): Promise<LotRow | null> {
  const [row] = await db
    .select()
    .from(lots)
    .where(and(eq(lots.batchId, batchId), eq(lots.status, "open")))
    .limit(1);
  return row ?? null;
}

/** Open lots, newest first; optionally only some commodities, or one seller's (any status). */
export async function listLots(
  db: Database,
  filter: { commodities?: string[]; sellerId?: string; includeClosed?: boolean },
  limit = 100,
) {
  const where = and(
    filter.includeClosed ? undefined : eq(lots.status, "open"),
    filter.commodities ? inArray(lots.commodity, filter.commodities.length ? filter.commodities : [""]) : undefined,
    filter.sellerId ? eq(lots.sellerId, filter.sellerId) : undefined,
  );
  return db.select().from(lots).where(where).orderBy(desc(lots.createdAt), desc(lots.id)).limit(limit);
}

/** The plot ids behind each lot. */
export async function plotsOfLots(db: Database, lotIds: string[]) {
  if (!lotIds.length) return [];
  return db.select().from(lotPlots).where(inArray(lotPlots.lotId, lotIds));
}

/**
 * What open expected-harvest lots still offer from these plots (other than `exceptLot`): a plot
 * already listed counts against a new listing, so the same yield is not sold twice.
 */
export async function openHarvestListedOn(db: Database, plotIds: string[]) {
  if (!plotIds.length) return 0;
  const [row] = await db
    .select({ g: sql<number>`coalesce(sum(${lots.remainingG}), 0)` })
    .from(lots)
    .where(
      and(
        eq(lots.status, "open"),
        eq(lots.source, "harvest"),
        sql`${lots.id} IN (SELECT ${lotPlots.lotId} FROM ${lotPlots} WHERE ${inArray(lotPlots.plotId, plotIds)})`,
      ),
    );
  return Number(row?.g ?? 0);
}

export async function offerById(db: Database, id: string): Promise<OfferRow | null> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id)).limit(1);
  return row ?? null;
}

export async function offerBySubmission(db: Database, submissionId: string): Promise<OfferRow | null> {
  const [row] = await db.select().from(offers).where(eq(offers.submissionId, submissionId)).limit(1);
  return row ?? null;
}

/** Offers on these lots, newest first. */
export async function offersOnLots(db: Database, lotIds: string[]) {
  if (!lotIds.length) return [];
  return db.select().from(offers).where(inArray(offers.lotId, lotIds)).orderBy(desc(offers.createdAt));
}

/** The offers a buyer or exporter made, newest first. */
export async function offersBy(db: Database, buyerId: string, limit = 100) {
  return db.select().from(offers).where(eq(offers.buyerId, buyerId)).orderBy(desc(offers.createdAt)).limit(limit);
}

/** Name, phone and company of people (released only to an accepted counterpart). */
export async function contactsOf(db: Database, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      companyName: users.companyName,
    })
    .from(users)
    .where(inArray(users.id, userIds));
}

/** Batch codes and compliance of these batches (the lot card shows them). */
export async function batchFacts(db: Database, batchIds: string[]) {
  if (!batchIds.length) return [];
  return db
    .select({
      id: batches.id,
      batchCode: batches.batchCode,
      complianceStatus: batches.complianceStatus,
      status: batches.status,
    })
    .from(batches)
    .where(inArray(batches.id, batchIds));
}

export const insertLotStatement = (db: Database, row: NewLot) => db.insert(lots).values(row);
export const insertLotPlotsStatement = (db: Database, lotId: string, plotIds: string[]) =>
  db.insert(lotPlots).values(plotIds.map((plotId) => ({ lotId, plotId })));
export const insertOfferStatement = (db: Database, row: NewOffer) => db.insert(offers).values(row);

/** Fails the whole transaction when the offer was decided before (primary key). */
export const insertDecisionStatement = (
  db: Database,
  row: { offerId: string; decision: string; decidedBy: string; decidedAt: string },
) => db.insert(offerDecisions).values(row);

export const decideOfferStatement = (
  db: Database,
  id: string,
  patch: { status: string; decidedAt: string; batchId?: string | null },
) =>
  db
    .update(offers)
    .set(patch)
    .where(and(eq(offers.id, id), eq(offers.status, "pending")));

/** Takes `quantityG` off the lot; the CHECK constraint refuses the transaction below 0. Sold at 0. */
export const takeFromLotStatement = (db: Database, id: string, quantityG: number) =>
  db
    .update(lots)
    .set({
      remainingG: sql`${lots.remainingG} - ${quantityG}`,
      status: sql`CASE WHEN ${lots.remainingG} - ${quantityG} <= 0 THEN 'sold' ELSE ${lots.status} END`,
    })
    .where(eq(lots.id, id));

/** A user's login ID (a farmer account's Farmer IDs are read with it). */
export async function loginIdOf(db: Database, userId: string): Promise<string> {
  const [row] = await db.select({ loginId: users.loginId }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.loginId ?? "";
}

/**
 * Holds an organisation's open lots and pending offers when its licence is suspended or revoked
 * (ADR 029), with the reason the market shows; statements for the licence step's batch.
 */
export function holdTradeStatements(db: Database, orgId: string, reason: string) {
  return [
    db
      .update(lots)
      .set({ status: "held", heldReason: reason })
      .where(and(eq(lots.sellerId, orgId), eq(lots.status, "open"))),
    db
      .update(offers)
      .set({ status: "held", heldReason: reason })
      .where(and(eq(offers.buyerId, orgId), eq(offers.status, "pending"))),
  ] as const;
}

/** Releases what holdTradeStatements held, when the licence is reinstated. */
export function releaseTradeStatements(db: Database, orgId: string) {
  return [
    db
      .update(lots)
      .set({ status: "open", heldReason: null })
      .where(and(eq(lots.sellerId, orgId), eq(lots.status, "held"))),
    db
      .update(offers)
      .set({ status: "pending", heldReason: null })
      .where(and(eq(offers.buyerId, orgId), eq(offers.status, "held"))),
  ] as const;
}
