/**
 * World market prices: the commodities with a price series,
 * the units a price is quoted per, and the chart ranges. Plain data shared by the services, the
 * contracts and the page.
 */
export const PRICE_COMMODITIES = ["cocoa", "coffee_arabica", "coffee_robusta", "rubber", "palm_oil"] as const;
export type PriceCommodity = (typeof PRICE_COMMODITIES)[number];

export const PRICE_COMMODITY_LABEL: Record<PriceCommodity, string> = {
  cocoa: "Cocoa",
  coffee_arabica: "Coffee (arabica)",
  coffee_robusta: "Coffee (robusta)",
  rubber: "Rubber",
  palm_oil: "Palm oil",
};

/** Units a world price is quoted per. The ICO indicators are per pound, ICCO and exchanges per tonne. */
export const PRICE_UNITS = ["tonne", "kg", "lb"] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];
export const PRICE_UNIT_LABEL: Record<PriceUnit, string> = { tonne: "per tonne", kg: "per kg", lb: "per lb" };

/** Chart ranges of the page and the API (`range=`): the last month, the last year, everything. */
export const PRICE_RANGES = ["1m", "1y", "all"] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];
export const PRICE_RANGE_LABEL: Record<PriceRange, string> = { "1m": "1 month", "1y": "1 year", all: "All" };

/** The first date (YYYY-MM-DD) inside `range` on `today`; null for "all". */
export function rangeStart(range: PriceRange, today: string): string | null {
  if (range === "all") return null;
  const d = new Date(`${today}T00:00:00Z`);
  if (range === "1m") d.setUTCMonth(d.getUTCMonth() - 1);
  else d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d.toISOString().slice(0, 10);
}

export function isPriceCommodity(value: unknown): value is PriceCommodity {
  return typeof value === "string" && (PRICE_COMMODITIES as readonly string[]).includes(value);
}

/** Commodity names as people write them in a CSV ("Coffee (robusta)", "palm oil", "cocoa"). */
export function priceCommodityOf(text: string): PriceCommodity | null {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/[()]/g, " ")
    .trim()
    .replace(/[\s-]+/g, "_");
  if (isPriceCommodity(t)) return t;
  const found = PRICE_COMMODITIES.find((c) => PRICE_COMMODITY_LABEL[c].toLowerCase() === text.trim().toLowerCase());
  return found ?? null;
}

/** "per tonne", "t", "/t", "tonne", "kg", "lb" → the unit; null otherwise. */
export function priceUnitOf(text: string): PriceUnit | null {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/^(per\s+|\/)/, "");
  if (t === "t" || t === "tonne" || t === "ton" || t === "mt" || t === "metric ton") return "tonne";
  if (t === "kg" || t === "kilogram") return "kg";
  if (t === "lb" || t === "lbs" || t === "pound") return "lb";
  return null;
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}
