/** A link as `[href, label]`. */
export type MoreLink = readonly [href: string, label: string];

/**
 * A dashboard's list of further screens: a titled `<nav>` of plain links (works with JavaScript
 * off). `id` names the heading the nav is labelled by; `className` styles the nav (a card, say).
 */
export function MoreLinks({
  links,
  title = "More",
  id = "more",
  className,
}: {
  links: readonly MoreLink[];
  title?: string;
  id?: string;
  className?: string;
}) {
  return (
    <nav aria-labelledby={id} className={className}>
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <ul className="mt-1 space-y-1">
        {links.map(([href, label]) => (
          <li key={href}>
            <a href={href} className="text-green-800 underline">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
