/**
 * The public reads of world market pricing: a commodity's price series over a range,
 * each point with the farm-gate price the regulator's formula gives for it (worker/domain/farm-gate-price.ts),
 * using the formula version and the exchange rate in force on the point's date.
 * No login: farmers check what they are paid against it. Sample data says so (`isSample`).
 */
import type { Database } from "#db/client";
import {
  type ExchangeRateRow,
  exchangeRatesOf,
  type FarmGateFormulaRow,
  formulasOf,
  latestPricePoint,
  type PricePointRow,
  pricePointsOf,
} from "#db/queries/market";
import { describeFarmGate, type FarmGateSteps, farmGatePrice } from "#worker/domain/farm-gate-price";
import { type PriceCommodity, type PriceRange, type PriceUnit, rangeStart } from "#worker/domain/market";
import type { Currency } from "#worker/domain/money";
import type { ServiceDeps } from "../deps";
import { fail, ok, type Result } from "../result";

/**
 * A point's farm-gate price, or why there is none (no formula or exchange rate in force on its
 * date). A field of each point in the reply of GET /api/market/prices, published as
 * `{ ok, reason }`, not a service's answer: the services here answer `Result`.
 */
export type FarmGateView =
  | {
      ok: true;
      lrdPerKgMinor: number;
      steps: FarmGateSteps;
      /** The worked sum, one line per step, with every input. */
      lines: string[];
      formula: Pick<
        FarmGateFormulaRow,
        "version" | "effectiveFrom" | "fobShareBp" | "costsPerKgMinor" | "basis" | "isSample" | "createdAt"
      >;
      rate: Pick<ExchangeRateRow, "date" | "rateE4" | "source" | "isSample">;
      /** Any input is sample data: the result is a sample too. */
      isSample: boolean;
    }
  | { ok: false; reason: string };

export type PriceView = {
  id: string;
  date: string;
  source: string;
  unit: PriceUnit;
  amountMinor: number;
  currency: Currency;
  isSample: boolean;
  farmGate: FarmGateView;
};

type Inputs = { formulas: FarmGateFormulaRow[]; rates: ExchangeRateRow[] };

/** The last entry in force on `date`: the latest `from` on or before it (later versions win ties). */
function inForce<T>(list: T[], from: (t: T) => string, date: string): T | undefined {
  let found: T | undefined;
  for (const item of list) if (from(item) <= date) found = item;
  return found;
}

function farmGateFor(point: PricePointRow, { formulas, rates }: Inputs): FarmGateView {
  const sorted = [...formulas].sort((a, b) =>
    a.effectiveFrom === b.effectiveFrom ? a.version - b.version : a.effectiveFrom < b.effectiveFrom ? -1 : 1,
  );
  const formula = inForce(sorted, (f) => f.effectiveFrom, point.date);
  if (!formula) return { ok: false, reason: `No farm-gate formula was in force on ${point.date}` };
  const rate = inForce(rates, (r) => r.date, point.date);
  if (!rate) return { ok: false, reason: `No USD to LRD exchange rate is stored for ${point.date} or before` };
  const price = { amountMinor: point.amountMinor, currency: "USD" as const, unit: point.unit as PriceUnit };
  const result = farmGatePrice(price, formula, { lrdPerUsdE4: rate.rateE4 });
  if (!result.ok) return { ok: false, reason: result.reason };
  return {
    ok: true,
    lrdPerKgMinor: result.steps.farmGateLrdMinor,
    steps: result.steps,
    lines: describeFarmGate(price, formula, { lrdPerUsdE4: rate.rateE4 }, result.steps),
    formula: {
      version: formula.version,
      effectiveFrom: formula.effectiveFrom,
      fobShareBp: formula.fobShareBp,
      costsPerKgMinor: formula.costsPerKgMinor,
      basis: formula.basis,
      isSample: formula.isSample,
      createdAt: formula.createdAt,
    },
    rate: { date: rate.date, rateE4: rate.rateE4, source: rate.source, isSample: rate.isSample },
    isSample: point.isSample || formula.isSample || rate.isSample,
  };
}

function view(point: PricePointRow, inputs: Inputs): PriceView {
  return {
    id: point.id,
    date: point.date,
    source: point.source,
    unit: point.unit as PriceUnit,
    amountMinor: point.amountMinor,
    currency: point.currency as Currency,
    isSample: point.isSample,
    farmGate: farmGateFor(point, inputs),
  };
}

async function inputsOf(db: Database, commodity: PriceCommodity): Promise<Inputs> {
  const [formulas, rates] = await Promise.all([formulasOf(db, commodity), exchangeRatesOf(db)]);
  return { formulas, rates };
}

export type PriceSeries = {
  commodity: PriceCommodity;
  range: PriceRange;
  /** First date of the range (null: all). */
  from: string | null;
  points: PriceView[];
  /** The latest point of the series, whatever the range. */
  latest: PriceView | null;
  /** Some of what is shown is sample data. */
  hasSample: boolean;
};

/** A series over a range, oldest first, each point with its farm-gate price. */
export async function readPriceSeries(
  input: { commodity: PriceCommodity; range: PriceRange },
  deps: Pick<ServiceDeps, "db" | "now">,
): Promise<PriceSeries> {
  const today = deps.now().toISOString().slice(0, 10);
  const from = rangeStart(input.range, today);
  const [rows, latestRow, inputs] = await Promise.all([
    pricePointsOf(deps.db, input.commodity, from),
    latestPricePoint(deps.db, input.commodity, null),
    inputsOf(deps.db, input.commodity),
  ]);
  const points = rows.map((r) => view(r, inputs));
  const latest = latestRow ? view(latestRow, inputs) : null;
  const hasSample = [...points, ...(latest ? [latest] : [])].some(
    (p) => p.isSample || (p.farmGate.ok && p.farmGate.isSample),
  );
  return { commodity: input.commodity, range: input.range, from, points, latest, hasSample };
}

/** The farm-gate price of the latest world price on or before `date` (or the latest of all). */
export async function readFarmGate(
  input: { commodity: PriceCommodity; date?: string },
  deps: Pick<ServiceDeps, "db">,
): Promise<Result<{ commodity: PriceCommodity; askedDate: string | null; price: PriceView }>> {
  const row = await latestPricePoint(deps.db, input.commodity, input.date ?? null);
  if (!row) {
    return fail(
      404,
      input.date
        ? `No ${input.commodity} world price is stored for ${input.date} or before`
        : `No ${input.commodity} world price is stored yet`,
    );
  }
  const price = view(row, await inputsOf(deps.db, input.commodity));
  return ok({ commodity: input.commodity, askedDate: input.date ?? null, price });
}
