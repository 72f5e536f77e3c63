import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  describeFarmGate,
  farmGatePrice,
  formatRate,
  formatShare,
  parseRateE4,
  parseShareBp,
} from "#worker/domain/farm-gate-price";
import { rangeStart } from "#worker/domain/market";
import { parsePriceCsv } from "#worker/domain/price-rows";
import { feedReplyToCsv, httpPriceFeed } from "#worker/services/market/price-feed";

/** The farm-gate sum for a world price in US cents per `unit`, a formula and an LRD rate. */
const usdFarmGate = (
  [amountMinor, unit]: [number, "tonne" | "lb" | "kg"],
  [fobShareBp, costsPerKgMinor]: [number, number],
  lrdPerUsdE4: number,
) => farmGatePrice({ amountMinor, currency: "USD", unit }, { fobShareBp, costsPerKgMinor }, { lrdPerUsdE4 });
/** The steps of that sum, or false when it is refused. */
const stepsOf = (...args: Parameters<typeof usdFarmGate>) => {
  const r = usdFarmGate(...args);
  return r.ok && r.steps;
};

describe("farm-gate price: worked figures (each step rounded half up to the cent)", () => {
  it("cocoa: US$ 8,000.00/t × 70 % − US$ 0.45 × 193.5 LRD = L$ 996.53 per kg", () => {
    // 800 000 c/t ÷ 1000 = 800 c/kg; × 0.70 = 560; − 45 = 515; × 193.5 = 99 652.5 → 99 653 (half up).
    expect(usdFarmGate([800_000, "tonne"], [7000, 45], 1_935_000)).toEqual({
      ok: true,
      steps: { worldPerKgMinor: 800, shareMinor: 560, netUsdMinor: 515, farmGateLrdMinor: 99_653 },
    });
  });

  it("robusta: US$ 4,512.34/t × 62.5 % − US$ 0.30 × 190.2525 LRD", () => {
    // 451 234 / 1000 = 451.234 → 451; × 0.625 = 281.875 → 282; − 30 = 252; × 190.2525 = 47 943.63 → 47 944.
    expect(stepsOf([451_234, "tonne"], [6250, 30], 1_902_525)).toEqual({
      worldPerKgMinor: 451,
      shareMinor: 282,
      netUsdMinor: 252,
      farmGateLrdMinor: 47_944,
    });
  });

  it("arabica quoted per pound: US$ 3.85/lb is US$ 8.49 per kg (1 lb = 0.45359237 kg)", () => {
    // 385 / 0.45359237 = 848.78 → 849; × 0.65 = 551.85 → 552; − 60 = 492; × 193.5 = 95 202.
    expect(stepsOf([385, "lb"], [6500, 60], 1_935_000)).toEqual({
      worldPerKgMinor: 849,
      shareMinor: 552,
      netUsdMinor: 492,
      farmGateLrdMinor: 95_202,
    });
  });

  it("a price per kg needs no conversion; exact halves round up", () => {
    // 101 × 0.5 = 50.5 → 51; × 1.5 = 76.5 → 77.
    expect(stepsOf([101, "kg"], [5000, 0], 15_000)).toEqual({
      worldPerKgMinor: 101,
      shareMinor: 51,
      netUsdMinor: 51,
      farmGateLrdMinor: 77,
    });
  });

  it("refuses costs that eat the whole share, and nonsense inputs", () => {
    expect(usdFarmGate([100_000, "tonne"], [5000, 50], 1)).toEqual({
      ok: false,
      reason: "The stated costs are as large as the share of the world price",
    });
    expect(usdFarmGate([1.5, "kg"], [5000, 0], 1).ok).toBe(false);
    expect(usdFarmGate([100, "kg"], [10_001, 0], 1).ok).toBe(false);
    expect(usdFarmGate([100, "kg"], [5000, 0], 0).ok).toBe(false);
  });

  it("prints every input and step, so the sum can be redone by hand", () => {
    const price = { amountMinor: 800_000, currency: "USD" as const, unit: "tonne" as const };
    const formula = { fobShareBp: 7000, costsPerKgMinor: 45 };
    const rate = { lrdPerUsdE4: 1_935_000 };
    const r = farmGatePrice(price, formula, rate);
    expect(r.ok && describeFarmGate(price, formula, rate, r.steps)).toEqual([
      "World price US$ 8,000.00 per tonne = US$ 8.00 per kg",
      "× share of FOB 70 % = US$ 5.60 per kg",
      "− stated costs US$ 0.45 per kg = US$ 5.15 per kg",
      "× 193.5000 LRD per USD = L$ 996.53 per kg",
    ]);
  });

  it("reads and prints shares and rates without floats", () => {
    expect(parseShareBp("70")).toBe(7000);
    expect(parseShareBp("62.5 %")).toBe(6250);
    expect(parseShareBp("0")).toBeNull();
    expect(parseShareBp("100.01")).toBeNull();
    expect(parseRateE4("193.5")).toBe(1_935_000);
    expect(parseRateE4("1,193.1234")).toBe(11_931_234);
    expect(parseRateE4("193.12345")).toBeNull();
    expect(formatShare(6250)).toBe("62.5 %");
    expect(formatRate(1_935_000)).toBe("193.5000");
  });

  it("ranges: one month and one year back from today; all has no start", () => {
    expect(rangeStart("1m", "2026-03-31")).toBe("2026-03-03");
    expect(rangeStart("1y", "2026-03-04")).toBe("2025-03-04");
    expect(rangeStart("all", "2026-03-04")).toBeNull();
  });
});

