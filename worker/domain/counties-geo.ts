/**
 * Approximate centres of Liberia's 15 counties ([lon, lat], WGS84), used only for the
 * "plot far from the farmer's county" quality warning — not for any legal boundary.
 */
export const COUNTY_CENTRES: Record<string, [number, number]> = {
  "Bomi County": [-10.85, 6.75],
  "Bong County": [-9.55, 6.85],
  "Gbarpolu County": [-10.1, 7.5],
  "Grand Bassa County": [-9.8, 6.2],
  "Grand Cape Mount County": [-11.1, 7.05],
  "Grand Gedeh County": [-8.2, 5.95],
  "Grand Kru County": [-8.2, 4.75],
  "Lofa County": [-9.7, 8.0],
  "Margibi County": [-10.3, 6.5],
  "Maryland County": [-7.7, 4.65],
  "Montserrado County": [-10.6, 6.45],
  "Nimba County": [-8.8, 7.0],
  "River Cess County": [-9.4, 5.75],
  "River Gee County": [-7.9, 5.25],
  "Sinoe County": [-8.7, 5.4],
};

/** Liberia's bounding box (docs/eudr-rules.md): lon −11.5 to −7.3, lat 4.3 to 8.6. */
export const LIBERIA_BBOX = { minLon: -11.5, maxLon: -7.3, minLat: 4.3, maxLat: 8.6 } as const;

/** Largest plausible single plot per crop for a smallholder register (hectares). */
export const PLAUSIBLE_MAX_HECTARES: Record<string, number> = {
  cocoa: 50,
  coffee: 50,
  rubber: 500,
  "oil palm": 500,
  default: 100,
};
