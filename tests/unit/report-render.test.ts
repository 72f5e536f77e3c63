/**
 * The oversight report PDF, opened the way a reader opens it: text extracted with
 * poppler's pdftotext, a page rasterised with pdftoppm to see that the chart bars are really
 * painted, metadata read back with pdf-lib. Layout is checked on every page: every drawn box
 * inside the margins, no two text lines overlapping, every chart label inside its chart.
 */

import fontkit from "@pdf-lib/fontkit";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfFonts } from "#worker/domain/pdf/fonts";
import { encodeSubsetNow } from "#worker/domain/pdf/sync-font-subset";
import { type DrawnBox, PAGE } from "#worker/domain/pdf/theme";
import { renderReport } from "#worker/domain/reports/render-report";
import { type DrawnChart, niceStep } from "#worker/domain/reports/report-charts";
import {
  canonicalJson,
  NO_PERSONAL_DATA,
  type ReportData,
  reportDataHash,
} from "#worker/domain/reports/report-content";
import { boxesOverlap, boxLabel, EPS, outsideMargins } from "./pdf-layout-checks";
import { POPPLER, pageTexts, pdfText, rasterise } from "./pdf-tools";
import { exporterData, nationalData } from "./report-fixtures";

const HASH = "3f7a9c0e5b2d4f6a8c1e3b5d7f9a0c2e4b6d8f0a1c3e5b7d9f1a3c5e7b9d0f2a";
const META = { dataHash: HASH, generatedAt: "2026-04-02T08:15:30.000Z" };

/** Every box inside the margins; no two text lines overlapping; every chart label inside its chart. */
function layoutProblems(boxes: DrawnBox[]): string[] {
  const eps = EPS;
  const problems = outsideMargins(boxes);
  const label = boxLabel;
  const overlaps = boxesOverlap;
  const inside = (a: DrawnBox, b: DrawnBox) =>
    a.x >= b.x - eps &&
    a.y >= b.y - eps &&
    a.x + a.width <= b.x + b.width + eps &&
    a.y + a.height <= b.y + b.height + eps;
  const texts = boxes.filter((b) => b.kind === "text");
  const charts = boxes.filter((b) => b.kind === "chart");
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      if (texts[i]!.page === texts[j]!.page && overlaps(texts[i]!, texts[j]!))
        problems.push(`overlap: ${label(texts[i]!)} and ${label(texts[j]!)}`);
    }
  }
  for (const c of charts) {
    for (const t of texts)
      if (t.page === c.page && overlaps(t, c) && !inside(t, c))
        problems.push(`text crosses a chart's edge: ${label(t)} and ${label(c)}`);
  }
  for (let i = 0; i < charts.length; i++) {
    for (let j = i + 1; j < charts.length; j++)
      if (charts[i]!.page === charts[j]!.page && overlaps(charts[i]!, charts[j]!))
        problems.push(`charts overlap: ${label(charts[i]!)} and ${label(charts[j]!)}`);
  }
  return problems;
}

/** Bars and line points inside the chart frame. */
function chartProblems(charts: DrawnChart[]): string[] {
  const eps = 0.01;
  const out: string[] = [];
  for (const c of charts) {
    for (const b of c.bars) {
      if (
        b.x < c.x - eps ||
        b.y < c.y - eps ||
        b.x + b.width > c.x + c.width + eps ||
        b.y + b.height > c.y + c.height + eps
      )
        out.push(`bar outside "${c.title}"`);
    }
    for (const p of c.line)
      if (p.x < c.x || p.x > c.x + c.width || p.y < c.y || p.y > c.y + c.height)
        out.push(`line point outside "${c.title}"`);
  }
  return out;
}

