/**
 * Volume plausibility of a purchase (docs/eudr-rules.md "purchase volume above what the plot's
 * area can yield"): produce bought from a set of plots cannot exceed what their area yields for
 * the crop in one season. Above it, the purchase is flagged for inspection — a classic sign of
 * produce from unregistered (possibly deforested) land laundered through registered plots.
 * Pure: yields and earlier purchases come in as arguments.
 */
import { DEFAULT_YIELD_KG_PER_HA } from "./commodities";
import { type Grams, kgToGrams } from "./weight";

export type PlotCapacity = {
  /** Plot area in hectares (from the validated geometry). */
  areaHectares: number;
  /** Grams already bought from this plot in the same season (earlier purchases). */
  alreadyPurchasedG?: Grams;
};

/** Weights in integer grams (ADR 020); the note prints kilograms. */
export type VolumeCheck = {
  /** Whether the check could run: false when no yield figure exists for the crop. */
  checked: boolean;
  flagged: boolean;
  gramsPerHectare: Grams | null;
  totalHectares: number;
  /** Σ area × g/ha, rounded to the gram. */
  capacityG: Grams | null;
  alreadyPurchasedG: Grams;
  /** What the plots could still yield this season (never below 0). */
  remainingG: Grams | null;
  note: string;
};

/**
 * The season a harvest belongs to: the crop year from 1 October to 30 September, as the
 * international cocoa and coffee organisations (ICCO, ICO) count it. It keeps Liberia's cocoa
 * main crop (October–March) and mid crop (May–August) in the same season, like the yearly
 * yield figures. `harvestDate` is yyyy-mm-dd.
 */
export function cropYearOf(harvestDate: string): { label: string; from: string; to: string } {
  const year = Number(harvestDate.slice(0, 4));
  const month = Number(harvestDate.slice(5, 7));
  const start = month >= 10 ? year : year - 1;
  return {
    label: `${start}/${String((start + 1) % 100).padStart(2, "0")}`,
    from: `${start}-10-01`,
    to: `${start + 1}-09-30`,
  };
}

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits });

/**
 * The yield figure for a crop in grams per hectare: a configured override (crop_yields table,
 * grams) wins over the default in worker/domain/commodities.ts (kg/ha); null when neither knows the crop.
 */
export function yieldFor(crop: string, overrides: Record<string, Grams> = {}): Grams | null {
  const key = Object.keys(overrides).find((k) => k.toLowerCase() === crop.toLowerCase());
  if (key !== undefined && overrides[key]! > 0) return overrides[key]!;
  const def = Object.entries(DEFAULT_YIELD_KG_PER_HA).find(([k]) => k.toLowerCase() === crop.toLowerCase());
  return def ? kgToGrams(def[1]) : null;
}

/**
 * Expected maximum = Σ(plot area ha × g/ha for the crop) minus what was already bought from
 * the same plots this season. A purchase above it is flagged, with the figures (in kg) in the note.
 */
export function checkVolumePlausibility(input: {
  crop: string;
  weightG: Grams;
  plots: PlotCapacity[];
  gramsPerHectare: Grams | null;
  /** Season label for the note, e.g. "2025/26" (see cropYearOf). */
  season?: string;
}): VolumeCheck {
  const totalHectares = Math.round(input.plots.reduce((s, p) => s + p.areaHectares, 0) * 10000) / 10000;
  const already = input.plots.reduce((s, p) => s + (p.alreadyPurchasedG ?? 0), 0);
  const y = input.gramsPerHectare;
  if (y === null || !(y > 0)) {
    return {
      checked: false,
      flagged: false,
      gramsPerHectare: null,
      totalHectares,
      capacityG: null,
      alreadyPurchasedG: already,
      remainingG: null,
      note: `Volume not checked: no yield per hectare is configured for ${input.crop}`,
    };
  }
  const capacityG = Math.round(totalHectares * y);
  const remainingG = Math.max(0, capacityG - already);
  const flagged = input.weightG > remainingG;
  const season = input.season ? `in the ${input.season} crop year` : "this season";
  const base = `${fmt(totalHectares, 4)} ha × ${fmt(y / 1000)} kg/ha = ${fmt(capacityG / 1000)} kg ${season}`;
  const earlier =
    already > 0
      ? `, of which ${fmt(already / 1000, 3)} kg already purchased (${fmt(remainingG / 1000, 3)} kg left)`
      : "";
  const note = flagged
    ? `Purchase of ${fmt(input.weightG / 1000, 3)} kg exceeds what the origin plots could yield: ${base}${earlier}. Flagged for inspection.`
    : `Purchase of ${fmt(input.weightG / 1000, 3)} kg is within what the origin plots could yield: ${base}${earlier}.`;
  return {
    checked: true,
    flagged,
    gramsPerHectare: y,
    totalHectares,
    capacityG,
    alreadyPurchasedG: already,
    remainingG,
    note,
  };
}

/**
 * How a purchase's weight (grams) is attributed to its plots when the buyer gives one total: in
 * proportion to each plot's area (its expected share of the yield), in whole grams; the last plot
 * takes the rounding remainder so the shares add up exactly.
 */
export function shareByArea(weightG: Grams, areas: number[]): Grams[] {
  const total = areas.reduce((s, a) => s + a, 0);
  if (!areas.length) return [];
  if (!(total > 0)) return areas.map((_, i) => (i === areas.length - 1 ? weightG : 0));
  const shares = areas.map((a) => Math.round((weightG * a) / total));
  shares[shares.length - 1] = weightG - shares.slice(0, -1).reduce((s, v) => s + v, 0);
  return shares;
}
