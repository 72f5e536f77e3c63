import { CsrfInput } from "#app/components/kit";
import { type EudrData, h2, SampleBadge, section } from "./shared";

/** The reference layers in use, and (demo mode, administrators) the button that loads the sample layers. */
export function LayersSection({ d }: { d: EudrData }) {
  const { user, canManage, demo, layers } = d;
  return (
    <section className={section} aria-labelledby="layers-title">
      <h2 id="layers-title" className={h2}>
        Reference layers in use
      </h2>
      {layers.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="no-layers">
          No reference layers yet: every plot gets “More information needed” until an administrator uploads them.
        </p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-sm" data-testid="layers-table">
            <thead>
              <tr className="bg-slate-100 text-left">
                <th scope="col" className="p-2">
                  Kind
                </th>
                <th scope="col" className="p-2">
                  Name
                </th>
                <th scope="col" className="p-2">
                  Source
                </th>
                <th scope="col" className="p-2">
                  Date
                </th>
                <th scope="col" className="p-2">
                  Version
                </th>
                <th scope="col" className="p-2 text-right">
                  Features
                </th>
              </tr>
            </thead>
            <tbody>
              {layers.map((l) => (
                <tr key={l.id} className="border-t align-top">
                  <td className="p-2">{l.kindLabel}</td>
                  <td className="p-2">
                    {l.name}
                    {l.sample && <SampleBadge />}
                  </td>
                  <td className="p-2 text-xs text-slate-700">{l.source}</td>
                  <td className="p-2 whitespace-nowrap">{l.sourceDate}</td>
                  <td className="p-2">
                    <a
                      href={`/api/eudr/layers/${l.id}/geojson`}
                      className="text-green-800 underline"
                      title="Download the original file"
                    >
                      {l.version}
                    </a>
                  </td>
                  <td className="p-2 text-right tabular-nums">{l.featureCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canManage && demo && (
        <form method="post" className="mt-3">
          <CsrfInput token={user.csrf} />
          <input type="hidden" name="intent" value="install-sample" />
          <button
            type="submit"
            className="rounded-md border border-amber-600 bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-950"
          >
            Load the sample layers for Liberia
          </button>
          <span className="ml-2 text-xs text-slate-600">Demo mode only. Sample data — not authoritative.</span>
        </form>
      )}
    </section>
  );
}
