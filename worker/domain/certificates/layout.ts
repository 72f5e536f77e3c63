/**
 * A small flowing-layout engine on pdf-lib for certificates: A4 pages with fixed margins, text
 * wrapped to the column width, tables whose header repeats on each page, page breaks wherever
 * content would cross the bottom margin, a QR code drawn as squares, plot outlines drawn to
 * scale. It records every box it draws (`boxes`), so tests can prove that nothing is drawn
 * outside the margins and that no two things overlap — on long names and many plots too.
 */
import type { Color, PDFDocument, PDFFont, PDFPage } from "pdf-lib";
import { rgb } from "pdf-lib";
import { encode } from "uqr";
import type { PlotGeometry, Position } from "../validate-geometry";

export const PAGE = { width: 595.28, height: 841.89 } as const; // A4 in points
export const MARGIN = 42; // ≈ 15 mm on every side
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;

/** DejaVu Sans vertical metrics (hhea, units per em 2048): ascender 1901, descender −483. */
const ASCENT = 0.929;
const DESCENT = 0.236;
const LINE = 1.28;

export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.36, 0.38, 0.42);
export const NAVY = rgb(0.0, 0.16, 0.41); // Liberian flag blue
export const RED = rgb(0.75, 0.05, 0.12); // Liberian flag red
export const GREEN = rgb(0.05, 0.45, 0.2);
export const AMBER = rgb(0.62, 0.38, 0.0);
export const RULE = rgb(0.78, 0.8, 0.84);
export const SHADE = rgb(0.93, 0.95, 0.97);
export const WHITE = rgb(1, 1, 1);

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

type PageDecorator = (layout: Layout, pageIndex: number) => void;

