/**
 * The crops the regulator tracks ("20+ cash crop types", docs/product.md), EUDR commodities first:
 * the one list that farmers and plots are registered with, lists and reports filter by, and
 * /portals names as the major cash crops. Then the EUDR commodities among them with their Annex I
 * HS headings, and default yields for the volume plausibility check (configurable per crop in the
 * crop_yields table, which overrides these).
 */
export const CROPS = [
  "Cocoa",
  "Coffee",
  "Rubber",
  "Oil Palm",
  "Cassava",
  "Rice",
  "Cashew",
  "Kola Nut",
  "Ginger",
  "Plantain",
  "Pepper",
  "Sugarcane",
  "Coconut",
  "Banana",
  "Pineapple",
  "Groundnut",
  "Cotton",
  "Tobacco",
  "Sweet Potato",
  "Maize",
  "Yam",
  "Citrus",
] as const;
export type Crop = (typeof CROPS)[number];

/** EUDR Annex I commodities grown in Liberia, with the HS heading used on batches and certificates. */
export const EUDR_COMMODITIES = {
  Cocoa: { hsCode: "1801", description: "Cocoa beans, whole or broken, raw or roasted" },
  Coffee: { hsCode: "0901", description: "Coffee, not roasted" },
  Rubber: { hsCode: "4001", description: "Natural rubber" },
  "Oil Palm": { hsCode: "1511", description: "Palm oil and its fractions" },
} as const satisfies Partial<Record<Crop, { hsCode: string; description: string }>>;
export type EudrCommodity = keyof typeof EUDR_COMMODITIES;

export function isEudrCommodity(crop: string): crop is EudrCommodity {
  return Object.hasOwn(EUDR_COMMODITIES, crop);
}

/**
 * Default dry-product yield per hectare per season (kg), generous upper bounds for smallholder
 * farms in West Africa, so a purchase above area × yield is implausible and flagged.
 */
export const DEFAULT_YIELD_KG_PER_HA: Partial<Record<Crop, number>> = {
  Cocoa: 800,
  Coffee: 1000,
  Rubber: 2000,
  "Oil Palm": 20000,
  Cassava: 25000,
  Rice: 5000,
  Cashew: 1500,
  "Kola Nut": 2000,
  Plantain: 15000,
  Banana: 30000,
};

/** The platform's quality scale (docs/product.md §9). */
export const QUALITY_GRADES = ["A+", "A", "B", "C", "D", "F"] as const;
export type QualityGrade = (typeof QUALITY_GRADES)[number];
