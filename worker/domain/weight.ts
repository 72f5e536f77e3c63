/**
 * Weights (PLAN.md "settle in 9"): stored and computed as integer grams, one unit everywhere
 * (columns `*_g INTEGER`). People type and read kilograms; conversion happens only at the edges.
 */
export type Grams = number;

/** Kilograms typed by a person ("125", "125.5", "1,250.125") → grams; null if not a weight with ≤ 3 decimals. */
export function parseKgToGrams(text: string): Grams | null {
  const t = text.trim().replaceAll(",", "");
  const m = /^(\d{1,9})(?:\.(\d{1,3}))?$/.exec(t);
  if (!m) return null;
  return Number(m[1]) * 1000 + Number((m[2] ?? "").padEnd(3, "0"));
}

/** Kilograms as a number, for a JSON reply or a computation that needs kg (exact to the gram). */
export function gramsToKg(grams: Grams): number {
  return grams / 1000;
}

/** A kg value from an API body or old data → grams, rounded to the gram. */
export function kgToGrams(kg: number): Grams {
  return Math.round(kg * 1000);
}

/** "1,250.5 kg" — at most 3 decimals, no trailing zeros. */
export function formatKg(grams: Grams): string {
  const kg = grams / 1000;
  return `${kg.toLocaleString("en-US", { maximumFractionDigits: 3 })} kg`;
}
