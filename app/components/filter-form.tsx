import { Link } from "react-router";
import { PairOptions } from "#app/components/kit/options";

export type SelectFilter = {
  name: string;
  label: string;
  value: string | undefined;
  options: readonly (readonly [value: string, label: string])[];
};

/** One select filter: its `values` in order, each shown by its entry in `labels` (or as itself). */
export function selectFilter(
  name: string,
  label: string,
  value: string | undefined,
  values: readonly string[],
  labels?: Readonly<Partial<Record<string, string>>>,
): SelectFilter {
  return { name, label, value, options: values.map((v) => [v, labels?.[v] ?? v] as const) };
}

const select = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2";

/**
 * The GET filter form of the list pages: one select per filter ("All" first), any extra fields,
 * then "Filter" and a "Reset" link back to the unfiltered list. Plain GET: works with JavaScript off.
 */
export function FilterForm({
  label,
  filters,
  resetTo,
  className,
  children,
}: {
  label: string;
  filters: SelectFilter[];
  resetTo: string;
  /** Grid columns on wider screens, e.g. "sm:grid-cols-5". */
  className: string;
  children?: React.ReactNode;
}) {
  return (
    <form
      method="get"
      className={`grid grid-cols-2 gap-3 rounded-md border border-slate-200 bg-white p-3 ${className}`}
      aria-label={label}
    >
      {filters.map((f) => (
        <label key={f.name} className="text-sm font-semibold">
          {f.label}
          <select name={f.name} defaultValue={f.value ?? ""} className={select}>
            <PairOptions none="All" pairs={f.options} />
          </select>
        </label>
      ))}
      {children}
      <div className="flex items-end gap-2">
        <button type="submit" className="rounded-md bg-green-800 px-4 py-2 font-semibold text-white">
          Filter
        </button>
        <Link to={resetTo} className="py-2 text-sm text-green-800 underline">
          Reset
        </Link>
      </div>
    </form>
  );
}

/** The line under a filtered list: how many match ("1 batch", "1,204 batches") and which page, then `children`. */
export function ListTotal({
  total,
  one,
  many,
  page,
  pages,
  testId,
  children,
}: {
  total: number;
  one: string;
  many: string;
  page: number;
  pages: number;
  testId: string;
  children?: React.ReactNode;
}) {
  return (
    <p className="mt-3 text-sm" data-testid={testId}>
      {total === 1 ? `1 ${one}` : `${total.toLocaleString("en")} ${many}`}
      {pages > 1 ? ` · page ${page} of ${pages}` : ""}
      {children}
    </p>
  );
}

/** "?a=1&page=2" from a filter object (empty values left out; page 1 is the default). */
export function listHref(path: string, filter: Record<string, string | boolean | undefined | null>, page: number) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v) q.set(k, v === true ? "1" : String(v));
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