describe("report PDF", () => {
  it("is a valid A4 PDF with the title page facts, metadata and page footers", async () => {
    const data = nationalData();
    const { bytes, pageCount } = await renderReport(data, META);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(pageCount);
    for (const page of doc.getPages()) expect(page.getSize()).toEqual({ width: PAGE.width, height: PAGE.height });
    expect(doc.getTitle()).toBe("National compliance summary — Liberia · 1 Jan 2026 – 31 Mar 2026");
    expect(doc.getKeywords()).toContain(`sha256:${HASH}`);
    expect(doc.getCreationDate()?.toISOString()).toBe(META.generatedAt);
    // Subset fonts keep a report small.
    expect(bytes.length).toBeLessThan(150_000);
  });

  it.skipIf(!POPPLER)(
    "shows the parameters, generation time, data hash, no-personal-data statement and the figures",
    async () => {
      const { bytes, pageCount } = await renderReport(nationalData(), META);
      const text = pdfText(bytes);
      for (const expected of [
        "National compliance summary",
        "Liberia — 1 Jan 2026 – 31 Mar 2026",
        NO_PERSONAL_DATA,
        "Parameters from 2026-01-01, to 2026-03-31",
        "Generated at 2026-04-02 08:15:30 UTC",
        HASH,
        // The renderer prints the published data as it is: suppression is decided before (report-suppression.ts).
        "Farmers registered in the period 4",
        "Farmers registered by the end of the period 5",
        "Land plots recorded in the period 8 plots, 17.50 ha",
        "Plots assessed low risk 4 (50.0 % of plots)",
        "Purchases recorded in the period 3 batches, 2,400 kg",
        "EUDR-compliant batches (by weight) 1,300 kg (50.0 %)",
        "Exports in the period 2 batches, 1,300 kg",
        // The share chart's labels and values.
        "Risk verdicts, share of plots",
        "Low risk 50.0 % · 4 plots",
        "High risk 12.5 % · 1 plots",
        "Compliance status, share of batch weight",
        "Held for review 25.0 % · 650 kg",
        // The monthly chart's title, legend and axis.
        "Purchased and exported tonnes per month",
        "Exported (t)",
        "Purchased (t)",
        "tonnes",
        "Jan 26",
        // The breakdowns.
        "Bong County <5 * * * * * *",
        "Sinoe County 0 0 0.00 ha 0 0 0 kg 0 kg",
        "Cocoa 5 11.00 ha 3 2,000 kg 1,000 kg 1,000 kg",
        "Feb 2026 800 kg 1,000 kg",
        `Page 1 of ${pageCount}`,
      ]) {
        expect(text).toContain(expected);
      }
      // Exporters are named only in the by-exporter report.
      expect(text).not.toContain("By licensed exporter");
    },
  );

  it.skipIf(!POPPLER)(
    'prints withheld rows as the published data marks them: "<5" or "*" in every column, counties and commodities alike',
    async () => {
      const data = nationalData();
      data.byCounty = data.byCounty.map((c) => (c.county === "Lofa County" ? { ...c, mark: "hidden" as const } : c));
      data.byCommodity = data.byCommodity.map((k) =>
        k.commodity === "Coffee" ? { ...k, mark: "small" as const, plots: 0, hectares: 0 } : k,
      );
      const text = pdfText((await renderReport(data, META)).bytes);
      expect(text).toContain("Nimba County 3 6 13.00 ha 4 1 1,800 kg 1,000 kg");
      expect(text).toContain("Bong County <5 * * * * * *");
      expect(text).toContain("Lofa County * * * * * * *");
      expect(text).toContain("Coffee <5 * * * * *");
      expect(text).toContain('"<5": fewer than 5 farmers.');
    },
  );

  it.skipIf(!POPPLER)(
    "a withheld report (a county with fewer than 5 farmers) prints why, and no figure at all",
    async () => {
      const data = {
        ...nationalData(),
        kind: "county" as const,
        scope: "Sinoe County",
        params: { from: "2026-01-01", to: "2026-03-31", county: "Sinoe County" },
        withheld: "small" as const,
        registry: null,
        batches: null,
        purchases: null,
        byCounty: [],
        byCommodity: [],
        monthly: [],
      };
      const text = pdfText((await renderReport(data, META)).bytes);
      expect(text).toContain("Sinoe County has fewer than 5 registered farmers: none of its figures are published");
      for (const absent of ["Land plots", "Deforestation risk of land plots", "Exports in the period", "By commodity"])
        expect(text).not.toContain(absent);
    },
  );

  it("draws the charts as bars with lengths in proportion to the figures, inside their frames and the margins", async () => {
    const { boxes, charts } = await renderReport(nationalData(), META);
    expect(charts.map((c) => [c.kind, c.title])).toEqual([
      ["shares", "Risk verdicts, share of plots"],
      ["shares", "Compliance status, share of batch weight"],
      ["monthly", "Purchased and exported tonnes per month"],
    ]);
    // Every chart is in the drawn-box list, inside the margins.
    expect(boxes.filter((b) => b.kind === "chart").map((b) => b.text)).toEqual(charts.map((c) => c.title));
    expect(layoutProblems(boxes)).toEqual([]);
    expect(chartProblems(charts)).toEqual([]);

    // Risk shares 4 : 2 : 1 : 1 of 8 plots → bar lengths 50 %, 25 %, 12.5 %, 12.5 % of the track.
    const risk = charts[0]!;
    const full = risk.bars[0]!.width / 0.5;
    expect(risk.bars.map((b) => b.value)).toEqual([4, 2, 1, 1]);
    expect(risk.bars.map((b) => Number((b.width / full).toFixed(4)))).toEqual([0.5, 0.25, 0.125, 0.125]);

    // Monthly: export bars 0, 1.0 t, 0.3 t; purchase line 1.2, 0.8, 0.4 t on the same axis.
    const monthly = charts[2]!;
    expect(monthly.bars.map((b) => b.value)).toEqual([0, 1, 0.3]);
    expect(monthly.bars[0]!.height).toBe(0);
    expect(monthly.bars[2]!.height / monthly.bars[1]!.height).toBeCloseTo(0.3, 6);
    expect(monthly.line.map((p) => p.value)).toEqual([1.2, 0.8, 0.4]);
    const base = monthly.bars[1]!.y;
    expect((monthly.line[0]!.y - base) / monthly.bars[1]!.height).toBeCloseTo(1.2, 6);
  });

  it.skipIf(!POPPLER)(
    "paints the bars: the pixels under the low-risk bar are green, past its end the track is pale",
    async () => {
      const { bytes, charts } = await renderReport(nationalData(), META);
      const risk = charts[0]!;
      const { rgbAt } = rasterise(bytes, risk.page + 1);
      const low = risk.bars[0]!;
      const [r, g, b] = rgbAt(low.x + low.width / 2, low.y + low.height / 2);
      expect(g).toBeGreaterThan(r! + 40); // GREEN = rgb(0.05, 0.45, 0.2)
      expect(g).toBeGreaterThan(b! + 20);
      const track = rgbAt(low.x + low.width * 1.5, low.y + low.height / 2);
      expect(Math.min(...track)).toBeGreaterThan(220);
    },
  );

  it.skipIf(!POPPLER)(
    "a five-year by-exporter report with 250 long-named exporters runs over many pages without overflow, the table header repeated",
    async () => {
      const data = exporterData(250);
      const { bytes, pageCount, boxes, charts } = await renderReport(data, META);
      expect(pageCount).toBeGreaterThan(5);
      expect(layoutProblems(boxes)).toEqual([]);
      expect(chartProblems(charts)).toEqual([]);
      // 60 months: one bar each (no purchase line in a by-exporter report), labels thinned so they do not collide.
      const monthly = charts.find((c) => c.kind === "monthly")!;
      expect(monthly.bars).toHaveLength(60);
      expect(monthly.line).toEqual([]);
      const pages = pageTexts(bytes);
      expect(pages).toHaveLength(pageCount);
      const withTable = pages.filter((p) => /Exporter \(company\)/.test(p));
      // The exporter table starts on one page and its header repeats on every page it runs onto.
      expect(withTable.length).toBeGreaterThan(3);
      for (const p of withTable.slice(1)) expect(p).toMatch(/Exports by licensed exporter — continued/);
      const text = pdfText(bytes);
      expect(text).toContain(
        "Exporter Number 250 Agricultural Commodities Trading and Shipping Company of Greater Monrovia Ltd.",
      );
      expect(text).toContain("Exported tonnes per month");
      expect(text).not.toContain("Purchased (t)");
    },
  );

  it("many counties and commodities: long tables stay within the margins", async () => {
    const data = nationalData();
    data.byCounty = [
      ...data.byCounty,
      ...Array.from({ length: 40 }, (_, i) => ({
        ...data.byCounty[0]!,
        county: `Test county ${i} with a very long name that must wrap inside its column`,
      })),
    ];
    data.byCommodity = Array.from({ length: 60 }, (_, i) => ({ ...data.byCommodity[0]!, commodity: `Commodity ${i}` }));
    const { boxes, pageCount } = await renderReport(data, META);
    expect(pageCount).toBeGreaterThan(3);
    expect(layoutProblems(boxes)).toEqual([]);
  });
});

