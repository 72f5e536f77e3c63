import { Link } from "react-router";
import { type EudrData, EvidenceList, h2, section, Verdict } from "./shared";

/** The latest verdicts, with the layers behind each and a GeoJSON export link. */
export function VerdictsSection({ verdicts }: { verdicts: EudrData["verdicts"] }) {
  return (
    <section className={section} aria-labelledby="verdicts-title">
      <h2 id="verdicts-title" className={h2}>
        Recent verdicts
      </h2>
      {verdicts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No plot has been assessed yet.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-sm" data-testid="verdicts-table">
            <thead>
              <tr className="bg-slate-100 text-left">
                <th scope="col" className="p-2">
                  Plot
                </th>
                <th scope="col" className="p-2">
                  Verdict
                </th>
                <th scope="col" className="p-2">
                  Evidence
                </th>
                <th scope="col" className="p-2">
                  Assessed
                </th>
                <th scope="col" className="p-2">
                  Export
                </th>
              </tr>
            </thead>
            <tbody>
              {verdicts.map((v) => (
                <tr key={v.id} className="border-t align-top">
                  <td className="p-2">
                    <Link to={`/land-plot-details/${v.plotId}`} className="font-mono text-green-800 underline">
                      {v.plotCode}
                    </Link>
                    <span className="block text-xs text-slate-500">{v.county}</span>
                  </td>
                  <td className="p-2">
                    <Verdict verdict={v.verdict} />
                    <span className="mt-1 block text-xs text-slate-700">{v.reasons[0]}</span>
                  </td>
                  <td className="p-2 text-xs">
                    <EvidenceList evidence={v.evidence} />
                  </td>
                  <td className="p-2 text-xs whitespace-nowrap">{v.assessedAt.slice(0, 16).replace("T", " ")} UTC</td>
                  <td className="p-2">
                    <a
                      href={`/api/eudr/export?plotIds=${encodeURIComponent(v.plotId)}`}
                      className="text-green-800 underline"
                    >
                      GeoJSON
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
