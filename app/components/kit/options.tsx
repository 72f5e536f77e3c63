/**
 * The `<option>`s of a select: first the empty choice (`none`, e.g. "Choose a county" or "All") if
 * given, then one per item; an item's value and text are the item itself unless `value`/`text` say otherwise.
 */
export function Options<T>({
  none,
  items,
  value = String,
  text = value,
}: {
  none?: React.ReactNode;
  items: readonly T[];
  value?: (item: T) => string;
  text?: (item: T) => React.ReactNode;
}) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {items.map((item) => (
        <option key={value(item)} value={value(item)}>
          {text(item)}
        </option>
      ))}
    </>
  );
}

/** The `<option>`s of `[value, label]` pairs (e.g. a status and its wording), after the empty choice `none` if given. */
export function PairOptions({
  none,
  pairs,
}: {
  none?: React.ReactNode;
  pairs: readonly (readonly [string, React.ReactNode])[];
}) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {pairs.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}