export class Layout {
  readonly pages: PDFPage[] = [];
  readonly boxes: DrawnBox[] = [];
  /** Top of the free space on the current page. */
  y = 0;
  /** Where body content may start / must end on a continuation page. */
  bodyTop = PAGE.height - MARGIN;
  bodyBottom = MARGIN;
  private readonly charsets = new Map<PDFFont, Set<number>>();
  private readonly widthCache = new Map<string, number>();

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    private readonly decorate: { header: PageDecorator; headerHeight: number; footerHeight: number },
  ) {}

  private current = -1;

  get pageIndex() {
    return this.current;
  }
  get page(): PDFPage {
    return this.pages[this.current]!;
  }

  /** Draw on an earlier page (footers, once the page count is known). */
  usePage(index: number): void {
    if (index < 0 || index >= this.pages.length) throw new RangeError(`No page ${index}`);
    this.current = index;
  }

  /** A new page; continuation pages get the repeated header. */
  newPage(): void {
    this.pages.push(this.doc.addPage([PAGE.width, PAGE.height]));
    this.current = this.pages.length - 1;
    this.bodyTop = PAGE.height - MARGIN - (this.pages.length > 1 ? this.decorate.headerHeight : 0);
    this.bodyBottom = MARGIN + this.decorate.footerHeight;
    this.y = PAGE.height - MARGIN;
    if (this.pages.length > 1) this.decorate.header(this, this.pageIndex);
    this.y = this.bodyTop;
  }

  /** Starts a new page unless `height` points still fit above the bottom margin. */
  ensure(height: number): void {
    if (this.y - height < this.bodyBottom && this.y < this.bodyTop) this.newPage();
  }

  space(height: number): void {
    this.y -= height;
    if (this.y < this.bodyBottom) this.newPage();
  }

  lineHeight(size: number) {
    return size * LINE;
  }

  /** The text with characters the font lacks replaced, control characters removed. */
  clean(text: string, font: PDFFont): string {
    let set = this.charsets.get(font);
    if (!set) {
      set = new Set(font.getCharacterSet());
      this.charsets.set(font, set);
    }
    let out = "";
    for (const ch of text.replace(/\r\n?/g, "\n").replace(/\t/g, " ")) {
      const cp = ch.codePointAt(0)!;
      if (ch === "\n") out += ch;
      else if (cp < 32 || (cp >= 0x7f && cp < 0xa0)) continue;
      else out += set.has(cp) ? ch : "?";
    }
    return out;
  }

  width(text: string, font: PDFFont, size: number): number {
    const key = `${font === this.fonts.bold ? "b" : "r"}${text}`;
    let w = this.widthCache.get(key);
    if (w === undefined) {
      w = font.widthOfTextAtSize(text, 1000);
      if (this.widthCache.size < 20_000) this.widthCache.set(key, w);
    }
    return (w * size) / 1000;
  }

  /** Greedy word wrap to `maxWidth`; a word longer than the line is broken between characters. */
  wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
    const lines: string[] = [];
    const space = this.width(" ", font, size);
    for (const paragraph of this.clean(text, font).split("\n")) {
      let line = "";
      let lineWidth = 0;
      for (const word of paragraph.split(/ +/).filter(Boolean)) {
        const w = this.width(word, font, size);
        if (line && lineWidth + space + w <= maxWidth) {
          line += ` ${word}`;
          lineWidth += space + w;
          continue;
        }
        if (line) lines.push(line);
        if (w <= maxWidth) {
          line = word;
          lineWidth = w;
          continue;
        }
        // Break an over-long word (a URL, a run of digits) into pieces that fit.
        let piece = "";
        for (const ch of word) {
          if (piece && this.width(piece + ch, font, size) > maxWidth) {
            lines.push(piece);
            piece = "";
          }
          piece += ch;
        }
        line = piece;
        lineWidth = this.width(piece, font, size);
      }
      lines.push(line);
    }
    return lines;
  }

  /** Draws one line whose box top is `top`, and records its box. */
  drawLine(
    text: string,
    x: number,
    top: number,
    style: TextStyle = {},
    align: "left" | "right" = "left",
    boxWidth = 0,
  ): void {
    const size = style.size ?? 9;
    const font = style.bold ? this.fonts.bold : this.fonts.regular;
    if (!text) return;
    const w = this.width(text, font, size);
    const left = align === "right" ? x + boxWidth - w : x;
    const lh = this.lineHeight(size);
    const baseline = top - (lh - (ASCENT + DESCENT) * size) / 2 - ASCENT * size;
    this.page.drawText(text, { x: left, y: baseline, size, font, color: style.color ?? INK });
    this.boxes.push({ page: this.pageIndex, kind: "text", x: left, y: top - lh, width: w, height: lh, text });
  }

  /** Flowing text at the cursor, wrapped to `width` from `x`, breaking pages line by line. */
  text(text: string, style: TextStyle = {}, x = MARGIN, width = CONTENT_WIDTH): void {
    const size = style.size ?? 9;
    const font = style.bold ? this.fonts.bold : this.fonts.regular;
    const lh = this.lineHeight(size);
    for (const line of this.wrap(text, font, size, width)) {
      this.ensure(lh);
      this.drawLine(line, x, this.y, style);
      this.y -= lh;
    }
  }

  /** Height `text` would take at `width`. */
  measure(text: string, style: TextStyle, width: number): number {
    const size = style.size ?? 9;
    return (
      this.wrap(text, style.bold ? this.fonts.bold : this.fonts.regular, size, width).length * this.lineHeight(size)
    );
  }

  /** A section heading that never ends a page alone. */
  heading(text: string, size = 11.5): void {
    this.space(size * 0.6);
    this.ensure(this.measure(text, { size, bold: true }, CONTENT_WIDTH) + 4 * this.lineHeight(9));
    this.text(text, { size, bold: true, color: NAVY });
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 1 },
      end: { x: PAGE.width - MARGIN, y: this.y + 1 },
      thickness: 0.6,
      color: RULE,
    });
    this.y -= 4;
  }

  subheading(text: string, size = 9.5): void {
    this.space(4);
    this.ensure(this.measure(text, { size, bold: true }, CONTENT_WIDTH) + 3 * this.lineHeight(8));
    this.text(text, { size, bold: true, color: INK });
    this.y -= 2;
  }

  /** Height of a label/value list at `width`. */
  measureFields(rows: FieldRow[], width = CONTENT_WIDTH, labelWidth = 150, size = 9): number {
    const valueWidth = width - labelWidth - 8;
    return rows.reduce((h, [label, raw]) => {
      const value = typeof raw === "string" ? { text: raw } : raw;
      const font = value.bold ? this.fonts.bold : this.fonts.regular;
      const lines = Math.max(
        this.wrap(label, this.fonts.bold, size, labelWidth).length,
        this.wrap(value.text, font, size, valueWidth).length,
      );
      return h + lines * this.lineHeight(size) + 2;
    }, 0);
  }

  /**
   * Label/value rows: the label in bold on the left, the value wrapped on the right. A row is
   * kept on one page when it fits on one; a longer one continues line by line.
   */
  fields(rows: FieldRow[], opts: { x?: number; width?: number; labelWidth?: number; size?: number } = {}): void {
    const x = opts.x ?? MARGIN;
    const width = opts.width ?? CONTENT_WIDTH;
    const labelWidth = opts.labelWidth ?? 150;
    const size = opts.size ?? 9;
    const lh = this.lineHeight(size);
    const valueWidth = width - labelWidth - 8;
    for (const [label, raw] of rows) {
      const value = typeof raw === "string" ? { text: raw } : raw;
      const valueFont = value.bold ? this.fonts.bold : this.fonts.regular;
      const labelLines = this.wrap(label, this.fonts.bold, size, labelWidth);
      const valueLines = this.wrap(value.text, valueFont, size, valueWidth);
      const n = Math.max(labelLines.length, valueLines.length);
      if (n * lh <= this.bodyTop - this.bodyBottom) this.ensure(n * lh);
      for (let i = 0; i < n; i++) {
        this.ensure(lh);
        if (labelLines[i]) this.drawLine(labelLines[i]!, x, this.y, { size, bold: true, color: MUTED });
        if (valueLines[i])
          this.drawLine(valueLines[i]!, x + labelWidth + 8, this.y, { size, color: value.color, bold: value.bold });
        this.y -= lh;
      }
      this.y -= 2;
    }
  }

  /**
   * A table: bold header row on a shaded band, repeated at the top of every page the table
   * runs onto; cells wrap inside their column (3 pt padding), rows kept whole when they fit.
   * Column widths are fractions of `width` (they are normalised).
   */
  table(
    columns: Column[],
    rows: Cell[][],
    opts: { size?: number; width?: number; x?: number; keepTogether?: boolean } = {},
  ): void {
    const size = opts.size ?? 8;
    const width = opts.width ?? CONTENT_WIDTH;
    const x0 = opts.x ?? MARGIN;
    const lh = this.lineHeight(size);
    const total = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * width);
    const xs = widths.map((_, i) => x0 + widths.slice(0, i).reduce((s, w) => s + w, 0));
    const pad = 3;
    const cellLines = (cell: Cell, i: number, bold: boolean) => {
      const c = typeof cell === "string" ? { text: cell, bold } : { bold, ...cell };
      return {
        ...c,
        lines: this.wrap(c.text, c.bold ? this.fonts.bold : this.fonts.regular, size, widths[i]! - 2 * pad),
      };
    };
    const header = columns.map((c, i) => cellLines(c.header, i, true));
    const headerHeight = Math.max(...header.map((c) => c.lines.length)) * lh + 2;
    const drawHeader = () => {
      this.page.drawRectangle({ x: x0, y: this.y - headerHeight, width, height: headerHeight, color: SHADE });
      header.forEach((c, i) =>
        c.lines.forEach((line, k) =>
          this.drawLine(
            line,
            xs[i]! + pad,
            this.y - 1 - k * lh,
            { size, bold: true, color: NAVY },
            columns[i]!.align ?? "left",
            widths[i]! - 2 * pad,
          ),
        ),
      );
      this.y -= headerHeight;
    };
    const rowHeight = (row: Cell[]) => Math.max(1, ...row.map((c, i) => cellLines(c, i, false).lines.length)) * lh + 2;
    const whole = headerHeight + rows.reduce((h, r) => h + rowHeight(r), 0);
    // A short table (a legend, a monthly grid) reads badly split: move it whole when it fits a page.
    if (opts.keepTogether && whole <= this.bodyTop - this.bodyBottom) this.ensure(whole);
    else this.ensure(headerHeight + (rows[0] ? rowHeight(rows[0]) : 0));
    drawHeader();
    for (const row of rows) {
      const cells = row.map((c, i) => cellLines(c, i, false));
      const n = Math.max(1, ...cells.map((c) => c.lines.length));
      const h = n * lh + 2;
      if (h + headerHeight <= this.bodyTop - this.bodyBottom && this.y - h < this.bodyBottom) {
        this.newPage();
        drawHeader();
      }
      for (let k = 0; k < n; k++) {
        if (this.y - lh < this.bodyBottom) {
          this.newPage();
          drawHeader();
        }
        cells.forEach((c, i) => {
          const line = c.lines[k];
          if (line)
            this.drawLine(
              line,
              xs[i]! + pad,
              this.y - 1,
              { size, bold: c.bold, color: c.color },
              columns[i]!.align ?? "left",
              widths[i]! - 2 * pad,
            );
        });
        this.y -= lh;
      }
      this.y -= 2;
      this.page.drawLine({
        start: { x: x0, y: this.y + 0.5 },
        end: { x: x0 + width, y: this.y + 0.5 },
        thickness: 0.4,
        color: RULE,
      });
    }
    this.y -= 4;
  }

  /** A tinted band with wrapped bold text (warnings, the not-a-DDS statement). */
  callout(text: string, color: Color, tint: Color, size = 9): void {
    const lines = this.wrap(text, this.fonts.bold, size, CONTENT_WIDTH - 16);
    const lh = this.lineHeight(size);
    const h = lines.length * lh + 8;
    this.ensure(h);
    this.page.drawRectangle({ x: MARGIN, y: this.y - h, width: CONTENT_WIDTH, height: h, color: tint });
    this.page.drawRectangle({ x: MARGIN, y: this.y - h, width: 3, height: h, color });
    lines.forEach((line, i) => this.drawLine(line, MARGIN + 10, this.y - 4 - i * lh, { size, bold: true, color }));
    this.y -= h + 4;
  }

  /**
   * The QR code of `text` with its 4-module quiet zone, `size` points wide, top-left at
   * (x, top). Dark modules are drawn as filled squares (runs merged per row). Returns the matrix.
   */
  qr(text: string, x: number, top: number, size: number): { modules: number; quiet: number; data: boolean[][] } {
    const qr = encode(text, { ecc: "M", border: 0 });
    const quiet = 4;
    const n = qr.size;
    const m = size / (n + 2 * quiet);
    this.page.drawRectangle({ x, y: top - size, width: size, height: size, color: WHITE });
    for (let r = 0; r < n; r++) {
      let c = 0;
      while (c < n) {
        if (!qr.data[r]![c]) {
          c++;
          continue;
        }
        const start = c;
        while (c < n && qr.data[r]![c]) c++;
        // A hair of overlap between neighbouring squares avoids white seams in viewers.
        this.page.drawRectangle({
          x: x + (quiet + start) * m,
          y: top - (quiet + r + 1) * m - 0.02,
          width: (c - start) * m + 0.02,
          height: m + 0.04,
          color: rgb(0, 0, 0),
        });
      }
    }
    this.boxes.push({ page: this.pageIndex, kind: "qr", x, y: top - size, width: size, height: size, text });
    return { modules: n, quiet, data: qr.data };
  }

  /**
   * A plot's outline drawn to scale in a `w`×`h` box (top-left at x, top), north up, with a
   * scale bar. Longitude is scaled by cos(latitude) so shapes keep their true proportions.
   * A point plot is drawn as a marker inside a circle of its declared area.
   * Returns the scale bar's length in metres, for the caption.
   */
  plotMap(geometry: PlotGeometry, areaHectares: number, x: number, top: number, w: number, h: number): number {
    const page = this.page;
    page.drawRectangle({
      x,
      y: top - h,
      width: w,
      height: h,
      color: rgb(0.97, 0.98, 0.96),
      borderColor: RULE,
      borderWidth: 0.6,
    });
    const pad = 10;
    const rings: Position[][] =
      geometry.type === "Point" ? [] : geometry.type === "Polygon" ? geometry.coordinates : geometry.coordinates.flat();
    const all = geometry.type === "Point" ? [geometry.coordinates] : rings.flat();
    const lat0 = all.reduce((s, p) => s + p[1], 0) / all.length;
    const k = Math.cos((lat0 * Math.PI) / 180);
    const M_PER_DEG = 111_320;
    // Work in metres east/north of the south-west corner.
    const minLon = Math.min(...all.map((p) => p[0]));
    const minLat = Math.min(...all.map((p) => p[1]));
    const toM = (p: Position): [number, number] => [(p[0] - minLon) * k * M_PER_DEG, (p[1] - minLat) * M_PER_DEG];
    let spanX: number;
    let spanY: number;
    let cx = 0;
    let cy = 0;
    const radiusM = Math.sqrt((Math.max(areaHectares, 0.0001) * 10_000) / Math.PI);
    if (geometry.type === "Point") {
      spanX = spanY = radiusM * 2 * 1.6;
    } else {
      const ms = all.map(toM);
      spanX = Math.max(...ms.map((p) => p[0]), 1);
      spanY = Math.max(...ms.map((p) => p[1]), 1);
    }
    const scale = Math.min((w - 2 * pad) / spanX, (h - 2 * pad - 12) / spanY); // points per metre
    const offX = x + (w - spanX * scale) / 2;
    const offY = top - h + 12 + pad + (h - 2 * pad - 12 - spanY * scale) / 2; // bottom of the drawing
    if (geometry.type === "Point") {
      cx = offX + (spanX * scale) / 2;
      cy = offY + (spanY * scale) / 2;
      page.drawCircle({
        x: cx,
        y: cy,
        size: radiusM * scale,
        color: rgb(0.82, 0.9, 0.8),
        borderColor: GREEN,
        borderWidth: 0.8,
        borderDashArray: [2, 2],
      });
      page.drawCircle({ x: cx, y: cy, size: 2.2, color: RED });
    } else {
      const path = rings
        .map(
          (r) =>
            `${r
              .map((p, i) => {
                const [mx, my] = toM(p);
                // SVG paths run y downwards from the anchor (x, top of the drawing).
                return `${i ? "L" : "M"} ${(offX - x + mx * scale).toFixed(2)} ${(spanY * scale - my * scale).toFixed(2)}`;
              })
              .join(" ")} Z`,
        )
        .join(" ");
      page.drawSvgPath(path, {
        x,
        y: offY + spanY * scale,
        color: rgb(0.82, 0.9, 0.8),
        borderColor: GREEN,
        borderWidth: 0.9,
      });
    }
    // Scale bar: the largest round length up to 40% of the box width.
    const maxM = (w * 0.4) / scale;
    const steps = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000];
    const barM = [...steps].reverse().find((s) => s <= maxM) ?? 1;
    const bx = x + 6;
    const by = top - h + 7;
    page.drawLine({ start: { x: bx, y: by }, end: { x: bx + barM * scale, y: by }, thickness: 1.2, color: INK });
    page.drawLine({ start: { x: bx, y: by - 2 }, end: { x: bx, y: by + 2 }, thickness: 0.8, color: INK });
    page.drawLine({
      start: { x: bx + barM * scale, y: by - 2 },
      end: { x: bx + barM * scale, y: by + 2 },
      thickness: 0.8,
      color: INK,
    });
    // North arrow in the top-right corner.
    const nx = x + w - 8;
    const ny = top - 6;
    page.drawSvgPath("M 0 0 L 3 8 L -3 8 Z", { x: nx, y: ny, color: INK });
    this.boxes.push({ page: this.pageIndex, kind: "map", x, y: top - h, width: w, height: h });
    return barM;
  }
}

/** 1,234.5 — thousands separated, fixed decimals (no locale surprises between runtimes). */
export function formatNumber(n: number, decimals = 0): string {
  const [int, frac] = Math.abs(n).toFixed(decimals).split(".");
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${n < 0 ? "−" : ""}${grouped}${frac ? `.${frac}` : ""}`;
}
