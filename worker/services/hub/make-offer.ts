/**
 * Make an offer on a lot of the sellers hub (docs/sellers-hub.md): buyers and
 * exporters; never on one's own lot; an expected harvest only by a buyer (who records the
 * purchase, with the grade they will record); a batch lot is bought whole. The offer, the
 * seller's notice and the audit row are written in one transaction. Idempotent by submissionId.
 */
import { insertOfferStatement, lotById, type OfferRow, offerBySubmission } from "#db/queries/market-hub";
import type { NewOfferInput } from "#worker/contracts/market-hub";
import { mayOfferOn } from "#worker/domain/market-hub";
import { formatMoney, isCurrency } from "#worker/domain/money";
import { formatKg } from "#worker/domain/weight";
import type { ServiceDeps } from "../deps";
import { requireLicence } from "../licensing/require-licence";
import { notifyStatement } from "../notifications/notify";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";

type Deps = Pick<ServiceDeps, "db" | "actor"> & Partial<Pick<ServiceDeps, "now">>;

export async function makeOffer(
  input: NewOfferInput & { lotId: string },
  deps: Deps,
): Promise<Result<{ offer: OfferRow }>> {
  const { db, actor } = deps;
  const now = (deps.now ?? (() => new Date()))();
  if (actor.role !== "buyer" && actor.role !== "exporter") return fail(403, "Only buyers and exporters make offers");
  if (input.submissionId) {
    const earlier = await offerBySubmission(db, input.submissionId);
    if (earlier) {
      return earlier.buyerId === actor.id && earlier.lotId === input.lotId
        ? ok({ offer: earlier })
        : fail(409, "This submission id was already used: reload the page and try again");
    }
  }
  const lot = await lotById(db, input.lotId);
  if (!lot) return fail(404, "No lot with this id");
  // The licence first: an organisation that may not trade learns that before anything about the lot.
  const unlicensed = await requireLicence(db, actor, "offer", lot.commodity, now);
  if (unlicensed) return unlicensed;
  if (lot.status !== "open") return fail(409, "This lot is no longer for sale");
  if (lot.sellerId === actor.id) return fail(409, "You cannot make an offer on your own lot");
  const allowed = mayOfferOn(actor.role, lot.source);
  if (!allowed.ok) return fail(403, allowed.message);

  const errors: Record<string, string[]> = {};
  if (lot.source === "batch" && input.quantityG !== lot.remainingG)
    errors.quantityKg = [`A batch is sold whole: offer for its ${formatKg(lot.remainingG)}`];
  if (input.quantityG > lot.remainingG)
    errors.quantityKg = [`The lot has ${formatKg(lot.remainingG)} for sale: offer at most that`];
  if (input.currency !== lot.currency) errors.currency = [`Offer in the lot's currency (${lot.currency})`];
  if (lot.source === "harvest" && !input.grade)
    errors.grade = ["Choose the grade you will record at purchase (A+ to F)"];
  if (Object.keys(errors).length) return fail(400, "The offer cannot be made", errors);

  const offer: OfferRow = {
    id: crypto.randomUUID(),
    lotId: lot.id,
    buyerId: actor.id,
    buyerRole: actor.role,
    heldReason: null,
    quantityG: input.quantityG,
    priceMinorPerKg: input.priceMinorPerKg,
    currency: input.currency,
    grade: lot.source === "harvest" ? (input.grade ?? null) : null,
    note: input.note ?? null,
    status: "pending",
    decidedAt: null,
    batchId: null,
    submissionId: input.submissionId ?? null,
    createdAt: now.toISOString(),
  };
  const price = isCurrency(offer.currency)
    ? formatMoney({ amountMinor: offer.priceMinorPerKg, currency: offer.currency })
    : `${offer.priceMinorPerKg} ${offer.currency}`;
  await db.batch([
    insertOfferStatement(db, offer),
    notifyStatement(
      db,
      {
        userId: lot.sellerId,
        kind: "market_offer",
        title: `New offer on your ${lot.commodity} lot`,
        body: `A ${actor.role} offers ${price} per kg for ${formatKg(offer.quantityG)}. Accept or decline it in the sellers hub.`,
        link: "/sellers-hub",
        subject: { type: "offer", id: offer.id },
        dedupeKey: `offer:${offer.id}:made`,
      },
      now,
    ),
    auditEntry(db, actor, "offer.create", "offer", offer.id, null, offer),
  ]);
  return ok({ offer });
}
