import { Link } from "react-router";
import { pageMeta } from "#app/components/kit";
import { COUNTIES } from "#worker/content/counties";
import { CROPS } from "#worker/domain/commodities";
import { WorkShell } from "../components/work-shell";
import type { Route } from "./+types/farmers-list";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { loader } from "./farmers-list.server";

const TITLE = "Farmers";

export const meta = () => pageMeta(TITLE);

const fieldClass = "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5";

/** The page numbers to link: first, last, and two either side of the current one. */
function pageNumbers(page: number, count: number): (number | "gap")[] {
  const wanted = new Set([1, count, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= count));
  const sorted = [...wanted].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1]! > 1 ? ["gap" as const, n] : [n]));
}

export default function FarmersList({ loaderData }: Route.ComponentProps) {
  const { user, search, farmers, total, page, pageCount, pageSize, ignored } = loaderData;
  const href = (p: number) => {
    const params = new URLSearchParams();
    if (search.q) params.set("q", search.q);
    if (search.county) params.set("county", search.county);
    if (search.crop) params.set("crop", search.crop);
    if (p > 1) params.set("page", String(p));
    const qs = params.toString();
    return qs ? `/farmers-list?${qs}` : "/farmers-list";
  };
  const filtered = Boolean(search.q || search.county || search.crop);
  const first = (page - 1) * pageSize + 1;
  return (
    <WorkShell title={TITLE} user={user}>
      <form
        method="get"
        action="/farmers-list"
        role="search"
        className="grid gap-3 rounded-md bg-white p-3 shadow-sm sm:grid-cols-4 sm:items-end"
      >
        <div className="sm:col-span-2">
          <label htmlFor="q" className="block font-semibold">
            Name, farmer ID or phone
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={search.q}
            placeholder="e.g. Kollie, FRM000123, 0770 123 456"
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor="county" className="block font-semibold">
            County
          </label>
          <select id="county" name="county" defaultValue={search.county} className={fieldClass}>
            <option value="">All counties</option>
            {COUNTIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="crop" className="block font-semibold">
            Crop
          </label>
          <select id="crop" name="crop" defaultValue={search.crop} className={fieldClass}>
            <option value="">All crops</option>
            {CROPS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-4 sm:col-span-4">
          <button type="submit" className="rounded-md bg-green-800 px-5 py-2.5 font-semibold text-white">
            Search
          </button>
          {filtered && (
            <Link to="/farmers-list" className="font-semibold text-green-900 underline">
              Clear search
            </Link>
          )}
        </div>
      </form>

      {ignored.length > 0 && (
        <p className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-950">
          Some search values were not understood and were ignored: {ignored.join(", ")}.
        </p>
      )}

      <p className="mt-4 font-semibold" role="status" data-testid="result-count">
        {total === 0
          ? "No farmers match"
          : `${total.toLocaleString("en-US")} ${total === 1 ? "farmer" : "farmers"}${filtered ? " match" : " registered"}${pageCount > 1 ? ` — showing ${first.toLocaleString("en-US")} to ${(first + farmers.length - 1).toLocaleString("en-US")}` : ""}`}
      </p>

      {total === 0 ? (
        <p className="mt-2 text-slate-700">
          {filtered
            ? "Check the spelling, search by the start of the first or last name, or clear the filters."
            : "No farmer has been registered yet."}
        </p>
      ) : (
        <table className="mt-2 w-full border-collapse bg-white text-sm shadow-sm">
          <caption className="sr-only">
            Registered farmers, page {page} of {pageCount}
          </caption>
          <thead>
            <tr className="bg-slate-100 text-left">
              <th scope="col" className="p-2">
                Farmer
              </th>
              <th scope="col" className="hidden p-2 sm:table-cell">
                County and community
              </th>
              <th scope="col" className="hidden p-2 md:table-cell">
                Crops
              </th>
              <th scope="col" className="hidden p-2 sm:table-cell">
                Phone
              </th>
              <th scope="col" className="hidden p-2 lg:table-cell">
                Registered
              </th>
            </tr>
          </thead>
          <tbody>
            {farmers.map((f) => (
              <tr key={f.farmerId} className="border-t border-slate-200 align-top">
                <td className="p-2">
                  <Link to={`/farmers/${f.farmerId}`} className="font-semibold text-green-900 underline">
                    {f.name}
                  </Link>
                  <span className="block font-mono text-xs text-slate-700">{f.farmerId}</span>
                  {/* On a phone the other columns are hidden: the essentials go here. */}
                  <span className="block text-xs text-slate-700 sm:hidden">
                    {f.county}
                    {f.community ? `, ${f.community}` : ""} · {f.crops.join(", ")}
                  </span>
                  {f.status !== "active" && (
                    <span className="mt-1 inline-block rounded bg-slate-200 px-1 text-xs">{f.status}</span>
                  )}
                </td>
                <td className="hidden p-2 sm:table-cell">
                  {f.county}
                  {f.community && <span className="block text-slate-600">{f.community}</span>}
                </td>
                <td className="hidden p-2 md:table-cell">{f.crops.join(", ")}</td>
                <td className="hidden p-2 whitespace-nowrap sm:table-cell">{f.phone ?? "—"}</td>
                <td className="hidden p-2 whitespace-nowrap lg:table-cell">{f.registrationDate}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {pageCount > 1 && (
        <nav aria-label="Result pages" className="mt-4 flex flex-wrap items-center gap-1 text-sm">
          {page > 1 && (
            <Link
              to={href(page - 1)}
              rel="prev"
              className="rounded border border-slate-300 bg-white px-3 py-2 font-semibold"
            >
              ‹ Previous
            </Link>
          )}
          {pageNumbers(page, pageCount).map((n, i) =>
            n === "gap" ? (
              <span key={`gap-${i}`} className="px-1">
                …
              </span>
            ) : n === page ? (
              <span key={n} aria-current="page" className="rounded bg-green-800 px-3 py-2 font-semibold text-white">
                {n}
              </span>
            ) : (
              <Link
                key={n}
                to={href(n)}
                aria-label={`Page ${n}`}
                className="rounded border border-slate-300 bg-white px-3 py-2"
              >
                {n}
              </Link>
            ),
          )}
          {page < pageCount && (
            <Link
              to={href(page + 1)}
              rel="next"
              className="rounded border border-slate-300 bg-white px-3 py-2 font-semibold"
            >
              Next ›
            </Link>
          )}
          <span className="ml-2 text-slate-700">
            Page {page} of {pageCount.toLocaleString("en-US")}
          </span>
        </nav>
      )}
    </WorkShell>
  );
}
