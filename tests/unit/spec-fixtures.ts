/** Literal values copied from the spec, so tests compare the code against the spec, not itself. */

/** Spec §3: the 15 counties, in this order, each followed by "County". */
export const SPEC_COUNTIES = [
  "Bomi County",
  "Bong County",
  "Gbarpolu County",
  "Grand Bassa County",
  "Grand Cape Mount County",
  "Grand Gedeh County",
  "Grand Kru County",
  "Lofa County",
  "Margibi County",
  "Maryland County",
  "Montserrado County",
  "Nimba County",
  "River Cess County",
  "River Gee County",
  "Sinoe County",
];

/** Spec §9: the offline metrics sample values (with offlineMode true, docs/product.md §7). */
export const SPEC_OFFLINE_METRICS = {
  totalFarms: 150,
  activeFarmers: 120,
  pendingInspections: 25,
  completedInspections: 95,
  offlineMode: true,
};
