/**
 * World market pricing: the forms and API bodies of price points, exchange rates and
 * farm-gate formulas, and the queries of the public reads. Money in integer minor units
 * (worker/domain/money.ts); people type decimals, the page turns them into minor units first.
 */
import { z } from "zod";
import { isIsoDate, PRICE_COMMODITIES, PRICE_RANGES, PRICE_UNITS } from "../domain/market";

export const MARKET_MESSAGES = {
  commodity: "Choose the commodity: cocoa, coffee_arabica, coffee_robusta, rubber or palm_oil",
  date: "Enter the date as YYYY-MM-DD, like 2026-03-14",
  dateFuture: "The date cannot be in the future",
  dateTooOld: "The date must be in 1960 or later",
  source: "Enter the source, like ICCO daily price (2 to 80 characters)",
  unit: "Choose what the price is per: tonne, kg or lb",
  price: "Enter the price in US dollars, a number above 0 with at most 2 decimals, like 8250.50",
  currency: "World prices are recorded in US dollars (USD)",
  range: "Choose the range: 1m, 1y or all",
  rate: "Enter the rate in Liberian dollars per US dollar, like 193.5 (at most 4 decimals)",
  share: "Enter the share of FOB in percent, above 0 and at most 100, like 70",
  costs: "Enter the stated costs in US dollars per kg, 0 or more with at most 2 decimals, like 0.45",
  basis: "Say which regulation or decision states this formula (3 to 200 characters)",
} as const;

/** The highest price a point may carry, in US cents per unit. */
export const MAX_PRICE_MINOR = 100_000_000_00; // US$ 100 million per unit: far above any quote

const date = z
  .string({ error: MARKET_MESSAGES.date })
  .trim()
  .refine(isIsoDate, { message: MARKET_MESSAGES.date, abort: true })
  .refine((d) => d >= "1960-01-01", MARKET_MESSAGES.dateTooOld);
/** A date that has happened (UTC; one day of slack so Monrovia's evening is never refused). */
const pastDate = date.refine(
  (d) => d <= new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10),
  MARKET_MESSAGES.dateFuture,
);
const commodity = z.enum(PRICE_COMMODITIES, { error: MARKET_MESSAGES.commodity });

export const PricePointSchema = z.object({
  commodity,
  date: pastDate,
  source: z
    .string({ error: MARKET_MESSAGES.source })
    .trim()
    .min(2, MARKET_MESSAGES.source)
    .max(80, MARKET_MESSAGES.source),
  unit: z.enum(PRICE_UNITS, { error: MARKET_MESSAGES.unit }),
  amountMinor: z
    .number({ error: MARKET_MESSAGES.price })
    .int(MARKET_MESSAGES.price)
    .min(1, MARKET_MESSAGES.price)
    .max(MAX_PRICE_MINOR, MARKET_MESSAGES.price),
  currency: z.literal("USD", { error: MARKET_MESSAGES.currency }).default("USD"),
});
export type PricePointInput = z.infer<typeof PricePointSchema>;

export const ExchangeRateSchema = z.object({
  date: pastDate,
  /** LRD per 1 USD × 10 000 (193.5 → 1 935 000). */
  rateE4: z
    .number({ error: MARKET_MESSAGES.rate })
    .int(MARKET_MESSAGES.rate)
    .min(1, MARKET_MESSAGES.rate)
    .max(100_000_000_000, MARKET_MESSAGES.rate),
  source: z
    .string({ error: MARKET_MESSAGES.source })
    .trim()
    .min(2, MARKET_MESSAGES.source)
    .max(80, MARKET_MESSAGES.source),
});
export type ExchangeRateInput = z.infer<typeof ExchangeRateSchema>;

export const FarmGateFormulaSchema = z.object({
  commodity,
  effectiveFrom: date,
  /** Basis points: 7000 = 70 %. */
  fobShareBp: z
    .number({ error: MARKET_MESSAGES.share })
    .int(MARKET_MESSAGES.share)
    .min(1, MARKET_MESSAGES.share)
    .max(10_000, MARKET_MESSAGES.share),
  costsPerKgMinor: z
    .number({ error: MARKET_MESSAGES.costs })
    .int(MARKET_MESSAGES.costs)
    .min(0, MARKET_MESSAGES.costs)
    .max(1_000_000, MARKET_MESSAGES.costs),
  basis: z
    .string({ error: MARKET_MESSAGES.basis })
    .trim()
    .min(3, MARKET_MESSAGES.basis)
    .max(200, MARKET_MESSAGES.basis),
});
export type FarmGateFormulaInput = z.infer<typeof FarmGateFormulaSchema>;

export const PriceQuerySchema = z.object({
  commodity: commodity.default("cocoa"),
  range: z.enum(PRICE_RANGES, { error: MARKET_MESSAGES.range }).default("1y"),
});
export const FarmGateQuerySchema = z.object({
  commodity,
  /** The price date; the latest price when left out. */
  date: date.optional(),
});
