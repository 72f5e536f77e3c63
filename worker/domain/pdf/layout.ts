/**
 * A small flowing-layout engine on pdf-lib for the platform's PDFs: A4 pages with fixed margins, text
 * wrapped to the column width, tables whose header repeats on each page, page breaks wherever
 * content would cross the bottom margin, a QR code drawn as squares (qr.ts), plot outlines drawn
 * to scale (plot-map.ts). Certificates and reports both draw with it. It records every box it draws (`boxes`), so tests can prove that nothing is drawn
 * outside the margins and that no two things overlap — on long names and many plots too.
 */
import type { Color, PDFDocument, PDFFont, PDFPage } from "pdf-lib";
import {
  type Cell,
  CONTENT_WIDTH,
  type Column,
  type DrawnBox,
  type FieldRow,
  type Fonts,
  INK,
  MARGIN,
  MUTED,
  NAVY,
  PAGE,
  RULE,
  SHADE,
  type TextStyle,
} from "./theme";

/** DejaVu Sans vertical metrics (hhea, units per em 2048): ascender 1901, descender −483. */
const ASCENT = 0.929;
const DESCENT = 0.236;
const LINE = 1.28;

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
  turnToPage(index: number): void {
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
      header.forEach((c, i) => {
        c.lines.forEach((line, k) => {
          this.drawLine(
            line,
            xs[i]! + pad,
            this.y - 1 - k * lh,
            { size, bold: true, color: NAVY },
            columns[i]!.align ?? "left",
            widths[i]! - 2 * pad,
          );
        });
      });
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
    lines.forEach((line, i) => {
      this.drawLine(line, MARGIN + 10, this.y - 4 - i * lh, { size, bold: true, color });
    });
    this.y -= h + 4;
  }
}