describe("price CSV and the price feed adapter (recorded reply, never a live call)", () => {
  it("reads lines with their line numbers; blank lines do not shift them", () => {
    const parsed = parsePriceCsv(
      "commodity,date,source,unit,price,currency\ncocoa,2026-03-02,ICCO daily price,per tonne,8250.50,USD\n\nCoffee (robusta),2026-03-02,ICE,t,4510,usd\nrubber,2026-03-02,SGX\n",
    );
    expect(parsed.lines.map((l) => [l.line, l.value.commodity, l.value.unit, l.value.amountMinor])).toEqual([
      [2, "cocoa", "tonne", 825_050],
      [4, "coffee_robusta", "tonne", 451_000],
    ]);
    expect(parsed.errors).toEqual([{ line: 5, reason: "The line has 3 fields; the header has 6" }]);
  });

  it("refuses a header without the needed columns", () => {
    expect(parsePriceCsv("commodity,date\ncocoa,2026-03-02").errors).toEqual([
      { line: 1, reason: "The header lacks the columns source, unit, price" },
    ]);
  });

  it("turns the recorded JSON reply into the import's CSV", async () => {
    const body = readFileSync("tests/fixtures/price-feed/reply.json", "utf8");
    const calls: string[] = [];
    const fetcher = (async (url: string) => {
      calls.push(String(url));
      return new Response(body, { headers: { "Content-Type": "application/json" } });
    }) as unknown as typeof fetch;
    const feed = httpPriceFeed("https://prices.example.invalid/daily", fetcher);
    const reply = await feed.fetchPrices();
    expect(calls).toEqual(["https://prices.example.invalid/daily"]);
    const csv = feedReplyToCsv(reply)!;
    const parsed = parsePriceCsv(csv);
    expect(parsed.errors).toEqual([]);
    expect(parsed.lines).toHaveLength(5);
    // The source with a comma survives the CSV round trip.
    expect(parsed.lines[4]!.value).toMatchObject({
      source: "SGX TSR20, settlement",
      amountMinor: 170_225,
      unit: "tonne",
    });
    expect(parsed.lines[2]!.value).toMatchObject({ commodity: "coffee_arabica", unit: "lb", amountMinor: 385 });
  });

  it("says so when the feed answers an error or an unknown shape", async () => {
    const down = httpPriceFeed(
      "https://prices.example.invalid/",
      (async () => new Response("no", { status: 503 })) as never,
    );
    await expect(down.fetchPrices()).rejects.toThrow("The price feed answered HTTP 503");
    expect(feedReplyToCsv({ contentType: "application/json", body: '{"data":[]}' })).toBeNull();
    expect(feedReplyToCsv({ contentType: "text/csv", body: "a,b" })).toBe("a,b");
  });
});
