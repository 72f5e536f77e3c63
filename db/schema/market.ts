/**
 * World market prices and the farm-gate price: dated price
 * points per commodity and source, dated exchange rates, and the regulator's versioned
 * farm-gate formulas. Money in integer minor units with a currency (worker/domain/money.ts).
 * `is_sample`: demo data (ADR 007), printed "sample" wherever it is shown; never real.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

export const pricePoints = sqliteTable(
  "price_points",
  {
    id: text("id").primaryKey(),
    /** The series: one of PRICE_COMMODITIES (worker/domain/market.ts). */
    commodity: text("commodity").notNull(),
    /** The price date, YYYY-MM-DD. */
    date: text("date").notNull(),
    /** Where the price comes from, e.g. "ICCO daily price", "ICO composite indicator". */
    source: text("source").notNull(),
    /** What the amount is per: tonne, kg or lb (PRICE_UNITS). */
    unit: text("unit").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    isSample: integer("is_sample", { mode: "boolean" }).notNull().default(false),
    /** The user who entered or imported it; "price-feed" for the scheduled fetch. */
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  // One price per series, date and source: re-importing a file stores nothing twice.
  (t) => [uniqueIndex("price_points_series_date_source_unique").on(t.commodity, t.date, t.source)],
);

/** A dated exchange rate: LRD per 1 USD × 10 000 (193.5 → 1 935 000). In force from its date. */
export const exchangeRates = sqliteTable(
  "exchange_rates",
  {
    id: text("id").primaryKey(),
    date: text("date").notNull(),
    baseCurrency: text("base_currency").notNull(),
    quoteCurrency: text("quote_currency").notNull(),
    rateE4: integer("rate_e4").notNull(),
    /** Where the rate comes from, e.g. "Central Bank of Liberia". */
    source: text("source").notNull(),
    isSample: integer("is_sample", { mode: "boolean" }).notNull().default(false),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("exchange_rates_pair_date_unique").on(t.baseCurrency, t.quoteCurrency, t.date)],
);

/**
 * The regulator's farm-gate formula per commodity, versioned: a new version never changes an
 * old one, so a farm-gate price of last month is still computed with last month's formula.
 */
export const farmGateFormulas = sqliteTable(
  "farm_gate_formulas",
  {
    id: text("id").primaryKey(),
    commodity: text("commodity").notNull(),
    version: integer("version").notNull(),
    /** In force from this date (YYYY-MM-DD) until a later version's date. */
    effectiveFrom: text("effective_from").notNull(),
    /** Share of FOB in basis points: 7000 = 70 %. */
    fobShareBp: integer("fob_share_bp").notNull(),
    /** Stated costs per kg, in minor units of `currency` (USD). */
    costsPerKgMinor: integer("costs_per_kg_minor").notNull(),
    currency: text("currency").notNull(),
    /** The regulation or decision that states it. */
    basis: text("basis").notNull(),
    isSample: integer("is_sample", { mode: "boolean" }).notNull().default(false),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("farm_gate_formulas_commodity_version_unique").on(t.commodity, t.version),
    index("farm_gate_formulas_commodity_from_idx").on(t.commodity, t.effectiveFrom),
  ],
);
