/** A column header: its label, or its label with its own class (when it differs from the others). */
export type ColumnHead = string | { label: string; className: string };

/**
 * The head of a hand-built table: one row of `<th scope="col">`, each with `cellClassName` unless
 * its entry brings its own class.
 */
export function TableHead({
  heads,
  cellClassName,
  className,
  rowClassName,
}: {
  heads: readonly ColumnHead[];
  cellClassName?: string;
  className?: string;
  rowClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {heads.map((h) =>
          typeof h === "string" ? (
            <th key={h} scope="col" className={cellClassName}>
              {h}
            </th>
          ) : (
            <th key={h.label} scope="col" className={h.className}>
              {h.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
