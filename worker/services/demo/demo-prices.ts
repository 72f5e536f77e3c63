/**
 * The SAMPLE world prices of the demo (ADR 007: demo mode only): a made-up weekly
 * series per commodity, monthly USD→LRD rates and one farm-gate formula per commodity, all
 * stored through the market services with `isSample`, so the page and the API print "sample"
 * on every point. None of these figures is a real price, rate or regulation.
 */
import type { Database } from "#db/client";
import { formulasOf } from "#db/queries/market";
import { PRICE_COMMODITIES, type PriceCommodity, type PriceUnit } from "#worker/domain/market";
import { importPrices } from "../market/import-prices";
import { recordExchangeRate } from "../market/record-exchange-rate";
import { recordFarmGateFormula } from "../market/record-farm-gate-formula";
import { ACT } from "./demo-farmers";

export const SAMPLE_SOURCE = "Sample series (not a real price)";
export const SAMPLE_RATE_SOURCE = "Sample rate (not a real rate)";
export const SAMPLE_BASIS = "Sample formula for the demo (not a regulation)";

/** Base price (US cents per unit), unit, and the sample formula (share in basis points, costs in US cents per kg). */
const SERIES: Record<PriceCommodity, { base: number; unit: PriceUnit; shareBp: number; costs: number }> = {
  cocoa: { base: 750_000, unit: "tonne", shareBp: 7000, costs: 45 },
  coffee_arabica: { base: 350, unit: "lb", shareBp: 6500, costs: 60 },
  coffee_robusta: { base: 420_000, unit: "tonne", shareBp: 6500, costs: 40 },
  rubber: { base: 170_000, unit: "tonne", shareBp: 6000, costs: 15 },
  palm_oil: { base: 95_000, unit: "tonne", shareBp: 5500, costs: 10 },
};

const DAY = 24 * 3600 * 1000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A smooth made-up wiggle of ±12 %, the same for the same date on every run. */
function sampleAmount(base: number, dayNumber: number, phase: number): number {
  const f = 1 + 0.08 * Math.sin(dayNumber / 47 + phase) + 0.04 * Math.sin(dayNumber / 11 + 2 * phase);
  return Math.max(1, Math.round(base * f));
}

export async function seedSamplePrices(deps: { db: Database; now: Date }) {
  const { db } = deps;
  const actor = ACT.office;
  const today = Date.UTC(deps.now.getUTCFullYear(), deps.now.getUTCMonth(), deps.now.getUTCDate());
  // Mondays, so a re-run in the same week finds the same dates (and stores nothing twice).
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
  const problems: string[] = [];

  // 1. A sample formula per commodity (only when the commodity has none).
  const from = iso(monday - 800 * DAY);
  for (const commodity of PRICE_COMMODITIES) {
    if ((await formulasOf(db, commodity)).length) continue;
    const s = SERIES[commodity];
    const r = await recordFarmGateFormula(
      {
        commodity,
        effectiveFrom: from,
        fobShareBp: s.shareBp,
        costsPerKgMinor: s.costs,
        basis: SAMPLE_BASIS,
        isSample: true,
      },
      { db, actor },
    );
    if (!r.ok) problems.push(`Sample formula for ${commodity}: ${r.message}`);
  }

  // 2. Monthly sample rates (first of the month), from before the first price.
  const start = new Date(monday - 790 * DAY);
  for (let d = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1); d <= today; ) {
    const day = Math.floor(d / DAY);
    const rateE4 = 1_900_000 + Math.round(60_000 * Math.sin(day / 90)) + (day % 7) * 1250;
    const r = await recordExchangeRate(
      { date: iso(d), rateE4, source: SAMPLE_RATE_SOURCE, isSample: true },
      { db, actor },
    );
    if (!r.ok && r.status !== 409) problems.push(`Sample rate ${iso(d)}: ${r.message}`);
    const next = new Date(d);
    next.setUTCMonth(next.getUTCMonth() + 1);
    d = next.getTime();
  }

  // 3. Weekly sample prices over two years, through the CSV import (the same rules as staff files).
  const lines = ["commodity,date,source,unit,price,currency"];
  PRICE_COMMODITIES.forEach((commodity, phase) => {
    const s = SERIES[commodity];
    for (let week = 104; week >= 0; week--) {
      const ms = monday - week * 7 * DAY;
      const cents = sampleAmount(s.base, Math.floor(ms / DAY), phase);
      lines.push(`${commodity},${iso(ms)},${SAMPLE_SOURCE},${s.unit},${(cents / 100).toFixed(2)},USD`);
    }
  });
  const imported = await importPrices(
    { fileName: "sample-world-prices.csv", text: lines.join("\n"), isSample: true },
    { db, actor },
  );
  if (!imported.ok) problems.push(`Sample prices: ${imported.message}`);
  else if (imported.value.errors.length) {
    problems.push(`Sample prices: ${imported.value.errors.map((e) => `line ${e.line}: ${e.reason}`).join("; ")}`);
  }
  return { prices: imported.ok ? imported.value.stored : 0, problems };
}
