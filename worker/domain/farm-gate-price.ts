/**
 * The official farm-gate price: what a farmer should be paid
 * per kg, computed from the world price by the regulator's stated formula —
 *
 *   farm-gate (LRD/kg) = (world price per kg × share of FOB − stated costs per kg) × LRD per USD
 *
 * Integer arithmetic only (worker/domain/money.ts): money in minor units (cents), the share in
 * basis points (7000 = 70.00 %), the exchange rate in ten-thousandths of a Liberian dollar per US
 * dollar (1 935 000 = 193.5000). Rounding rule: each of the four steps below is rounded to a whole
 * minor unit, half up, and the page prints every step, so anyone can redo the sum by hand from
 * the figures shown and get the same cent.
 */

import type { PriceUnit } from "./market";
import { formatMoney } from "./money";

/** Mass of one price unit in 1e-8 kg (the pound is exactly 0.45359237 kg). */
const UNIT_MASS: Record<PriceUnit, bigint> = { tonne: 100_000_000_000n, kg: 100_000_000n, lb: 45_359_237n };
const PER_KG = 100_000_000n;

export type WorldPrice = { amountMinor: number; currency: "USD"; unit: PriceUnit };
export type FarmGateFormula = {
  /** Share of the FOB (world) price paid at the farm gate, in basis points: 7000 = 70 %. */
  fobShareBp: number;
  /** Stated costs per kg (transport, levies, margins), in US cents. */
  costsPerKgMinor: number;
};
/** LRD per 1 USD × 10 000 (193.5 LRD = 1 935 000). */
export type ExchangeRate = { lrdPerUsdE4: number };

export type FarmGateSteps = {
  /** 1. The world price per kg, US cents. */
  worldPerKgMinor: number;
  /** 2. Its share of FOB, US cents per kg. */
  shareMinor: number;
  /** 3. Less the stated costs, US cents per kg. */
  netUsdMinor: number;
  /** 4. Converted to Liberian cents per kg: the farm-gate price. */
  farmGateLrdMinor: number;
};

export type FarmGateResult = { ok: true; steps: FarmGateSteps } | { ok: false; reason: string };

/** n / d rounded half up (n ≥ 0, d > 0). */
function divHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** Computes the farm-gate price, step by step (see the module comment for the rounding rule). */
export function farmGatePrice(price: WorldPrice, formula: FarmGateFormula, rate: ExchangeRate): FarmGateResult {
  for (const [name, v] of [
    ["world price", price.amountMinor],
    ["share of FOB", formula.fobShareBp],
    ["stated costs", formula.costsPerKgMinor],
    ["exchange rate", rate.lrdPerUsdE4],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 0)
      return { ok: false, reason: `The ${name} must be a whole, non-negative number` };
  }
  if (formula.fobShareBp > 10_000) return { ok: false, reason: "The share of FOB cannot be above 100 %" };
  if (rate.lrdPerUsdE4 === 0) return { ok: false, reason: "The exchange rate must be above zero" };
  const worldPerKg = divHalfUp(BigInt(price.amountMinor) * PER_KG, UNIT_MASS[price.unit]);
  const share = divHalfUp(worldPerKg * BigInt(formula.fobShareBp), 10_000n);
  const net = share - BigInt(formula.costsPerKgMinor);
  if (net <= 0n) return { ok: false, reason: "The stated costs are as large as the share of the world price" };
  const lrd = divHalfUp(net * BigInt(rate.lrdPerUsdE4), 10_000n);
  return {
    ok: true,
    steps: {
      worldPerKgMinor: Number(worldPerKg),
      shareMinor: Number(share),
      netUsdMinor: Number(net),
      farmGateLrdMinor: Number(lrd),
    },
  };
}

/** "70 %", "62.5 %": a share in basis points as people read it. */
export function formatShare(bp: number): string {
  const whole = Math.floor(bp / 100);
  const rest = bp % 100;
  return `${whole}${rest ? `.${String(rest).padStart(2, "0").replace(/0$/, "")}` : ""} %`;
}

/** "193.5000": an exchange rate kept ×10 000. */
export function formatRate(e4: number): string {
  return `${Math.floor(e4 / 10_000).toLocaleString("en-US")}.${String(e4 % 10_000).padStart(4, "0")}`;
}

/** Reads "193.5" or "193.5000" into ×10 000 units; null when it is not a positive rate with ≤ 4 decimals. */
export function parseRateE4(text: string): number | null {
  const m = /^(\d{1,7})(?:\.(\d{1,4}))?$/.exec(text.trim().replaceAll(",", ""));
  if (!m) return null;
  const v = Number(m[1]) * 10_000 + Number((m[2] ?? "").padEnd(4, "0"));
  return v > 0 ? v : null;
}

/** Reads "70" or "62.5" (percent) into basis points; null unless 0 < share ≤ 100 with ≤ 2 decimals. */
export function parseShareBp(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/\s*%$/, ""));
  if (!m) return null;
  const v = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  return v > 0 && v <= 10_000 ? v : null;
}

/** The worked sum as one line of text, with every input and step (the page shows it beside the result). */
export function describeFarmGate(
  price: WorldPrice,
  formula: FarmGateFormula,
  rate: ExchangeRate,
  steps: FarmGateSteps,
): string[] {
  const usd = (n: number) => formatMoney({ amountMinor: n, currency: "USD" });
  const unit = price.unit === "tonne" ? "tonne" : price.unit;
  return [
    `World price ${usd(price.amountMinor)} per ${unit} = ${usd(steps.worldPerKgMinor)} per kg`,
    `× share of FOB ${formatShare(formula.fobShareBp)} = ${usd(steps.shareMinor)} per kg`,
    `− stated costs ${usd(formula.costsPerKgMinor)} per kg = ${usd(steps.netUsdMinor)} per kg`,
    `× ${formatRate(rate.lrdPerUsdE4)} LRD per USD = ${formatMoney({ amountMinor: steps.farmGateLrdMinor, currency: "LRD" })} per kg`,
  ];
}
