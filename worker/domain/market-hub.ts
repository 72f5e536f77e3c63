/**
 * The sellers hub's rules (docs/sellers-hub.md). Pure: no database, no Hono.
 *
 * - Who lists: a farmer lists the expected harvest of their own eligible plots; a buyer (a
 *   cooperative is a buyer organisation, docs/sellers-hub.md) lists stock of a batch they hold.
 * - Who offers: buyers and exporters. An expected harvest is bought from the farmer by a buyer
 *   (the purchase step of the custody chain); an exporter buys stock that is already in a batch.
 * - Contact details: released only to the counterpart of an accepted offer.
 */
import type { Role } from "../auth/roles";
import { formatKg, type Grams } from "./weight";

export const LOT_SOURCES = ["batch", "harvest"] as const;
export type LotSource = (typeof LOT_SOURCES)[number];
export const OFFER_STATUSES = ["pending", "accepted", "declined", "held"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_STATUS_LABEL: Record<OfferStatus, string> = {
  pending: "Waiting for the seller",
  accepted: "Accepted",
  declined: "Declined",
  held: "Held: the licence is suspended",
};

/** The source a role lists from. */
export const LOT_SOURCE_OF: Partial<Record<Role, LotSource>> = { farmer: "harvest", buyer: "batch" };

/** May `role` make an offer on a lot of `source`? Refusals say who can. */
export function mayOfferOn(role: Role, source: string): { ok: true } | { ok: false; message: string } {
  if (role !== "buyer" && role !== "exporter") return { ok: false, message: "Only buyers and exporters make offers" };
  if (source === "harvest" && role !== "buyer")
    return {
      ok: false,
      message:
        "An expected harvest is bought from the farmer by a licensed buyer (the purchase step of the custody chain): offer on lots held in a batch instead",
    };
  return { ok: true };
}

/**
 * The refusal of an expected-harvest listing above what its plots can still yield this season,
 * with the figures; null when it fits.
 */
export function harvestCapRefusal(input: {
  quantityG: Grams;
  capacityG: Grams;
  purchasedG: Grams;
  listedG: Grams;
  season: string;
  totalHectares: number;
  gramsPerHectare: Grams;
}): string | null {
  const availableG = Math.max(0, input.capacityG - input.purchasedG - input.listedG);
  if (input.quantityG <= availableG) return null;
  const ha = input.totalHectares.toLocaleString("en-US", { maximumFractionDigits: 4 });
  const perHa = (input.gramsPerHectare / 1000).toLocaleString("en-US", { maximumFractionDigits: 0 });
  return `${formatKg(input.quantityG)} is more than these plots can still yield in the ${input.season} crop year: ${ha} ha × ${perHa} kg/ha = ${formatKg(input.capacityG)}, less ${formatKg(input.purchasedG)} already sold and ${formatKg(input.listedG)} listed in other open lots, leaves ${formatKg(availableG)}`;
}

/** Whose contact details `viewerId` may see on an offer: the counterpart's, once accepted. */
export function contactReleasedTo(
  offer: { status: string; buyerId: string },
  lot: { sellerId: string },
  viewerId: string,
): "seller" | "buyer" | null {
  if (offer.status !== "accepted") return null;
  if (viewerId === offer.buyerId) return "seller";
  if (viewerId === lot.sellerId) return "buyer";
  return null;
}
