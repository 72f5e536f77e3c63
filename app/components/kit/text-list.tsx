/** A list of plain lines (reasons, steps, help): one `<li>` a line; `ordered` numbers them (`<ol>`). */
export function TextList({
  items,
  className,
  itemClassName,
  ordered = false,
}: {
  items: readonly string[];
  className: string;
  itemClassName?: string;
  ordered?: boolean;
}) {
  const lines = items.map((line) => (
    <li key={line} className={itemClassName}>
      {line}
    </li>
  ));
  return ordered ? <ol className={className}>{lines}</ol> : <ul className={className}>{lines}</ul>;
}
