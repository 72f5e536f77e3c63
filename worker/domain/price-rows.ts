/**
 * Reading a CSV of world prices into one record per line, each with its line number (the header
 * is line 1), so every problem is reported by line as in the bulk import (worker/domain/import-rows.ts).
 * Columns: commodity, date, source, unit, price, currency (price in US dollars as written, e.g.
 * 8250.50). Only the reading is here; the rules are the contract's (worker/contracts/market.ts).
 */
import Papa from "papaparse";
import { csvText } from "./csv";
import { type PriceCommodity, type PriceUnit, priceCommodityOf, priceUnitOf } from "./market";
import { parseMinor } from "./money";

export const PRICE_COLUMNS = ["commodity", "date", "source", "unit", "price", "currency"] as const;
export const REQUIRED_PRICE_COLUMNS = ["commodity", "date", "source", "unit", "price"] as const;
export const MAX_PRICE_LINES = 5000;

export type PriceLine = {
  line: number;
  /** What the line says, read loosely (unknown names stay as written so the contract can refuse them). */
  value: {
    commodity: PriceCommodity | string;
    date: string;
    source: string;
    unit: PriceUnit | string;
    amountMinor: number;
    currency: string;
  };
};
export type PriceLineError = { line: number; reason: string };
export type ParsedPrices = { lines: PriceLine[]; errors: PriceLineError[] };

const norm = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/** Parses the CSV text (a BOM, blank lines and column order do not matter). */
export function parsePriceCsv(text: string): ParsedPrices {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const [header, ...rows] = result.data;
  if (!header) return { lines: [], errors: [{ line: 1, reason: "The file is empty" }] };
  const columns = header.map(norm);
  const missing = REQUIRED_PRICE_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length) {
    return {
      lines: [],
      errors: [
        { line: 1, reason: `The header lacks the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}` },
      ],
    };
  }
  if (rows.length > MAX_PRICE_LINES) {
    return {
      lines: [],
      errors: [{ line: 1, reason: `The file has ${rows.length} lines of prices; at most ${MAX_PRICE_LINES} per file` }],
    };
  }
  const at = (row: string[], name: string) => (row[columns.indexOf(name)] ?? "").trim();
  const lines: PriceLine[] = [];
  const errors: PriceLineError[] = [];
  // Papa reports the row index of each data row; line = index + 1 (header) + 1 (1-based).
  // Blank lines are skipped, so the line numbers are counted on the raw text instead.
  const lineNumbers = dataLineNumbers(text);
  rows.forEach((row, i) => {
    const line = lineNumbers[i] ?? i + 2;
    if (row.length !== header.length) {
      errors.push({ line, reason: `The line has ${row.length} fields; the header has ${header.length}` });
      return;
    }
    const priceText = at(row, "price");
    const amountMinor = parseMinor(priceText);
    lines.push({
      line,
      value: {
        commodity: priceCommodityOf(at(row, "commodity")) ?? at(row, "commodity"),
        date: at(row, "date"),
        source: at(row, "source"),
        unit: priceUnitOf(at(row, "unit")) ?? at(row, "unit"),
        amountMinor: amountMinor ?? Number.NaN,
        currency: (at(row, "currency") || "USD").toUpperCase(),
      },
    });
  });
  return { lines, errors };
}

/** The 1-based line number of each non-blank line after the header (quoted line breaks are rare in price files). */
function dataLineNumbers(text: string): number[] {
  const out: number[] = [];
  text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .forEach((l, i) => {
      if (l.trim()) out.push(i + 1);
    });
  return out.slice(1);
}

/** The downloadable template: the header and two example lines. */
export function priceTemplateCsv(): string {
  return csvText(PRICE_COLUMNS, [
    ["cocoa", "2026-03-02", "ICCO daily price", "tonne", "8250.50", "USD"],
    ["coffee_robusta", "2026-03-02", "ICE robusta settlement", "tonne", "4510.00", "USD"],
  ]);
}
