import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { niceLength, PlotOutline } from "#app/components/plot-outline";
import { clearDraft, latestDraft, saveDraft } from "#app/lib/plot-draft";
import { MemoryStorage } from "./memory-storage";

describe("PlotOutline", () => {
  it("draws a ≈141 m square with north up and a 1-2-5 scale bar", () => {
    const html = renderToString(
      <PlotOutline
        size={220}
        geometry={{
          type: "Polygon",
          coordinates: [
            [
              [-8.601234, 7.201234],
              [-8.599957, 7.201234],
              [-8.599957, 7.199955],
              [-8.601234, 7.199955],
              [-8.601234, 7.201234],
            ],
          ],
        }}
      />,
    ).replace(/<!-- -->/g, "");
    const d = html.match(/ d="M([^"]+)Z"/)![1]!;
    const points = d.split("L").map((p) => p.split(",").map(Number));
    expect(points).toHaveLength(5);
    const xs = points.map((p) => p[0]!);
    const ys = points.map((p) => p[1]!);
    // A square stays square (cos(latitude) scaling) and north (the first, northern edge) is up.
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(Math.max(...ys) - Math.min(...ys), -0.5);
    expect(points[0]![1]).toBeLessThan(points[2]![1]!);
    expect(html).toContain("the bar is 50 m");
    expect(html).not.toContain("<script");
  });

  it("shows a point as a marker with its coordinates", () => {
    const html = renderToString(
      <PlotOutline geometry={{ type: "Point", coordinates: [-8.589123, 7.215678] }} />,
    ).replace(/<!-- -->/g, "");
    expect(html).toContain("Single point at 7.215678, -8.589123");
  });

  it("picks round scale lengths", () => {
    expect([niceLength(0.7), niceLength(3), niceLength(47), niceLength(180), niceLength(1999)]).toEqual([
      0.5, 2, 20, 100, 1000,
    ]);
  });
});

describe("plot drafts on the phone", () => {
  it("keeps the newest draft other than the current form's, and clears it once saved", () => {
    const storage = new MemoryStorage();
    saveDraft(
      { submissionId: "old-1", savedAt: "2026-03-01T10:00:00.000Z", values: { coordinates: "7.201234, -8.601234" } },
      storage,
    );
    saveDraft(
      { submissionId: "new-2", savedAt: "2026-03-02T10:00:00.000Z", values: { coordinates: "7.301234, -8.601234" } },
      storage,
    );
    saveDraft({ submissionId: "current", savedAt: "2026-03-03T10:00:00.000Z", values: {} }, storage);
    expect(latestDraft("current", storage)?.submissionId).toBe("new-2");
    clearDraft("new-2", storage);
    expect(latestDraft("current", storage)?.submissionId).toBe("old-1");
  });
});
