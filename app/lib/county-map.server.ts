/**
 * The county choropleth of the DG dashboard, drawn on the server (ADR 024): the 15
 * county polygons of worker/domain/geo/liberia-counties.json (CC BY 3.0 IGO, ADR 016) projected to
 * a small SVG box and simplified (Douglas–Peucker at 0.6 px, then integer-rounded points), once per
 * isolate; d3-scale's scaleQuantize picks one of five shades per county. The page receives finished
 * path strings (≈ 8 KB for the whole country instead of 378 KB), so the map costs no JavaScript.
 */
import { scaleQuantize } from "d3-scale";
import countiesFile from "#worker/domain/geo/liberia-counties.json" with { type: "json" };

/** The credit line SOURCE.md asks for wherever the boundaries are shown. */
export const BOUNDARY_CREDIT =
  "Administrative boundaries: UNMIL / OCHA ROWCA, Liberia COD-AB (HDX), also published by geoBoundaries (Runfola et al. 2020, PLoS ONE 15(4): e0231866). CC BY 3.0 IGO. Modified: topology cleaned, one interior water hole filled, counties dissolved into a national outline; simplified for display.";

export const MAP = { width: 320, height: 330, pad: 4 } as const;
export const SHADES = ["#f1f5f9", "#bbf7d0", "#4ade80", "#15803d", "#14532d"] as const;

type Pt = [number, number];
type Feature = { properties: { county: string }; geometry: { type: string; coordinates: number[][][] } };

function simplify(points: Pt[], tolerance: number): Pt[] {
  if (points.length < 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = points[a]!;
    const [bx, by] = points[b]!;
    const dx = bx - ax;
    const dy = by - ay;
    const len = Math.hypot(dx, dy);
    let far = -1;
    let dist = tolerance;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i]!;
      // A closed ring starts and ends on the same point: then the distance to that point.
      const d = len ? Math.abs(dy * px - dx * py + bx * ay - by * ax) / len : Math.hypot(px - ax, py - ay);
      if (d > dist) {
        dist = d;
        far = i;
      }
    }
    if (far >= 0) {
      keep[far] = 1;
      stack.push([a, far], [far, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

let cached: { county: string; path: string; x: number; y: number }[] | null = null;

/** Each county ("Bong County") with its SVG path and a label point, in the data's order. */
export function countyShapes() {
  if (cached) return cached;
  const features = (countiesFile as unknown as { features: Feature[] }).features;
  let minLon = Infinity;
  let maxLon = -Infinity;
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (const f of features)
    for (const ring of f.geometry.coordinates)
      for (const [lon, lat] of ring) {
        minLon = Math.min(minLon, lon!);
        maxLon = Math.max(maxLon, lon!);
        minLat = Math.min(minLat, lat!);
        maxLat = Math.max(maxLat, lat!);
      }
  const k = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const scale = Math.min(
    (MAP.width - 2 * MAP.pad) / ((maxLon - minLon) * k),
    (MAP.height - 2 * MAP.pad) / (maxLat - minLat),
  );
  const project = ([lon, lat]: number[]): Pt => [
    MAP.pad + (lon! - minLon) * k * scale,
    MAP.pad + (maxLat - lat!) * scale,
  ];
  cached = features.map((f) => {
    let sx = 0;
    let sy = 0;
    let count = 0;
    const path = f.geometry.coordinates
      .map((ring) => {
        const pts = simplify(ring.map(project), 0.6).map(([x, y]) => [Math.round(x), Math.round(y)] as Pt);
        const deduped = pts.filter((p, i) => i === 0 || p[0] !== pts[i - 1]![0] || p[1] !== pts[i - 1]![1]);
        for (const [x, y] of deduped) {
          sx += x;
          sy += y;
          count++;
        }
        return `M${deduped.map(([x, y]) => `${x} ${y}`).join("L")}Z`;
      })
      .join("");
    return {
      county: `${f.properties.county} County`,
      path,
      x: Math.round(sx / Math.max(count, 1)),
      y: Math.round(sy / Math.max(count, 1)),
    };
  });
  return cached;
}

export type CountyMap = {
  measure: string;
  counties: { county: string; path: string; fill: string; value: string }[];
  legend: { fill: string; label: string }[];
};

/** The choropleth of `values` (county → figure); `text` formats a figure for the tooltip and legend. */
export function countyMap(
  measure: string,
  values: Map<string, number>,
  text: (v: number) => string,
  domainMax?: number,
): CountyMap {
  const max = domainMax ?? Math.max(1, ...values.values());
  const shade = scaleQuantize<string>()
    .domain([0, max])
    .range(SHADES.slice(1) as unknown as string[]);
  const legend = [
    { fill: SHADES[0], label: "none" },
    ...shade.range().map((fill) => {
      const [a, b] = shade.invertExtent(fill);
      return { fill, label: `${text(a)} – ${text(b)}` };
    }),
  ];
  return {
    measure,
    legend,
    counties: countyShapes().map((c) => {
      const v = values.get(c.county) ?? 0;
      return { county: c.county, path: c.path, fill: v > 0 ? shade(v) : SHADES[0], value: text(v) };
    }),
  };
}
