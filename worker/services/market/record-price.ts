/**
 * One world price entered by regulator staff: stored once per series, date and source.
 * Sending the same price again stores nothing twice; a different price for a stored date and
 * source is refused (a published price is not silently overwritten).
 */
import { isUniqueViolation } from "#db/errors";
import { insertPricePoint, type PricePointRow, pricePointsOn } from "#db/queries/market";
import type { PricePointInput } from "#worker/contracts/market";
import { PRICE_COMMODITY_LABEL } from "#worker/domain/market";
import { formatMoney } from "#worker/domain/money";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { refuseUnlessPriceStaff } from "./market-common";

export type RecordedPrice = { point: PricePointRow; created: boolean };

/** The answer for a point whose series, date and source are already stored. */
export function duplicateOutcome(
  existing: PricePointRow,
  input: Pick<PricePointInput, "amountMinor" | "unit" | "currency">,
): { same: true } | { same: false; reason: string } {
  if (
    existing.amountMinor === input.amountMinor &&
    existing.unit === input.unit &&
    existing.currency === input.currency
  ) {
    return { same: true };
  }
  return {
    same: false,
    reason: `A different price is already stored for ${PRICE_COMMODITY_LABEL[existing.commodity as keyof typeof PRICE_COMMODITY_LABEL] ?? existing.commodity} on ${existing.date} from ${existing.source} (${formatMoney({ amountMinor: existing.amountMinor, currency: "USD" })} per ${existing.unit}); stored prices are not overwritten`,
  };
}

export async function recordPricePoint(
  input: PricePointInput & { isSample?: boolean },
  deps: Pick<ServiceDeps, "db" | "actor">,
): Promise<Result<RecordedPrice>> {
  const refused = refuseUnlessPriceStaff(deps.actor);
  if (refused) return refused;
  const { db, actor } = deps;
  const find = async () =>
    (await pricePointsOn(db, input.commodity, input.date)).find((p) => p.source === input.source) ?? null;
  const existing = await find();
  if (existing) {
    const outcome = duplicateOutcome(existing, input);
    return outcome.same ? ok({ point: existing, created: false }) : fail(409, outcome.reason);
  }
  const row = {
    id: crypto.randomUUID(),
    commodity: input.commodity,
    date: input.date,
    source: input.source,
    unit: input.unit,
    amountMinor: input.amountMinor,
    currency: input.currency,
    isSample: input.isSample ?? false,
    createdBy: actor.id,
  };
  try {
    await db.batch([
      insertPricePoint(db, row),
      auditEntry(db, actor, "price_point.record", "price_point", row.id, null, row),
    ]);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const stored = await find();
  if (!stored) return fail(409, "The price could not be stored: please try again");
  if (stored.id !== row.id) {
    const outcome = duplicateOutcome(stored, input);
    return outcome.same ? ok({ point: stored, created: false }) : fail(409, outcome.reason);
  }
  return ok({ point: stored, created: true });
}
