/**
 * The page, the colours and the value types every PDF of the platform shares (certificates and
 * reports): A4 with fixed margins, the Liberian flag's blue and red, and number formats that do
 * not depend on the runtime's locale.
 */
import type { Color, PDFFont } from "pdf-lib";
import { rgb } from "pdf-lib";
import { formatKg, kgToGrams } from "../weight";

export const PAGE = { width: 595.28, height: 841.89 } as const; // A4 in points
export const MARGIN = 42; // ≈ 15 mm on every side
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;

export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.36, 0.38, 0.42);
export const NAVY = rgb(0.0, 0.16, 0.41); // Liberian flag blue
export const RED = rgb(0.75, 0.05, 0.12); // Liberian flag red
export const GREEN = rgb(0.05, 0.45, 0.2);
export const AMBER = rgb(0.62, 0.38, 0.0);
export const RULE = rgb(0.78, 0.8, 0.84);
export const SHADE = rgb(0.93, 0.95, 0.97);
export const WHITE = rgb(1, 1, 1);
/** Tints behind callouts: the not-a-DDS and no-personal-data statements, test-profile warnings. */
export const PALE_BLUE = rgb(0.92, 0.95, 0.99);
export const PALE_RED = rgb(0.99, 0.93, 0.93);

export type BoxKind = "text" | "qr" | "map" | "chart";
/** Something drawn: position in PDF points (origin bottom-left), on page `page` (0-based). */
export type DrawnBox = {
  page: number;
  kind: BoxKind;
  x: number;
  y: number;
  width: number;
  height: number;
  text?: string;
};

export type Fonts = { regular: PDFFont; bold: PDFFont };
export type TextStyle = { size?: number; bold?: boolean; color?: Color };
export type Cell = string | { text: string; bold?: boolean; color?: Color };
export type FieldRow = [string, string | { text: string; color?: Color; bold?: boolean }];
export type Column = { header: string; width: number; align?: "left" | "right" };

/** 1,234.5 — thousands separated, fixed decimals (no locale surprises between runtimes). */
export function formatNumber(n: number, decimals = 0): string {
  const [int, frac] = Math.abs(n).toFixed(decimals).split(".");
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${n < 0 ? "−" : ""}${grouped}${frac ? `.${frac}` : ""}`;
}

/** "1,234.5 kg": weights in kg, exact to the gram as stored (formatKg, ADR 020), no float artefacts. */
export const kg = (n: number) => formatKg(kgToGrams(n));
/** "1.25 ha": areas, two decimals. */
export const ha = (n: number) => `${formatNumber(n, 2)} ha`;
/** "12.5 %": `part` as a share of `whole`, one decimal; "—" when `whole` is 0. */
export const pct = (part: number, whole: number) => (whole > 0 ? `${formatNumber((part / whole) * 100, 1)} %` : "—");
/** "1,234": a count. */
export const num = (n: number) => formatNumber(n, 0);
