/**
 * Money (docs/decisions/020-weights-and-money.md): always an integer number of minor units (cents) with its currency,
 * never a float. Liberia trades in US dollars and Liberian dollars; both have 2 minor digits.
 * Database columns: `<name>_minor INTEGER` beside `<name>_currency TEXT` (or one `currency` column).
 */
export const CURRENCIES = ["USD", "LRD"] as const;
export type Currency = (typeof CURRENCIES)[number];
export type Money = { amountMinor: number; currency: Currency };

const SYMBOL: Record<Currency, string> = { USD: "US$", LRD: "L$" };

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

/**
 * Reads an amount typed by a person ("12", "12.5", "1,250.75") into minor units; null when it is
 * not a non-negative amount with at most 2 decimals. No float arithmetic: the digits are joined.
 */
export function parseMinor(text: string): number | null {
  const t = text.trim().replaceAll(",", "");
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** "US$ 1,250.75" — the amount as people read it, with its currency. */
export function formatMoney({ amountMinor, currency }: Money): string {
  const sign = amountMinor < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(amountMinor));
  const whole = Math.floor(abs / 100).toLocaleString("en-US");
  const cents = String(abs % 100).padStart(2, "0");
  return `${sign}${SYMBOL[currency]} ${whole}.${cents}`;
}

/** Price per kg × weight in grams → total in minor units, rounded half up to the cent. */
export function totalForWeight(pricePerKgMinor: number, weightGrams: number): number {
  return Math.round((pricePerKgMinor * weightGrams) / 1000);
}
