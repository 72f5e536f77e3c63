import { describe, expect, it } from "vitest";
import { publish, publishAlone, publishedText, suppressCounts } from "#worker/domain/suppression";

/** What an outsider learns about hidden rows: the total minus the visible rows. */
function recoverable(counts: number[], s: ReturnType<typeof suppressCounts>) {
  if (s.totalMark) return null;
  const total = counts.reduce((a, b) => a + b, 0);
  return total - counts.reduce((a, n, i) => a + (s.marks[i] ? 0 : n), 0);
}

describe("suppressCounts: small cells and their complement", () => {
  it("shows every count when none is 1–4 (0 is shown)", () => {
    expect(suppressCounts([0, 5, 12])).toEqual({ marks: [null, null, null], totalMark: null });
  });

  it("a single small cell takes the smallest other non-zero cell with it, so the total does not give it away", () => {
    const counts = [3, 20, 7, 0];
    const s = suppressCounts(counts);
    expect(s.marks).toEqual(["small", null, "hidden", null]);
    expect(s.totalMark).toBeNull();
    // Total − visible = 10: the sum of two hidden rows, not the "<5" row alone.
    expect(recoverable(counts, s)).toBe(10);
  });

  it("two small cells summing under 5 hide a third cell", () => {
    const counts = [1, 2, 9, 6];
    const s = suppressCounts(counts);
    expect(s.marks).toEqual(["small", "small", null, "hidden"]);
    expect(recoverable(counts, s)).toBe(9);
  });

  it("two small cells summing to 5 or more are enough", () => {
    expect(suppressCounts([4, 3, 50]).marks).toEqual(["small", "small", null]);
  });

  it("hides the total when no other cell can be hidden", () => {
    expect(suppressCounts([3, 0, 0])).toEqual({ marks: ["small", null, null], totalMark: "small" });
    expect(suppressCounts([2, 1, 0])).toEqual({ marks: ["small", "small", null], totalMark: "small" });
  });

  it("for every table, a small cell is never alone and never recoverable", () => {
    // Exhaustive over small tables: the hidden rows are ≥ 2 and count ≥ 5 farmers together, or the total is hidden.
    for (let a = 0; a < 8; a++)
      for (let b = 0; b < 8; b++)
        for (let c = 0; c < 8; c++) {
          const counts = [a, b, c];
          const s = suppressCounts(counts);
          counts.forEach((n, i) => {
            if (n > 0 && n < 5) expect(s.marks[i]).toBe("small");
          });
          if (s.marks.some(Boolean) && !s.totalMark) {
            expect(s.marks.filter(Boolean).length).toBeGreaterThanOrEqual(2);
            expect(recoverable(counts, s)).toBeGreaterThanOrEqual(5);
          }
        }
  });

  it("publishes marks as text", () => {
    expect(publish(3, "small")).toBe("<5");
    expect(publish(30, "hidden")).toBe("*");
    expect(publish(30, null)).toBe(30);
    expect(publishAlone(4)).toBe("<5");
    expect(publishAlone(0)).toBe(0);
    expect(publishedText(1234, (n) => n.toLocaleString("en-US"))).toBe("1,234");
    expect(publishedText("<5")).toBe("<5");
  });
});
