/**
 * mulberry32: a small seeded random number generator, so benchmarks and tests draw the same
 * sequence on every run (the benchmark registry, the offline journeys' connection cuts).
 *
 * Run directly by Node's type stripping: erasable TypeScript only.
 */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
