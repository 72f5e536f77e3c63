/**
 * A list of white cards, one an item (requests, queued batches, certificates, payments): `children`
 * draws what each card says; `testId` names each card for tests.
 */
export function CardList<T>({
  items,
  itemKey,
  testId,
  className = "mt-3 space-y-3",
  cardClassName = "rounded-md border border-slate-200 bg-white p-3",
  children,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  testId?: (item: T) => string;
  /** The list's margin and spacing between cards. */
  className?: string;
  /** The card's look, when not the plain white card. */
  cardClassName?: string;
  children: (item: T) => React.ReactNode;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={itemKey(item)} className={cardClassName} data-testid={testId?.(item)}>
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
