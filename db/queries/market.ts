/** World market prices, exchange rates and farm-gate formulas (db/schema/market.ts). */
import { and, asc, desc, eq, gte, inArray, lte, max } from "drizzle-orm";
import type { Database } from "../client";
import { exchangeRates, farmGateFormulas, pricePoints } from "../schema";

export type PricePointRow = typeof pricePoints.$inferSelect;
export type ExchangeRateRow = typeof exchangeRates.$inferSelect;
export type FarmGateFormulaRow = typeof farmGateFormulas.$inferSelect;

/** Most points one series answers (about 20 years of daily prices). */
export const MAX_SERIES_POINTS = 5000;

/** A series from `from` (inclusive, YYYY-MM-DD; null = all), oldest first. */
export function pricePointsOf(db: Database, commodity: string, from: string | null) {
  return db
    .select()
    .from(pricePoints)
    .where(and(eq(pricePoints.commodity, commodity), from ? gte(pricePoints.date, from) : undefined))
    .orderBy(asc(pricePoints.date), asc(pricePoints.source))
    .limit(MAX_SERIES_POINTS);
}

/** The points of a series on one date (one per source). */
export function pricePointsOn(db: Database, commodity: string, date: string) {
  return db
    .select()
    .from(pricePoints)
    .where(and(eq(pricePoints.commodity, commodity), eq(pricePoints.date, date)))
    .orderBy(asc(pricePoints.source));
}

/** The latest point of a series on or before `date` (null date: the latest of all). */
export async function latestPricePoint(db: Database, commodity: string, date: string | null) {
  const rows = await db
    .select()
    .from(pricePoints)
    .where(and(eq(pricePoints.commodity, commodity), date ? lte(pricePoints.date, date) : undefined))
    .orderBy(desc(pricePoints.date), asc(pricePoints.source))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Stores a point. A second point for the same series, date and source fails
 * (price_points_series_date_source_unique) and rolls its whole batch back, audit row included.
 */
export function insertPricePoint(db: Database, row: typeof pricePoints.$inferInsert) {
  return db.insert(pricePoints).values(row);
}

/** The stored points of some series between two dates (inclusive): what an import may repeat. */
export function pricePointsBetween(db: Database, commodities: string[], from: string, to: string) {
  return db
    .select()
    .from(pricePoints)
    .where(and(inArray(pricePoints.commodity, commodities), gte(pricePoints.date, from), lte(pricePoints.date, to)));
}

/** Every USD→LRD rate, oldest first (a few per month at most). */
export function exchangeRatesOf(db: Database, base = "USD", quote = "LRD") {
  return db
    .select()
    .from(exchangeRates)
    .where(and(eq(exchangeRates.baseCurrency, base), eq(exchangeRates.quoteCurrency, quote)))
    .orderBy(asc(exchangeRates.date));
}

export function insertExchangeRate(db: Database, row: typeof exchangeRates.$inferInsert) {
  return db.insert(exchangeRates).values(row);
}

/** Every version of a commodity's formula, oldest first. */
export function formulasOf(db: Database, commodity: string) {
  return db
    .select()
    .from(farmGateFormulas)
    .where(eq(farmGateFormulas.commodity, commodity))
    .orderBy(asc(farmGateFormulas.version));
}

export async function highestFormulaVersion(db: Database, commodity: string) {
  const [row] = await db
    .select({ v: max(farmGateFormulas.version) })
    .from(farmGateFormulas)
    .where(eq(farmGateFormulas.commodity, commodity));
  return row?.v ?? 0;
}

export function insertFormula(db: Database, row: typeof farmGateFormulas.$inferInsert) {
  return db.insert(farmGateFormulas).values(row);
}
