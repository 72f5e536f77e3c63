import { Link } from "react-router";

/** The page numbers to link: first, last, and two either side of the current one. */
export function pageNumbers(page: number, count: number): (number | "gap")[] {
  const wanted = new Set([1, count, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= count));
  const sorted = [...wanted].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1]! > 1 ? ["gap" as const, n] : [n]));
}

const box = "rounded border border-slate-300 bg-white px-3 py-2";

/**
 * Server-driven pager: plain links (`href(page)` builds each URL with the page's filters), so it
 * works with JavaScript off. Nothing is shown for a single page.
 * - default: "← Previous" and "Next →", greyed out (or `hideEnds`) at either end, `status` between;
 * - `numbered`: page numbers around the current one, the ends hidden rather than greyed out.
 */
export function Pagination({
  page,
  pageCount,
  href,
  label = "Pages",
  prev = "← Previous",
  next = "Next →",
  status,
  numbered = false,
  hideEnds = false,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  label?: string;
  prev?: string;
  next?: string;
  status?: React.ReactNode;
  numbered?: boolean;
  /** At the first or last page, leave the missing link's place empty instead of greyed out. */
  hideEnds?: boolean;
}) {
  if (pageCount <= 1) return null;
  if (numbered)
    return (
      <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-1 text-sm">
        {page > 1 && (
          <Link to={href(page - 1)} rel="prev" className={`${box} font-semibold`}>
            {prev}
          </Link>
        )}
        {pageNumbers(page, pageCount).map((n, i, all) =>
          n === "gap" ? (
            // A gap sits between two distinct page numbers: the next one names it.
            <span key={`gap-before-${all[i + 1]}`} className="px-1">
              …
            </span>
          ) : n === page ? (
            <span key={n} aria-current="page" className="rounded bg-green-800 px-3 py-2 font-semibold text-white">
              {n}
            </span>
          ) : (
            <Link key={n} to={href(n)} aria-label={`Page ${n}`} className={box}>
              {n}
            </Link>
          ),
        )}
        {page < pageCount && (
          <Link to={href(page + 1)} rel="next" className={`${box} font-semibold`}>
            {next}
          </Link>
        )}
        {status && <span className="ml-2 text-slate-700">{status}</span>}
      </nav>
    );
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center gap-4 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="font-semibold text-green-800 underline">
          {prev}
        </Link>
      ) : (
        <span className="text-slate-600">{hideEnds ? null : prev}</span>
      )}
      {status && <span>{status}</span>}
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className="font-semibold text-green-800 underline">
          {next}
        </Link>
      ) : (
        <span className="text-slate-600">{hideEnds ? null : next}</span>
      )}
    </nav>
  );
}
