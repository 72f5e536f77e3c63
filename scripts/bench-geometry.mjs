// Plot validation benchmarks, in-process on Node 22 (the validator is pure code, so
// its CPU time here is what a Worker spends): validation time at 100, 1,000 and the cap's number
// of vertices, and the time to place 10,000 points against the borders (Liberia + county).
// Run alone with `node scripts/bench-geometry.mjs` (through npm/npx for Node 22) or as part of
// `npm run bench`. Figures are printed, never asserted.
import { performance } from "node:perf_hooks";
import { countyAt, isInLiberia, loadBorders } from "../worker/domain/geo/borders.ts";
import { MAX_VERTICES, validatePlotText } from "../worker/domain/validate-geometry.ts";

/** A GPS-walk-like ring round a farm near Gbarnga: n vertices, radius wobbling 5 %, 6 decimals. */
function walk(n) {
  const ring = [];
  for (let i = 0; i < n - 1; i++) {
    const a = (2 * Math.PI * i) / (n - 1);
    const r = 0.004 * (1 + 0.05 * Math.sin(7 * a));
    ring.push([(-9.47 + r * Math.cos(a)).toFixed(6), (7.0 + r * Math.sin(a)).toFixed(6)]);
  }
  ring.push(ring[0]);
  return `{"type":"Polygon","coordinates":[[${ring.map(([x, y]) => `[${x},${y}]`).join(",")}]]}`;
}

function median(times) {
  const s = [...times].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export async function geometryBench() {
  let t = performance.now();
  loadBorders();
  console.log(`\nPlot validation, Node ${process.versions.node}, in-process`);
  console.log(`border + county index built once per isolate: ${(performance.now() - t).toFixed(1)} ms`);
  console.log("vertices   median ms   max ms   valid");
  for (const n of [100, 1_000, MAX_VERTICES]) {
    const text = walk(n);
    validatePlotText(text, { crop: "Rubber" }); // warm-up
    const times = [];
    let valid = true;
    for (let i = 0; i < 15; i++) {
      t = performance.now();
      valid = validatePlotText(text, { crop: "Rubber" }).valid && valid;
      times.push(performance.now() - t);
    }
    console.log(
      `${String(n).padStart(8)}   ${median(times).toFixed(2).padStart(9)}   ${Math.max(...times)
        .toFixed(2)
        .padStart(6)}   ${valid}`,
    );
  }
  let seed = 42;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const points = Array.from({ length: 10_000 }, () => [-11.5 + 4.2 * rand(), 4.3 + 4.3 * rand()]);
  t = performance.now();
  let inside = 0;
  for (const [lon, lat] of points) if (isInLiberia(lon, lat) && countyAt(lon, lat)) inside++;
  const ms = performance.now() - t;
  console.log(
    `10,000 points against the borders (in Liberia? which county?): ${ms.toFixed(1)} ms (${((ms * 1000) / 10_000).toFixed(1)} µs each; ${inside} inside)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await geometryBench();
