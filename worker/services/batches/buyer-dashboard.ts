/**
 * The buyer's own dashboard: my purchases and stock by status (paged on the server),
 * flagged purchases and why, totals by commodity and month — one line per currency, never adding
 * US and Liberian dollars together — and where my suppliers are, coarsened: plot centres rounded
 * to 0.1° (about 11 km) and counted per cell and county, with no names and no exact location.
 * Every read is narrowed by the signed-in buyer's id, never by an id from the browser.
 */
import type { Database } from "#db/client";
import { purchasesOfBuyer, purchaseTotals, stockOfHolder, supplierPlots } from "#db/queries/purchases";
import { type Currency, isCurrency, type Money } from "#worker/domain/money";

export const BUYER_PAGE_SIZE = 20;
/** How coarse the suppliers map is: centres rounded to this many degrees. */
export const SUPPLIER_GRID_DEG = 0.1;

const money = (amountMinor: number | null, currency: string | null): Money | null =>
  amountMinor !== null && isCurrency(currency) ? { amountMinor, currency } : null;

export async function buyerPurchases(
  db: Database,
  buyerId: string,
  filter: { status?: string; flagged?: boolean },
  page: number,
) {
  const { rows, total } = await purchasesOfBuyer(db, buyerId, filter, page, BUYER_PAGE_SIZE);
  return {
    total,
    pages: Math.max(1, Math.ceil(total / BUYER_PAGE_SIZE)),
    rows: rows.map((r) => ({
      batchCode: r.batchCode,
      commodity: r.commodity,
      weightG: r.weightG,
      status: r.status,
      complianceStatus: r.complianceStatus,
      volumeFlag: r.volumeFlag,
      volumeNote: r.volumeNote,
      holding: r.holderId === buyerId,
      createdAt: r.createdAt,
      pricePerKg: money(r.pricePerKgMinor, r.currency),
      total: money(r.totalMinor, r.currency),
    })),
  };
}

export async function buyerStock(db: Database, buyerId: string) {
  return stockOfHolder(db, buyerId);
}

/** The first month (yyyy-mm) of the 12-month window ending with `now`'s month. */
export function windowStart(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  return d.toISOString().slice(0, 7);
}

export type TotalLine = {
  commodity: string;
  month: string;
  purchases: number;
  weightG: number;
  /** One sum per currency; purchases without a price are counted in weight only. */
  paid: Money[];
  unpriced: number;
};

/** Totals by commodity and month over the last 12 months; money kept apart by currency. */
export async function buyerTotals(db: Database, buyerId: string, now: Date): Promise<TotalLine[]> {
  const rows = await purchaseTotals(db, buyerId, windowStart(now));
  const lines = new Map<string, TotalLine>();
  for (const r of rows) {
    const key = `${r.month}|${r.commodity}`;
    const line = lines.get(key) ?? {
      commodity: r.commodity,
      month: r.month,
      purchases: 0,
      weightG: 0,
      paid: [],
      unpriced: 0,
    };
    line.purchases += r.purchases;
    line.weightG += Number(r.weightG);
    const m = money(r.totalMinor === null ? null : Number(r.totalMinor), r.currency);
    if (m) line.paid.push(m);
    else line.unpriced += r.purchases;
    lines.set(key, line);
  }
  for (const l of lines.values()) l.paid.sort((a, b) => a.currency.localeCompare(b.currency));
  return [...lines.values()];
}

export type SupplierCell = { lat: number; lon: number; plots: number; farmers: number };
export type SupplierCounty = { county: string; plots: number; farmers: number };

const round = (v: number) => Math.round(Math.round(v / SUPPLIER_GRID_DEG) * SUPPLIER_GRID_DEG * 10) / 10;

/** My suppliers, coarsened: cells of 0.1° and counties, each with how many plots and farmers. */
export async function buyerSuppliers(db: Database, buyerId: string) {
  const plots = await supplierPlots(db, buyerId);
  const cells = new Map<string, { lat: number; lon: number; plots: Set<string>; farmers: Set<string> }>();
  const counties = new Map<string, { plots: Set<string>; farmers: Set<string> }>();
  for (const p of plots) {
    const lat = round(p.lat);
    const lon = round(p.lon);
    const key = `${lat}|${lon}`;
    const cell = cells.get(key) ?? { lat, lon, plots: new Set(), farmers: new Set() };
    cell.plots.add(p.plotId);
    cell.farmers.add(p.farmerId);
    cells.set(key, cell);
    const name = p.county ?? "County not recorded";
    const c = counties.get(name) ?? { plots: new Set(), farmers: new Set() };
    c.plots.add(p.plotId);
    c.farmers.add(p.farmerId);
    counties.set(name, c);
  }
  return {
    cells: [...cells.values()].map(
      (c): SupplierCell => ({ lat: c.lat, lon: c.lon, plots: c.plots.size, farmers: c.farmers.size }),
    ),
    counties: [...counties.entries()]
      .map(([county, c]): SupplierCounty => ({ county, plots: c.plots.size, farmers: c.farmers.size }))
      .sort((a, b) => b.farmers - a.farmers || a.county.localeCompare(b.county)),
  };
}

export type { Currency };
