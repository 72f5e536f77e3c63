import { useId } from "react";

/** One column of a DataTable: its header and how a row fills its cell. */
export type Column<Row> = {
  /** The header text; also the column's key. */
  header: string;
  cell: (row: Row, index: number) => React.ReactNode;
  /** Extra classes for both the header and the cells (e.g. "text-right", "hidden sm:table-cell"). */
  className?: string;
  /** Extra classes for the cells only, or per row (e.g. a red verdict). */
  cellClassName?: string | ((row: Row) => string);
};

/**
 * A data table: caption, one header row, one row per item. It scrolls sideways inside its own
 * container, so a wide table never widens the page on a 360 px phone; that container is a named,
 * focusable region so a keyboard can scroll it too (axe `scrollable-region-focusable`).
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  captionClassName = "sr-only",
  testId,
  dense = false,
  className = "",
  tableClassName = "w-full bg-white text-sm",
  rowClassName = "border-t",
  bodyClassName,
  label,
  labelledBy,
  empty,
  stack = false,
}: {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  caption?: React.ReactNode;
  captionClassName?: string;
  testId?: string;
  /** Tighter cells (p-1 instead of p-2). */
  dense?: boolean;
  /** Classes of the scrolling container. */
  className?: string;
  tableClassName?: string;
  rowClassName?: string;
  bodyClassName?: string;
  /** The scrolling region's name when the table has no caption. */
  label?: string;
  /** The id of the heading that names the scrolling region (instead of `label`). */
  labelledBy?: string;
  /** What to show instead of the table when there are no rows (e.g. "No batches match…"). */
  empty?: React.ReactNode;
  /**
   * Below the `sm` breakpoint (a 360 px phone), show each row as a small card of "Header value"
   * lines instead of columns, so a table of many columns needs no sideways scrolling.
   */
  stack?: boolean;
}) {
  const captionId = useId();
  if (rows.length === 0 && empty !== undefined) return empty;
  const pad = dense ? "p-1" : "p-2";
  const cls = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(" ");
  // A stacked table is shown with display block/flex on a phone, which makes some screen readers
  // (WebKit's) drop its table semantics: explicit roles keep each value tied to its header.
  const role = (name: "table" | "rowgroup" | "row" | "columnheader" | "cell") => (stack ? name : undefined);
  const cell = stack
    ? "max-sm:flex max-sm:flex-wrap max-sm:justify-between max-sm:gap-x-3 max-sm:gap-y-0.5 max-sm:text-left max-sm:[overflow-wrap:anywhere] max-sm:before:shrink-0 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]"
    : undefined;
  return (
    <section
      className={cls("max-w-full overflow-x-auto", className)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-labelledby={caption ? captionId : labelledBy}
      aria-label={caption || labelledBy ? undefined : (label ?? "Table")}
    >
      <table role={role("table")} className={cls(tableClassName, stack && "max-sm:block")} data-testid={testId}>
        {caption && (
          <caption id={captionId} className={cls(captionClassName, stack && "max-sm:block")}>
            {caption}
          </caption>
        )}
        <thead role={role("rowgroup")} className={stack ? "max-sm:sr-only" : undefined}>
          <tr role={role("row")} className="bg-slate-100 text-left">
            {columns.map((c) => (
              <th key={c.header} role={role("columnheader")} scope="col" className={cls(pad, c.className)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role={role("rowgroup")} className={cls(bodyClassName, stack && "max-sm:block")}>
          {rows.map((row, r) => (
            <tr
              key={rowKey(row, r)}
              role={role("row")}
              className={cls(rowClassName, stack && "max-sm:block max-sm:py-1")}
            >
              {columns.map((c, i) => (
                <td
                  key={c.header}
                  data-label={stack ? c.header : undefined}
                  className={cls(
                    pad,
                    c.className,
                    cell,
                    // The first column names the card: its value alone, in bold, as its title.
                    stack && i === 0 && "max-sm:font-semibold max-sm:before:content-none",
                    typeof c.cellClassName === "function" ? c.cellClassName(row) : c.cellClassName,
                  )}
                  role={role("cell")}
                >
                  {stack ? stackedValue(c.cell(row, r)) : c.cell(row, r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * A stacked cell is a flex line "Header value": a short value sits at the right of its header, a
 * long one drops to its own line below it, read left to right. Plain text is one flex item already;
 * a value of several parts (a name and its id, a badge and a reason) gets one box so its parts
 * stay together.
 */
function stackedValue(value: React.ReactNode) {
  if (typeof value !== "object" || value === null) return value;
  return <div className="max-sm:min-w-0">{value}</div>;
}
