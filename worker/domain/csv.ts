/**
 * The one CSV writer of the platform: every CSV file it hands out (the auditor's export, the
 * shipment package, the exporter's payment statement, the templates and the demo import file)
 * goes through it. CSV the platform only feeds to its own importer (the demo registry's import
 * file, a price feed's JSON turned into the import's CSV) is quoted alike but not neutralised: an
 * apostrophe there would be imported as part of the value (a phone number "+231 …").
 *
 * - RFC 4180: a cell holding a comma, a double quote, CR or LF is quoted, its quotes doubled.
 * - A cell a spreadsheet would run as a formula (OWASP "CSV injection": it starts with `=`, `+`,
 *   `-`, `@`, a tab or a CR) is written as text, with a leading apostrophe. A cell that is
 *   nothing but a decimal number (`-12.50`) is a number, never a formula, and stays as it is.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** One cell quoted as RFC 4180 needs, not neutralised: only for CSV the platform's own importer reads. */
export function csvQuote(value: unknown): string {
  const s = value == null ? "" : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One cell of a CSV handed to people: neutralised, then quoted as needed. */
export function csvCell(value: unknown): string {
  const s = value == null ? "" : String(value);
  return csvQuote(FORMULA_START.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s);
}

/** One line of cells. */
export const csvLine = (cells: readonly unknown[]) => cells.map(csvCell).join(",");

/** A whole file: the header and the rows, CRLF after each line (RFC 4180). */
export const csvText = (header: readonly string[], rows: readonly (readonly unknown[])[]) =>
  `${[csvLine(header), ...rows.map(csvLine)].join("\r\n")}\r\n`;
