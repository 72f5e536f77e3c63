/**
 * Small-cell suppression of published counts: public figures must not leak what suppression
 * hides (docs/decisions/012-oversight-reports.md, ADR 025). Pure: no I/O.
 *
 * - Primary: a cell counting 1–4 farmers is shown as "<5" (0 is shown: it singles nobody out).
 * - Complementary (secondary): a "<5" cell must not be recoverable by subtracting the visible
 *   cells from the published total. So while fewer than two cells are hidden, or the hidden cells
 *   together count fewer than 5 farmers, the smallest visible non-zero cell is hidden too (shown as
 *   "*"). When no cell is left to hide, the total is hidden instead.
 * - A row is hidden as a whole: its other figures (plots, kilograms…) are shown as "*" too, so
 *   no column of the same table gives the row away either.
 * The reports and the monitoring dashboard apply this rule per slice of time and across every
 * scope at once: worker/domain/reports/report-suppression.ts (docs/decisions/012-oversight-reports.md).
 */

/** Fewer farmers than this in a cell: the cell is suppressed. */
export const SMALL_CELL = 5;
/** What a primary-suppressed cell shows. */
export const SMALL_CELL_TEXT = "<5";
/** What a complementary-suppressed cell (or total) shows. */
export const HIDDEN_TEXT = "*";
export const SUPPRESSION_NOTE =
  '"<5": fewer than 5 farmers. "*": hidden as well, so that a "<5" figure cannot be worked out from the total.';

export type Mark = "small" | "hidden" | null;

export type Suppression = {
  /** Per row, in input order: why it is hidden, or null when shown. */
  marks: Mark[];
  /** The total of the column must not be published either. */
  totalMark: Mark;
};

const isSmall = (n: number) => n > 0 && n < SMALL_CELL;

/** Which rows of a table whose rows count `farmers` are suppressed, and whether its total is. */
export function suppressCounts(farmers: readonly number[]): Suppression {
  const marks: Mark[] = farmers.map((n) => (isSmall(n) ? "small" : null));
  const total = farmers.reduce((s, n) => s + n, 0);
  if (!marks.some(Boolean)) return { marks, totalMark: null };
  const hiddenSum = () => farmers.reduce((s, n, i) => s + (marks[i] ? n : 0), 0);
  const hiddenCount = () => marks.filter(Boolean).length;
  while (hiddenCount() < 2 || hiddenSum() < SMALL_CELL) {
    let next = -1;
    farmers.forEach((n, i) => {
      if (!marks[i] && n > 0 && (next < 0 || n < (farmers[next] ?? 0))) next = i;
    });
    if (next < 0) break;
    marks[next] = "hidden";
  }
  const safe = hiddenCount() >= 2 && hiddenSum() >= SMALL_CELL;
  const totalMark: Mark = safe ? null : isSmall(total) ? "small" : "hidden";
  return { marks, totalMark };
}

/** One published count: the number, or the suppression mark. */
export type Published = number | typeof SMALL_CELL_TEXT | typeof HIDDEN_TEXT;

/** The value as published under `mark`. */
export function publish(value: number, mark: Mark): Published {
  if (mark === "small") return SMALL_CELL_TEXT;
  if (mark === "hidden") return HIDDEN_TEXT;
  return value;
}

/** A single published count with no table around it (one county's total): "<5" when small. */
export function publishAlone(farmers: number): Published {
  return isSmall(farmers) ? SMALL_CELL_TEXT : farmers;
}

/** The text of a published value, numbers formatted by `format`. */
export function publishedText(value: Published, format: (n: number) => string = String): string {
  return typeof value === "number" ? format(value) : value;
}
