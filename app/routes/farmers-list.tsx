import { Link } from "react-router";
import { listHref } from "#app/components/filter-form";
import { DataTable } from "#app/components/kit/data-table";
import { Options } from "#app/components/kit/options";
import { pageMeta } from "#app/components/kit/page-meta";
import { Pagination } from "#app/components/kit/pagination";
import { COUNTIES } from "#worker/content/counties";
import { CROPS } from "#worker/domain/commodities";
import { WorkShell } from "../components/work-shell";
import type { Route } from "./+types/farmers-list";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { loader } from "./farmers-list.server";

const TITLE = "Farmers";

export const meta = () => pageMeta(TITLE);

const fieldClass = "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5";

type Farmer = Route.ComponentProps["loaderData"]["farmers"][number];

export default function FarmersList({ loaderData }: Route.ComponentProps) {
  const { user, search, farmers, total, page, pageCount, pageSize, ignored } = loaderData;
  const href = (p: number) => listHref("/farmers-list", { q: search.q, county: search.county, crop: search.crop }, p);
  const filtered = Boolean(search.q || search.county || search.crop);
  const first = (page - 1) * pageSize + 1;
  return (
    <WorkShell title={TITLE} user={user}>
      <search>
        <form
          method="get"
          action="/farmers-list"
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
          {(
            [
              ["county", "County", "All counties", COUNTIES],
              ["crop", "Crop", "All crops", CROPS],
            ] as const
          ).map(([name, label, all, options]) => (
            <div key={name}>
              <label htmlFor={name} className="block font-semibold">
                {label}
              </label>
              <select id={name} name={name} defaultValue={search[name]} className={fieldClass}>
                <Options none={all} items={options} />
              </select>
            </div>
          ))}
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
      </search>

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
        <DataTable<Farmer>
          className="mt-2"
          tableClassName="w-full border-collapse bg-white text-sm shadow-sm"
          caption={`Registered farmers, page ${page} of ${pageCount}`}
          rows={farmers}
          rowKey={(f) => f.farmerId}
          rowClassName="border-t border-slate-200 align-top"
          columns={[
            {
              header: "Farmer",
              cell: (f) => (
                <>
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
                </>
              ),
            },
            {
              header: "County and community",
              className: "hidden sm:table-cell",
              cell: (f) => (
                <>
                  {f.county}
                  {f.community && <span className="block text-slate-600">{f.community}</span>}
                </>
              ),
            },
            { header: "Crops", className: "hidden md:table-cell", cell: (f) => f.crops.join(", ") },
            {
              header: "Phone",
              className: "hidden sm:table-cell",
              cellClassName: "whitespace-nowrap",
              cell: (f) => f.phone ?? "—",
            },
            {
              header: "Registered",
              className: "hidden lg:table-cell",
              cellClassName: "whitespace-nowrap",
              cell: (f) => f.registrationDate,
            },
          ]}
        />
      )}

      <Pagination
        numbered
        page={page}
        pageCount={pageCount}
        href={href}
        label="Result pages"
        prev="‹ Previous"
        next="Next ›"
        status={`Page ${page} of ${pageCount.toLocaleString("en-US")}`}
      />
    </WorkShell>
  );
}
