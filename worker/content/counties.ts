/** The 15 counties of Liberia, in the order the spec fixes (docs/product.md §3). */
export const COUNTY_NAMES = [
  "Bomi",
  "Bong",
  "Gbarpolu",
  "Grand Bassa",
  "Grand Cape Mount",
  "Grand Gedeh",
  "Grand Kru",
  "Lofa",
  "Margibi",
  "Maryland",
  "Montserrado",
  "Nimba",
  "River Cess",
  "River Gee",
  "Sinoe",
] as const;

export type CountyName = (typeof COUNTY_NAMES)[number];

/** Each county as displayed and stored: the name followed by the word County (docs/product.md §3). */
export const COUNTIES = COUNTY_NAMES.map((name) => `${name} County` as const);
export type County = (typeof COUNTIES)[number];

/** Major cash crops the regulator tracks (docs/eudr-rules.md: EUDR commodities first, then others). */
export const MAJOR_CASH_CROPS = [
  "Cocoa",
  "Coffee",
  "Rubber",
  "Oil Palm",
  "Cashew",
  "Rice",
  "Cassava",
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
  "Timber",
] as const;
