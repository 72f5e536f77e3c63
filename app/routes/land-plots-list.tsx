import { Link } from "react-router";
import { pageMeta } from "#app/components/kit";
import { COUNTIES } from "#worker/content/counties";
import { PLOT_TITLES, RISK_FILTERS, RISK_LABEL, VALIDATION_STATES } from "#worker/content/land-plots";
import { CROPS } from "#worker/domain/commodities";
import { WorkShell } from "../components/work-shell";
import type { Route } from "./+types/land-plots-list";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { loader } from "./land-plots-list.server";

export const meta = () => pageMeta(PLOT_TITLES.list);

const VALIDATION_LABEL: Record<string, string> = { valid: "Valid", invalid: "Invalid" };
const select = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-2";

export default function LandPlotsList({ loaderData }: Route.ComponentProps) {
  const { filter, page, pages, total, plots, canCreate } = loaderData;
  const query = (p: number) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(filter)) if (v) q.set(k, v);
    if (p > 1) q.set("page", String(p));
    const s = q.toString();
    return s ? `/land-plots-list?${s}` : "/land-plots-list";
  };
  const filters = [
    { name: "county", label: "County", value: filter.county, options: COUNTIES.map((c) => [c, c] as const) },
    { name: "crop", label: "Crop", value: filter.crop, options: CROPS.map((c) => [c, c] as const) },
    { name: "risk", label: "Risk", value: filter.risk, options: RISK_FILTERS.map((r) => [r, RISK_LABEL[r]!] as const) },
    {
      name: "validation",
      label: "Validation",
      value: filter.validation,
      options: VALIDATION_STATES.map((v) => [v, VALIDATION_LABEL[v]!] as const),
    },
  ];
  return (
    <WorkShell title={PLOT_TITLES.list} user={loaderData.user}>
      <form
        method="get"
        className="grid grid-cols-2 gap-3 rounded-md border border-slate-200 bg-white p-3 sm:grid-cols-5"
        aria-label="Filter plots"
      >
        {filters.map((f) => (
          <label key={f.name} className="text-sm font-semibold">
            {f.label}
            <select name={f.name} defaultValue={f.value ?? ""} className={select}>
              <option value="">All</option>
              {f.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        ))}
        <div className="flex items-end gap-2">
          <button type="submit" className="rounded-md bg-green-800 px-4 py-2 font-semibold text-white">
            Filter
          </button>
          <Link to="/land-plots-list" className="py-2 text-sm text-green-800 underline">
            Reset
          </Link>
        </div>
      </form>

      <p className="mt-3 text-sm" data-testid="plots-total">
        {total === 1 ? "1 plot" : `${total.toLocaleString("en")} plots`}
        {pages > 1 ? ` · page ${page} of ${pages}` : ""}
        {canCreate && (
          <>
            {" · "}
            <Link to="/create-land-plot" className="font-semibold text-green-800 underline">
              Register a plot
            </Link>
          </>
        )}
      </p>

      {plots.length === 0 ? (
        <p className="mt-4 text-slate-600">No plots match these filters.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full bg-white text-sm" data-testid="plots-table">
            <thead>
              <tr className="bg-slate-100 text-left">
                <th scope="col" className="p-2">
                  Plot
                </th>
                <th scope="col" className="p-2">
                  Farmer
                </th>
                <th scope="col" className="p-2">
                  County
                </th>
                <th scope="col" className="p-2">
                  Crop
                </th>
                <th scope="col" className="p-2 text-right">
                  Area
                </th>
                <th scope="col" className="p-2">
                  Risk
                </th>
                <th scope="col" className="p-2">
                  Validation
                </th>
              </tr>
            </thead>
            <tbody>
              {plots.map((p) => (
                <tr key={p.id} className="border-t">
                  <td className="p-2">
                    <Link to={`/land-plot-details/${p.id}`} className="font-mono text-green-800 underline">
                      {p.plotCode}
                    </Link>
                    <span className="block text-xs text-slate-500">{p.geometryType}</span>
                  </td>
                  <td className="p-2">
                    {p.farmerName ?? "—"}
                    <span className="block font-mono text-xs text-slate-500">{p.farmerId}</span>
                  </td>
                  <td className="p-2">{p.county ?? "—"}</td>
                  <td className="p-2">{p.crop ?? "—"}</td>
                  <td className="p-2 text-right tabular-nums">
                    {p.areaHectares.toLocaleString("en", { maximumFractionDigits: 2 })} ha
                  </td>
                  <td className="p-2">{p.riskLevel ? (RISK_LABEL[p.riskLevel] ?? p.riskLevel) : "Not assessed"}</td>
                  <td
                    className={`p-2 ${p.validationState === "valid" ? "text-green-800" : "font-semibold text-red-700"}`}
                  >
                    {VALIDATION_LABEL[p.validationState] ?? p.validationState}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {pages > 1 && (
        <nav aria-label="Pages" className="mt-3 flex items-center gap-4 text-sm">
          {page > 1 ? (
            <Link to={query(page - 1)} rel="prev" className="font-semibold text-green-800 underline">
              ← Previous
            </Link>
          ) : (
            <span className="text-slate-400">← Previous</span>
          )}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={query(page + 1)} rel="next" className="font-semibold text-green-800 underline">
              Next →
            </Link>
          ) : (
            <span className="text-slate-400">Next →</span>
          )}
        </nav>
      )}
    </WorkShell>
  );
}
