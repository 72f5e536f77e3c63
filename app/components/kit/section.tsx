/**
 * A page section named by its heading: an h2 with `id` that labels the section (screen readers
 * list it as a region). `anchor` is the section's own id when links jump to it (`#queue`).
 */
export function Section({
  id,
  title,
  className,
  headingClassName = "text-lg font-bold",
  anchor,
  testId,
  children,
}: {
  id: string;
  title: React.ReactNode;
  className: string;
  headingClassName?: string;
  anchor?: string;
  testId?: string;
  children?: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className} id={anchor} data-testid={testId}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
