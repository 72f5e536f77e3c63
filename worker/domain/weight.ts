/**
 * Weights (docs/decisions/020-weights-and-money.md): stored and computed as integer grams, one unit everywhere
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

/** Gram fields of stored rows and their kilogram names at the API/page edge. */
const KG_NAMES = {
  weightG: "weightKg",
  weightInG: "weightInKg",
  weightOutG: "weightOutKg",
  originWeightG: "originWeightKg",
  capacityG: "capacityKg",
  remainingG: "remainingKg",
  alreadyPurchasedG: "alreadyPurchasedKg",
  gramsPerHectare: "kgPerHectare",
} as const;
type KgNames = typeof KG_NAMES;
type KgValue<V> = V extends number ? number : V;
/** `T` with its gram fields renamed and converted to kilograms (numbers; null stays null). */
export type InKg<T> = { [K in keyof T as K extends keyof KgNames ? KgNames[K] : K]: KgValue<T[K]> };

/**
 * A row with gram fields (`weightG`, `weightInG`, …) as the API and pages show it: the same
 * fields in kilograms under their historical names (`weightKg`, `weightInKg`, …). Other fields unchanged.
 */
export function inKg<T extends object>(row: T): InKg<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const kgName = (KG_NAMES as Record<string, string>)[key];
    if (kgName === undefined) out[key] = value;
    else out[kgName] = typeof value === "number" ? gramsToKg(value) : value;
  }
  return out as InKg<T>;
}
