/**
 * What the QR code on a farmer's ID card holds (ADR 018): the Farmer ID and nothing else, with a
 * short prefix that says what it is. A stranger who scans the card learns only the number that is
 * printed under the code; a buyer's scan is resolved by the purchase lookup
 * (worker/services/batches/purchase-lookup.ts), which is signed-in, rate-limited and answers
 * initials and plot eligibility only.
 */
import { isFarmerId } from "./farmer-id";

/** "LR-FARMER:" — tells the buyer's scanner this is a farmer card, not a batch label. */
export const FARMER_CARD_PREFIX = "LR-FARMER:";

/** The text the card's QR code encodes: `LR-FARMER:FRM000123`. */
export function farmerCardPayload(farmerId: string): string {
  return `${FARMER_CARD_PREFIX}${farmerId.toUpperCase()}`;
}

/**
 * The Farmer ID a scanned text stands for, or null: accepts the card payload, and a bare Farmer ID
 * (a buyer may type the number printed under the code instead of scanning it).
 */
export function farmerIdFromCard(scanned: string): string | null {
  const t = scanned.trim().toUpperCase();
  const id = t.startsWith(FARMER_CARD_PREFIX) ? t.slice(FARMER_CARD_PREFIX.length) : t;
  return isFarmerId(id) ? id : null;
}