describe("report data hash", () => {
  it("does not depend on key order, and changes with any figure", async () => {
    const a = nationalData();
    const reverseKeys = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(reverseKeys)
        : v && typeof v === "object"
          ? Object.fromEntries(
              Object.entries(v)
                .reverse()
                .map(([k, x]) => [k, reverseKeys(x)]),
            )
          : v;
    const reordered = reverseKeys(a) as ReportData;
    expect(Object.keys(reordered)[0]).toBe("monthly");
    expect(canonicalJson(reordered)).toBe(canonicalJson(a));
    expect(await reportDataHash(reordered)).toBe(await reportDataHash(a));
    const changed = nationalData();
    changed.registry!.farmersRegistered = 5;
    expect(await reportDataHash(changed)).not.toBe(await reportDataHash(a));
    expect(await reportDataHash(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("axis steps are 1, 2, 2.5 or 5 × 10ⁿ", () => {
    expect([niceStep(1.3), niceStep(4), niceStep(9), niceStep(730), niceStep(0)]).toEqual([0.5, 1, 2.5, 200, 1]);
  });
});

/** Runs `work` with setTimeout watched (timers still run) and answers the calls it scheduled. */
async function timersScheduledBy<T>(work: () => Promise<T> | T): Promise<{ result: T; timers: unknown[] }> {
  const timers: unknown[] = [];
  const original = globalThis.setTimeout;
  globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
    timers.push(args);
    return original(...args);
  }) as typeof setTimeout;
  try {
    return { result: await work(), timers };
  } finally {
    globalThis.setTimeout = original;
  }
}

describe("synchronous font subsetting", () => {
  it("a whole report renders without scheduling a timer (safe in waitUntil beside other requests)", async () => {
    await renderReport(nationalData(), META); // fonts decoded and modules loaded first
    const { result, timers } = await timersScheduledBy(() => renderReport(exporterData(40), META));
    expect(result.bytes.length).toBeGreaterThan(1000);
    expect(timers).toHaveLength(0);
  });

  it("gives exactly the bytes of fontkit's stream encoder, without scheduling any timer", async () => {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const font = await doc.embedFont(pdfFonts().bold, { subset: true });
    font.encodeText("Liberia Agriculture — Nimba County, Grand Gedeh; 1,300 kg (50.0 %) ɛ ɔ ŋ é");
    const embedder = (font as unknown as { embedder: { serializeFont(): Promise<Uint8Array> } }).embedder;
    const streamed = await embedder.serializeFont();
    const { result: direct, timers } = await timersScheduledBy(() => encodeSubsetNow(font));
    expect(timers).toEqual([]);
    expect(direct).not.toBeNull();
    expect(direct!.length).toBe(streamed.length);
    expect(Buffer.from(direct!).equals(Buffer.from(streamed))).toBe(true);
  });
});
