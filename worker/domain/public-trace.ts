/**
 * What the public trace page (/qr/{batchCode}) may show about where a batch came from: never a
 * farmer's exact plot. Plot positions are coarsened to a 0.1° grid (≈ 11 km cells in Liberia)
 * and shown as cells with a count of plots, so a cell names a district-sized area, not a farm.
 */

/** Size of an origin cell, in degrees. */
export const ORIGIN_CELL_DEGREES = 0.1;

export type OriginCell = {
  /** South-west corner of the cell, one decimal (a multiple of 0.1°). */
  west: number;
  south: number;
  /** How many origin plots fall in the cell. */
  plots: number;
};

/**
 * Groups plot positions (e.g. bounding-box centres) into 0.1° cells. Works in integer tenths so
 * the output carries no trace of the input's decimals.
 */
export function coarsenOrigins(points: { lon: number; lat: number }[]): OriginCell[] {
  const cells = new Map<string, OriginCell>();
  for (const p of points) {
    if (!Number.isFinite(p.lon) || !Number.isFinite(p.lat)) continue;
    const x = Math.floor(p.lon * 10 + 1e-9);
    const y = Math.floor(p.lat * 10 + 1e-9);
    const key = `${x}:${y}`;
    const cell = cells.get(key) ?? { west: x / 10, south: y / 10, plots: 0 };
    cell.plots += 1;
    cells.set(key, cell);
  }
  return [...cells.values()].sort((a, b) => b.south - a.south || a.west - b.west);
}

/**
 * A simplified outline of Liberia ([lon, lat]) for the origin map's background: accurate to a
 * few kilometres, drawn only so the cells have a recognisable frame — not a legal boundary.
 */
export const LIBERIA_OUTLINE: [number, number][] = [
  [-11.49, 6.92],
  [-11.33, 7.25],
  [-11.07, 7.41],
  [-10.81, 7.68],
  [-10.62, 7.96],
  [-10.5, 8.2],
  [-10.28, 8.49],
  [-10.05, 8.42],
  [-9.75, 8.54],
  [-9.47, 8.38],
  [-9.36, 7.98],
  [-9.18, 7.68],
  [-8.93, 7.74],
  [-8.72, 7.69],
  [-8.47, 7.56],
  [-8.33, 6.93],
  [-8.2, 6.55],
  [-7.87, 6.2],
  [-7.57, 5.9],
  [-7.38, 5.45],
  [-7.47, 4.82],
  [-7.53, 4.35],
  [-7.97, 4.41],
  [-8.55, 4.74],
  [-9.12, 5.12],
  [-9.76, 5.63],
  [-10.37, 6.05],
  [-10.81, 6.44],
  [-11.2, 6.68],
  [-11.49, 6.92],
];
