/**
 * A dated USD→LRD exchange rate entered by regulator staff. It is in force from its
 * date until the next stored date; the farm-gate price of a world price uses the rate in force on
 * the price's date. One rate per date: a stored rate is not overwritten (409).
 */
import { isUniqueViolation } from "#db/errors";
import { type ExchangeRateRow, exchangeRatesOf, insertExchangeRate } from "#db/queries/market";
import type { ExchangeRateInput } from "#worker/contracts/market";
import { formatRate } from "#worker/domain/farm-gate-price";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import { refuseUnlessPriceStaff } from "./market-common";

export async function recordExchangeRate(
  input: ExchangeRateInput & { isSample?: boolean },
  deps: Pick<ServiceDeps, "db" | "actor">,
): Promise<Result<{ rate: ExchangeRateRow; created: boolean }>> {
  const refused = refuseUnlessPriceStaff(deps.actor);
  if (refused) return refused;
  const { db, actor } = deps;
  const find = async () => (await exchangeRatesOf(db)).find((r) => r.date === input.date) ?? null;
  const answer = (existing: ExchangeRateRow): Result<{ rate: ExchangeRateRow; created: boolean }> =>
    existing.rateE4 === input.rateE4
      ? ok({ rate: existing, created: false })
      : fail(
          409,
          `A rate of ${formatRate(existing.rateE4)} LRD per USD is already stored for ${input.date}; stored rates are not overwritten`,
        );
  const existing = await find();
  if (existing) return answer(existing);
  const row = {
    id: crypto.randomUUID(),
    date: input.date,
    baseCurrency: "USD",
    quoteCurrency: "LRD",
    rateE4: input.rateE4,
    source: input.source,
    isSample: input.isSample ?? false,
    createdBy: actor.id,
  };
  try {
    await db.batch([
      insertExchangeRate(db, row),
      auditEntry(db, actor, "exchange_rate.record", "exchange_rate", row.id, null, row),
    ]);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const now = await find();
    if (now) return answer(now);
    throw error;
  }
  return ok({ rate: (await find())!, created: true });
}
