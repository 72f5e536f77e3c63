import { Link } from "react-router";
import { DataTable } from "#app/components/kit/data-table";
import { RISK_WORDS } from "#app/content/batches";
import { type BatchData, kg } from "./shared";

type Origin = BatchData["origins"][number];

/** The plots the batch's produce came from, with their farmer, share and verdict. */
export function OriginsTable({ d }: { d: BatchData }) {
  const staffLink = (to: string, text: string) =>
    d.staffLinks ? (
      <Link to={to} className="text-green-800 underline">
        {text}
      </Link>
    ) : (
      text
    );
  return (
    <section aria-labelledby="origins" className="mt-6">
      <h2 id="origins" className="mb-2 text-lg font-bold">
        Origin plots
      </h2>
      <DataTable<Origin>
        empty={<p className="text-slate-600">No origin plot to show.</p>}
        labelledBy="origins"
        testId="origins-table"
        stack
        rows={d.origins}
        rowKey={(o) => o.plotId}
        columns={[
          {
            header: "Plot",
            cellClassName: "font-mono",
            cell: (o) => staffLink(`/land-plot-details/${o.plotId}`, o.plotCode ?? o.plotId),
          },
          {
            header: "Farmer",
            cell: (o) => (
              <>
                {o.farmerName ?? "—"}
                <span className="block font-mono text-xs">{staffLink(`/farmers/${o.farmerId}`, o.farmerId)}</span>
              </>
            ),
          },
          { header: "County", cell: (o) => o.county ?? "—" },
          {
            header: "Area",
            className: "text-right",
            cellClassName: "tabular-nums",
            cell: (o) =>
              o.areaHectares == null ? "—" : `${o.areaHectares.toLocaleString("en", { maximumFractionDigits: 2 })} ha`,
          },
          { header: "Share", className: "text-right", cellClassName: "tabular-nums", cell: (o) => kg(o.weightKg) },
          {
            header: "Verdict",
            cellClassName: (o) =>
              o.validationState !== "valid" || o.riskLevel === "high" ? "font-semibold text-red-700" : "",
            cell: (o) =>
              o.validationState !== "valid"
                ? "Invalid geometry"
                : o.riskLevel
                  ? (RISK_WORDS[o.riskLevel] ?? o.riskLevel)
                  : "Not assessed",
          },
        ]}
      />
      {d.hiddenOrigins > 0 && (
        <p className="mt-1 text-sm text-slate-600">
          This batch also holds produce from {d.hiddenOrigins} plot{d.hiddenOrigins === 1 ? "" : "s"} of other farmers.
        </p>
      )}
    </section>
  );
}
