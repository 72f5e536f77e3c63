import { rgb } from "pdf-lib";
import type { PlotGeometry, Position } from "../validate-geometry";
import type { Layout } from "./layout";
import { GREEN, INK, RED, RULE } from "./theme";

/**
 * A plot's outline drawn to scale in a `w`×`h` box (top-left at x, top), north up, with a
 * scale bar. Longitude is scaled by cos(latitude) so shapes keep their true proportions.
 * A point plot is drawn as a marker inside a circle of its declared area.
 * Returns the scale bar's length in metres, for the caption.
 */
export function drawPlotMap(
  l: Layout,
  geometry: PlotGeometry,
  areaHectares: number,
  x: number,
  top: number,
  w: number,
  h: number,
): number {
  const page = l.page;
  page.drawRectangle({
    x,
    y: top - h,
    width: w,
    height: h,
    color: rgb(0.97, 0.98, 0.96),
    borderColor: RULE,
    borderWidth: 0.6,
  });
  const pad = 10;
  const rings: Position[][] =
    geometry.type === "Point" ? [] : geometry.type === "Polygon" ? geometry.coordinates : geometry.coordinates.flat();
  const all = geometry.type === "Point" ? [geometry.coordinates] : rings.flat();
  const lat0 = all.reduce((s, p) => s + p[1], 0) / all.length;
  const k = Math.cos((lat0 * Math.PI) / 180);
  const M_PER_DEG = 111_320;
  // Work in metres east/north of the south-west corner.
  const minLon = Math.min(...all.map((p) => p[0]));
  const minLat = Math.min(...all.map((p) => p[1]));
  const toM = (p: Position): [number, number] => [(p[0] - minLon) * k * M_PER_DEG, (p[1] - minLat) * M_PER_DEG];
  let spanX: number;
  let spanY: number;
  let cx = 0;
  let cy = 0;
  const radiusM = Math.sqrt((Math.max(areaHectares, 0.0001) * 10_000) / Math.PI);
  if (geometry.type === "Point") {
    spanX = spanY = radiusM * 2 * 1.6;
  } else {
    const ms = all.map(toM);
    spanX = Math.max(...ms.map((p) => p[0]), 1);
    spanY = Math.max(...ms.map((p) => p[1]), 1);
  }
  const scale = Math.min((w - 2 * pad) / spanX, (h - 2 * pad - 12) / spanY); // points per metre
  const offX = x + (w - spanX * scale) / 2;
  const offY = top - h + 12 + pad + (h - 2 * pad - 12 - spanY * scale) / 2; // bottom of the drawing
  if (geometry.type === "Point") {
    cx = offX + (spanX * scale) / 2;
    cy = offY + (spanY * scale) / 2;
    page.drawCircle({
      x: cx,
      y: cy,
      size: radiusM * scale,
      color: rgb(0.82, 0.9, 0.8),
      borderColor: GREEN,
      borderWidth: 0.8,
      borderDashArray: [2, 2],
    });
    page.drawCircle({ x: cx, y: cy, size: 2.2, color: RED });
  } else {
    const path = rings
      .map(
        (r) =>
          `${r
            .map((p, i) => {
              const [mx, my] = toM(p);
              // SVG paths run y downwards from the anchor (x, top of the drawing).
              return `${i ? "L" : "M"} ${(offX - x + mx * scale).toFixed(2)} ${(spanY * scale - my * scale).toFixed(2)}`;
            })
            .join(" ")} Z`,
      )
      .join(" ");
    page.drawSvgPath(path, {
      x,
      y: offY + spanY * scale,
      color: rgb(0.82, 0.9, 0.8),
      borderColor: GREEN,
      borderWidth: 0.9,
    });
  }
  // Scale bar: the largest round length up to 40% of the box width.
  const maxM = (w * 0.4) / scale;
  const steps = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000];
  const barM = [...steps].reverse().find((s) => s <= maxM) ?? 1;
  const bx = x + 6;
  const by = top - h + 7;
  page.drawLine({ start: { x: bx, y: by }, end: { x: bx + barM * scale, y: by }, thickness: 1.2, color: INK });
  page.drawLine({ start: { x: bx, y: by - 2 }, end: { x: bx, y: by + 2 }, thickness: 0.8, color: INK });
  page.drawLine({
    start: { x: bx + barM * scale, y: by - 2 },
    end: { x: bx + barM * scale, y: by + 2 },
    thickness: 0.8,
    color: INK,
  });
  // North arrow in the top-right corner.
  const nx = x + w - 8;
  const ny = top - 6;
  page.drawSvgPath("M 0 0 L 3 8 L -3 8 Z", { x: nx, y: ny, color: INK });
  l.boxes.push({ page: l.pageIndex, kind: "map", x, y: top - h, width: w, height: h });
  return barM;
}
