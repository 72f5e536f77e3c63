import { Link } from "react-router";
import { FilterForm, ListTotal, listHref, selectFilter } from "#app/components/filter-form";
import { CodeLink } from "#app/components/kit/code-link";
import { DataTable } from "#app/components/kit/data-table";
import { pageMeta } from "#app/components/kit/page-meta";
import { Pagination } from "#app/components/kit/pagination";
import { COUNTIES } from "#worker/content/counties";
import { PLOT_TITLES, RISK_FILTERS, RISK_LABEL, VALIDATION_STATES } from "#worker/content/land-plots";
import { CROPS } from "#worker/domain/commodities";
import { WorkShell } from "../components/work-shell";
import type { Route } from "./+types/land-plots-list";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { loader } from "./land-plots-list.server";

export const meta = () => pageMeta(PLOT_TITLES.list);

const VALIDATION_LABEL: Record<string, string> = { valid: "Valid", invalid: "Invalid" };
type Plot = Route.ComponentProps["loaderData"]["plots"][number];

export default function LandPlotsList({ loaderData }: Route.ComponentProps) {
  const { filter, page, pages, total, plots, canCreate } = loaderData;
  const filters = [
    selectFilter("county", "County", filter.county, COUNTIES),
    selectFilter("crop", "Crop", filter.crop, CROPS),
    selectFilter("risk", "Risk", filter.risk, RISK_FILTERS, RISK_LABEL),
    selectFilter("validation", "Validation", filter.validation, VALIDATION_STATES, VALIDATION_LABEL),
  ];
  return (
    <WorkShell title={PLOT_TITLES.list} user={loaderData.user}>
      <FilterForm label="Filter plots" filters={filters} resetTo="/land-plots-list" className="sm:grid-cols-5" />

      <ListTotal total={total} one="plot" many="plots" page={page} pages={pages} testId="plots-total">
        {canCreate && (
          <>
            {" · "}
            <Link to="/create-land-plot" className="font-semibold text-green-800 underline">
              Register a plot
            </Link>
          </>
        )}
      </ListTotal>

      <DataTable<Plot>
        empty={<p className="mt-4 text-slate-600">No plots match these filters.</p>}
        label="Land plots"
        className="mt-2"
        testId="plots-table"
        stack
        rows={plots}
        rowKey={(p) => p.id}
        columns={[
          {
            header: "Plot",
            cell: (p) => <CodeLink to={`/land-plot-details/${p.id}`} code={p.plotCode} sub={p.geometryType} />,
          },
          {
            header: "Farmer",
            cell: (p) => (
              <>
                {p.farmerName ?? "—"}
                <span className="block font-mono text-xs text-slate-500">{p.farmerId}</span>
              </>
            ),
          },
          { header: "County", cell: (p) => p.county ?? "—" },
          { header: "Crop", cell: (p) => p.crop ?? "—" },
          {
            header: "Area",
            className: "text-right",
            cellClassName: "tabular-nums",
            cell: (p) => `${p.areaHectares.toLocaleString("en", { maximumFractionDigits: 2 })} ha`,
          },
          { header: "Risk", cell: (p) => (p.riskLevel ? (RISK_LABEL[p.riskLevel] ?? p.riskLevel) : "Not assessed") },
          {
            header: "Validation",
            cellClassName: (p) => (p.validationState === "valid" ? "text-green-800" : "font-semibold text-red-700"),
            cell: (p) => VALIDATION_LABEL[p.validationState] ?? p.validationState,
          },
        ]}
      />

      <Pagination
        page={page}
        pageCount={pages}
        href={(p) => listHref("/land-plots-list", filter, p)}
        status={`Page ${page} of ${pages}`}
      />
    </WorkShell>
  );
}
