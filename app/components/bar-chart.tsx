import type { BarChart } from "../lib/bar-chart.server";

const TONES = ["fill-green-700", "fill-sky-700", "fill-amber-600"];

/**
 * A bar chart drawn on the server (lib/bar-chart.server.ts, 360 units wide): finished rectangles
 * and labels, no client JavaScript. The page prints a table of the same figures beside it.
 * `id` names the chart's <title> (the svg is labelled by it); nothing is drawn without a chart.
 */
export function Bars({ chart, title, id }: { chart: BarChart | null; title: string; id: string }) {
  if (!chart) return null;
  return (
    <svg viewBox={`0 0 360 ${chart.height}`} className="mt-2 h-auto w-full max-w-md" role="img" aria-labelledby={id}>
      <title id={id}>{title}</title>
      {chart.bars.map((b) => (
        <g key={`${b.label}-${b.y}`}>
          <text x={b.x - 6} y={b.y + b.h / 2 + 4} textAnchor="end" className="fill-slate-800 text-[11px]">
            {b.label.length > 15 ? `${b.label.slice(0, 14)}…` : b.label}
          </text>
          <rect x={b.x} y={b.y} width={b.w} height={b.h} className={TONES[b.tone] ?? TONES[0]} />
          <text x={b.x + b.w + 4} y={b.y + b.h / 2 + 4} className="fill-slate-900 text-[11px]">
            {b.value}
          </text>
        </g>
      ))}
    </svg>
  );
}
