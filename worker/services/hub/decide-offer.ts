/**
 * The seller accepts or declines an offer on their lot (docs/sellers-hub.md).
 *
 * Accepting keeps the chain of custody unbroken:
 * - an expected-harvest lot: the purchase from the farmer is recorded through createBatch, as the
 *   BUYER who made the offer (the purchase step is theirs), from the lot's plots, for the offered
 *   quantity and grade, harvested today. The offer, lot, notices and audit row go in the SAME
 *   transaction as the new batch (createBatch's `alsoWrite`).
 *   The agreed price stays on the offer (price_minor_per_kg + currency): the purchases record
 *   (price per kg, payment details) is being built separately and should take it from there.
 * - a batch lot: the custody chain has no buyer→buyer or buyer→exporter hand-over step (the next
 *   step of a purchased batch is warehouse intake, signed by the warehouse inspector). So the
 *   acceptance records the agreement only, and NO custody event is invented: the batch stays with
 *   its holder, whose next custody step (dispatch to a warehouse, then port and export) follows.
 *
 * Someone else's offer or lot answers 404, as an unknown one. A second decision on the same offer
 * is refused by offer_decisions' primary key (the whole transaction is rolled back).
 * Idempotent: deciding again what was already decided answers the recorded outcome.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/client";
import { isUniqueViolation } from "#db/errors";
import { farmerIdsOfUser, plotsById } from "#db/queries/batches";
import {
  batchFacts,
  decideOfferStatement,
  insertDecisionStatement,
  type LotRow,
  loginIdOf,
  lotById,
  type OfferRow,
  offerById,
  plotsOfLots,
  takeFromLotStatement,
} from "#db/queries/market-hub";
import type { Role } from "#worker/auth/roles";
import type { Currency } from "#worker/domain/money";
import { formatMoney, isCurrency } from "#worker/domain/money";
import { formatKg } from "#worker/domain/weight";
import { createBatch } from "../batches/create-batch";
import type { ServiceDeps } from "../deps";
import { requireLicence } from "../licensing/require-licence";
import { notifyStatement } from "../notifications/notify";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";

type Deps = Pick<ServiceDeps, "db" | "actor"> & Partial<Pick<ServiceDeps, "now">>;
export type Decided = { offer: OfferRow; batchCode: string | null };

const priceOf = (o: OfferRow) =>
  isCurrency(o.currency)
    ? formatMoney({ amountMinor: o.priceMinorPerKg, currency: o.currency })
    : `${o.priceMinorPerKg} ${o.currency}`;

async function batchCodeOf(db: Database, batchId: string | null) {
  if (!batchId) return null;
  const [b] = await batchFacts(db, [batchId]);
  return b?.batchCode ?? null;
}

export async function decideOffer(
  input: { offerId: string; decision: "accept" | "decline"; submissionId?: string },
  deps: Deps,
): Promise<Result<Decided>> {
  const { db, actor } = deps;
  const now = (deps.now ?? (() => new Date()))();
  const offer = await offerById(db, input.offerId);
  const lot = offer ? await lotById(db, offer.lotId) : null;
  if (!offer || !lot || lot.sellerId !== actor.id) return fail(404, "No offer with this id on your lots");
  const wanted = input.decision === "accept" ? "accepted" : "declined";
  if (offer.status === wanted) return ok({ offer, batchCode: await batchCodeOf(db, offer.batchId) });
  if (offer.status !== "pending") return fail(409, `This offer was already ${offer.status}`);

  const at = now.toISOString();
  if (input.decision === "decline") {
    const after = { ...offer, status: "declined", decidedAt: at };
    return guarded(async () => {
      await db.batch([
        insertDecisionStatement(db, { offerId: offer.id, decision: "declined", decidedBy: actor.id, decidedAt: at }),
        decideOfferStatement(db, offer.id, { status: "declined", decidedAt: at }),
        notifyStatement(
          db,
          {
            userId: offer.buyerId,
            kind: "market_offer_decided",
            title: `Your offer on a ${lot.commodity} lot was declined`,
            body: `The seller declined your offer of ${priceOf(offer)} per kg for ${formatKg(offer.quantityG)}.`,
            link: offer.buyerRole === "exporter" ? "/exporter/marketplace" : "/sellers-hub",
            subject: { type: "offer", id: offer.id },
            dedupeKey: `offer:${offer.id}:decided`,
          },
          now,
        ),
        auditEntry(db, actor, "offer.decline", "offer", offer.id, offer, after),
      ]);
      return ok({ offer: after, batchCode: null });
    });
  }

  if (lot.status !== "open" || lot.remainingG < offer.quantityG)
    return fail(409, `The lot has ${formatKg(lot.remainingG)} left for sale: this offer can no longer be accepted`);
  // Both sides trade: the seller (a buyer selling stock; a farmer needs no licence) and the one who receives it.
  const sellerUnlicensed = await requireLicence(db, actor, "sale", lot.commodity, now);
  if (sellerUnlicensed) return sellerUnlicensed;
  const buyerUnlicensed = await requireLicence(
    db,
    { id: offer.buyerId, role: offer.buyerRole },
    "offer",
    lot.commodity,
    now,
  );
  if (buyerUnlicensed)
    return fail(
      403,
      `The offer cannot be accepted: the offer maker's licence does not allow it. ${buyerUnlicensed.message}`,
    );

  const statements = (batch: { id: string; batchCode: string }, after: OfferRow): BatchItem<"sqlite">[] => [
    insertDecisionStatement(db, { offerId: offer.id, decision: "accepted", decidedBy: actor.id, decidedAt: at }),
    decideOfferStatement(db, offer.id, { status: "accepted", decidedAt: at, batchId: batch.id }),
    takeFromLotStatement(db, lot.id, offer.quantityG),
    notifyStatement(
      db,
      {
        userId: offer.buyerId,
        kind: "market_offer_decided",
        title: `Your offer on a ${lot.commodity} lot was accepted`,
        body: `The seller accepted ${priceOf(offer)} per kg for ${formatKg(offer.quantityG)} (batch ${batch.batchCode}). Their contact details are in the hub.`,
        link: offer.buyerRole === "exporter" ? "/exporter/marketplace" : "/sellers-hub",
        subject: { type: "offer", id: offer.id },
        dedupeKey: `offer:${offer.id}:decided`,
      },
      now,
    ),
    notifyStatement(
      db,
      {
        userId: lot.sellerId,
        kind: "market_offer_decided",
        title: `You accepted an offer on your ${lot.commodity} lot`,
        body: `${formatKg(offer.quantityG)} at ${priceOf(offer)} per kg (batch ${batch.batchCode}). The buyer's contact details are in the hub.`,
        link: "/sellers-hub",
        subject: { type: "offer", id: offer.id },
        dedupeKey: `offer:${offer.id}:accepted-seller`,
      },
      now,
    ),
    auditEntry(db, actor, "offer.accept", "offer", offer.id, offer, { ...after, batchCode: batch.batchCode }),
  ];

  if (lot.source === "batch") {
    const [b] = await batchFacts(db, [lot.batchId ?? ""]);
    if (!b) return fail(409, "The batch of this lot no longer exists");
    const after = { ...offer, status: "accepted", decidedAt: at, batchId: b.id };
    return guarded(async () => {
      await db.batch(statements({ id: b.id, batchCode: b.batchCode }, after) as [BatchItem<"sqlite">]);
      return ok({ offer: after, batchCode: b.batchCode });
    });
  }
  return acceptHarvest(offer, lot, deps, at, statements);
}

/** The purchase of an expected harvest: createBatch as the buyer, with the hub's rows in its transaction. */
async function acceptHarvest(
  offer: OfferRow,
  lot: LotRow,
  deps: Deps,
  at: string,
  statements: (batch: { id: string; batchCode: string }, after: OfferRow) => BatchItem<"sqlite">[],
): Promise<Result<Decided>> {
  const { db } = deps;
  const links = await plotsOfLots(db, [lot.id]);
  const plots = await plotsById(
    db,
    links.map((l) => l.plotId),
  );
  // The farmer's own Farmer IDs, as the purchase names them (the lot's plots are theirs).
  const mine = await farmerIdsOfUser(db, lot.sellerId, await loginIdOf(db, lot.sellerId));
  const farmerIds = [...new Set(plots.map((p) => p.farmerId).filter((f) => mine.includes(f)))];
  if (!farmerIds.length || plots.length !== links.length)
    return fail(409, "The plots of this lot are no longer registered to you");
  if (!offer.grade) return fail(409, "This offer names no grade for the purchase");
  const grade = offer.grade;
  let after: OfferRow | null = null;
  const result = await guarded(() =>
    createBatch(
      {
        farmerIds,
        plotCodes: plots.map((p) => p.plotCode),
        commodity: lot.commodity as never,
        weightG: offer.quantityG,
        grade: grade as never,
        harvestDate: at.slice(0, 10),
        location: "Agreed in the sellers hub",
        note: `Sellers hub: offer ${offer.id} accepted by the farmer`,
        // The agreed price goes on the purchase record, like a purchase recorded on the buyer dashboard.
        pricePerKgMinor: offer.priceMinorPerKg,
        currency: offer.currency as Currency,
        moistureTenthPct: undefined,
        paymentMethod: undefined,
        paymentReference: undefined,
      },
      { db, actor: { id: offer.buyerId, role: offer.buyerRole as Role }, ...(deps.now ? { now: deps.now } : {}) },
      (batch) => {
        after = { ...offer, status: "accepted", decidedAt: at, batchId: batch.id };
        return statements(batch, after);
      },
    ),
  );
  if (!result.ok) return result;
  return ok({ offer: after!, batchCode: result.value.batch.batchCode });
}

/** A concurrent decision (offer_decisions' key) or an oversold lot (CHECK) answers 409. */
async function guarded<T>(write: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "offer_decisions") || /CHECK constraint failed/i.test(String(error)))
      return fail(409, "Someone decided on this offer or lot a moment ago: reload the page and check");
    throw error;
  }
}
