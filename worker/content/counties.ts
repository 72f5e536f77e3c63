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

/** Each county as displayed and stored: the name followed by the word County (docs/product.md §3). */
export const COUNTIES = COUNTY_NAMES.map((name) => `${name} County` as const);
export type County = (typeof COUNTIES)[number];
