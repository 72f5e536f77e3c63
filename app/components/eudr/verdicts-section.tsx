import { CodeLink } from "#app/components/kit/code-link";
import { DataTable } from "#app/components/kit/data-table";
import { type EudrData, EvidenceList, h2, section, Verdict } from "./shared";

type Row = EudrData["verdicts"][number];

/** The latest verdicts, with the layers behind each and a GeoJSON export link. */
export function VerdictsSection({ verdicts }: { verdicts: EudrData["verdicts"] }) {
  return (
    <section className={section} aria-labelledby="verdicts-title">
      <h2 id="verdicts-title" className={h2}>
        Recent verdicts
      </h2>
      <DataTable<Row>
        empty={<p className="mt-2 text-sm text-slate-600">No plot has been assessed yet.</p>}
        labelledBy="verdicts-title"
        className="mt-2"
        tableClassName="w-full text-sm"
        testId="verdicts-table"
        stack
        rows={verdicts}
        rowKey={(v) => v.id}
        rowClassName="border-t align-top"
        columns={[
          {
            header: "Plot",
            cell: (v) => <CodeLink to={`/land-plot-details/${v.plotId}`} code={v.plotCode} sub={v.county} />,
          },
          {
            header: "Verdict",
            cell: (v) => (
              <>
                <Verdict verdict={v.verdict} />
                <span className="mt-1 block text-xs text-slate-700">{v.reasons[0]}</span>
              </>
            ),
          },
          { header: "Evidence", cellClassName: "text-xs", cell: (v) => <EvidenceList evidence={v.evidence} /> },
          {
            header: "Assessed",
            cellClassName: "text-xs whitespace-nowrap",
            cell: (v) => `${v.assessedAt.slice(0, 16).replace("T", " ")} UTC`,
          },
          {
            header: "Export",
            cell: (v) => (
              <a href={`/api/eudr/export?plotIds=${encodeURIComponent(v.plotId)}`} className="text-green-800 underline">
                GeoJSON
              </a>
            ),
          },
        ]}
      />
    </section>
  );
}
