/** The bounding box of some positions (x = longitude, y = latitude): `[minX, minY, maxX, maxY]`. */
export function boundsOf(points: Iterable<readonly number[]>): [number, number, number, number] {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    x0 = Math.min(x0, x!);
    y0 = Math.min(y0, y!);
    x1 = Math.max(x1, x!);
    y1 = Math.max(y1, y!);
  }
  return [x0, y0, x1, y1];
}
