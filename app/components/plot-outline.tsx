/**
 * A small server-rendered SVG of a plot's outline (or its point): no tiles, no JavaScript, a few
 * hundred bytes. Projected equirectangularly with the longitude scaled by cos(latitude) — exact
 * enough at plot size — and drawn with a scale bar so the size can be read at a glance.
 */
type Position = [number, number];
export type OutlineGeometry =
  | { type: "Point"; coordinates: Position }
  | { type: "Polygon"; coordinates: Position[][] }
  | { type: "MultiPolygon"; coordinates: Position[][][] };

const METRES_PER_DEGREE_LAT = 110_574;
const METRES_PER_DEGREE_LON_EQUATOR = 111_320;

/** The largest 1-2-5 × 10ⁿ length not above `metres`. */
export function niceLength(metres: number) {
  if (!(metres > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(metres));
  const step = [5, 2, 1].find((s) => s * power <= metres) ?? 1;
  return step * power;
}

const formatMetres = (m: number) => (m >= 1000 ? `${m / 1000} km` : `${m} m`);

export function PlotOutline({
  geometry,
  size = 220,
  label = "Plot outline",
}: {
  geometry: OutlineGeometry;
  size?: number;
  label?: string;
}) {
  const pad = 12;
  const bar = 22;
  const inner = size - 2 * pad;
  if (geometry.type === "Point") {
    const [lon, lat] = geometry.coordinates;
    const c = size / 2;
    return (
      <figure className="inline-block">
        <OutlineSvg size={size} label={`${label}: a single point`}>
          <line x1={c - 18} y1={c} x2={c + 18} y2={c} stroke="#64748b" strokeWidth={1} />
          <line x1={c} y1={c - 18} x2={c} y2={c + 18} stroke="#64748b" strokeWidth={1} />
          <circle cx={c} cy={c} r={6} fill="#166534" />
        </OutlineSvg>
        <figcaption className="text-xs text-slate-600">
          Single point at {lat.toFixed(6)}, {lon.toFixed(6)} (no outline)
        </figcaption>
      </figure>
    );
  }
  const polygons = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
  const all = polygons.flat(2);
  const minLon = Math.min(...all.map((p) => p[0]));
  const maxLon = Math.max(...all.map((p) => p[0]));
  const minLat = Math.min(...all.map((p) => p[1]));
  const maxLat = Math.max(...all.map((p) => p[1]));
  const mx = METRES_PER_DEGREE_LON_EQUATOR * Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const widthM = Math.max((maxLon - minLon) * mx, 1e-6);
  const heightM = Math.max((maxLat - minLat) * METRES_PER_DEGREE_LAT, 1e-6);
  const k = Math.min(inner / widthM, (inner - bar) / heightM);
  const offsetX = pad + (inner - widthM * k) / 2;
  const offsetY = pad + (inner - bar - heightM * k) / 2;
  const project = ([lon, lat]: Position) =>
    `${(offsetX + (lon - minLon) * mx * k).toFixed(1)},${(offsetY + (maxLat - lat) * METRES_PER_DEGREE_LAT * k).toFixed(1)}`;
  const d = polygons.flatMap((rings) => rings.map((ring) => `M${ring.map(project).join("L")}Z`)).join("");
  const scaleM = niceLength(inner / 3 / k);
  const scalePx = Math.round(scaleM * k * 10) / 10;
  const y = size - pad;
  return (
    <figure className="inline-block">
      <OutlineSvg size={size} label={label}>
        <path d={d} fill="#16653433" stroke="#166534" strokeWidth={2} strokeLinejoin="round" fillRule="evenodd" />
        <g stroke="#334155" strokeWidth={2}>
          <line x1={pad} y1={y} x2={pad + scalePx} y2={y} />
          <line x1={pad} y1={y - 5} x2={pad} y2={y} />
          <line x1={pad + scalePx} y1={y - 5} x2={pad + scalePx} y2={y} />
        </g>
        <text x={pad + scalePx + 6} y={y} fontSize={11} fill="#334155" dominantBaseline="middle">
          {formatMetres(scaleM)}
        </text>
        <text x={size - pad} y={pad + 4} fontSize={11} fill="#334155" textAnchor="end">
          N ↑
        </text>
      </OutlineSvg>
      <figcaption className="text-xs text-slate-600">Outline, north up; the bar is {formatMetres(scaleM)}.</figcaption>
    </figure>
  );
}

/** The square, labelled drawing area of an outline (a point or a polygon). */
function OutlineSvg({ size, label, children }: { size: number; label: string; children: React.ReactNode }) {
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      width={size}
      height={size}
      role="img"
      aria-label={label}
      className="rounded border border-slate-300 bg-white"
    >
      {children}
    </svg>
  );
}
