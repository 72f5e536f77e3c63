import { BatchQr, PublicNotFound, PublicShell } from "#app/components/brand";
import { Facts } from "#app/components/kit/facts";
import { pageMeta } from "#app/components/kit/page-meta";
import { monthYear } from "#app/lib/dates";
import { COUNTY_CENTRES, LIBERIA_BBOX } from "#worker/domain/counties-geo";
import { LIBERIA_OUTLINE, ORIGIN_CELL_DEGREES, type OriginCell } from "#worker/domain/public-trace";
import { BATCH_TITLES, COMPLIANCE_BADGE, TRACE_TEXT } from "../content/batches";
import type { Route } from "./+types/qr";

export { loader } from "./qr.server";

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? "no-store" };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data?.trace) return pageMeta(TRACE_TEXT.notFoundTitle);
  // The public trace page of a batch may be indexed: it is what a QR label points to.
  return pageMeta(`${BATCH_TITLES.trace} ${data.trace.batchCode}`, {
    index: true,
    extra: [
      {
        name: "description",
        content: `${data.trace.commodity} from ${data.trace.counties.join(", ") || "Liberia"}: ${data.trace.complianceLabel}`,
      },
    ],
  });
}

const kg = (n: number) => `${n.toLocaleString("en-US", { maximumFractionDigits: 0 })} kg`;
const month = monthYear;

export default function PublicTrace({ loaderData }: Route.ComponentProps) {
  const { trace, code } = loaderData;
  const shipment = "shipment" in loaderData ? loaderData.shipment : null;
  return (
    <PublicShell sub="Public batch trace">
      {!trace ? (
        <PublicNotFound testId="trace-not-found" title={TRACE_TEXT.notFoundTitle}>
          <p>{TRACE_TEXT.notFound(code)}</p>
        </PublicNotFound>
      ) : (
        <>
          <h1 className="text-2xl font-extrabold break-words">
            {trace.commodity} · <span className="font-mono text-xl">{trace.batchCode}</span>
          </h1>
          <p className="mt-1 text-sm text-slate-700">{TRACE_TEXT.intro}</p>
          <p className="mt-3">
            <span
              className={`inline-block rounded px-2 py-1 font-bold ${COMPLIANCE_BADGE[trace.complianceStatus] ?? ""}`}
              data-testid="trace-compliance"
            >
              {trace.complianceLabel}
            </span>
          </p>
          <Facts
            className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 rounded-md bg-white p-4 text-sm shadow-sm sm:grid-cols-3"
            facts={[
              ["Commodity", trace.commodity],
              ["HS code", `${trace.hsCode}${trace.hsDescription ? ` — ${trace.hsDescription}` : ""}`],
              ["Quality grade", trace.grade ?? "Not graded"],
              ["Weight", kg(trace.weightKg)],
              ["Harvest", trace.harvestMonth ? month(trace.harvestMonth) : "—"],
              [trace.counties.length > 1 ? "Counties of origin" : "County of origin", trace.counties.join(", ") || "—"],
              ["Current stage", trace.status],
              ["Origin plots", String(trace.plotCount)],
              ["EU due diligence statement", trace.ddsRecorded ? "Filed by the EU buyer" : "Not yet recorded"],
              ...(shipment
                ? ([
                    [
                      "Shipment",
                      `Exported in shipment ${shipment.code}${shipment.exportedOn ? ` on ${shipment.exportedOn}` : ""}`,
                    ],
                  ] as [string, string][])
                : []),
            ]}
          />

          <section aria-labelledby="timeline" className="mt-6">
            <h2 id="timeline" className="mb-2 text-lg font-bold">
              Chain of custody
            </h2>
            <ol className="space-y-2 border-l-2 border-green-700 pl-4" data-testid="trace-timeline">
              {trace.timeline.map((e) => (
                <li
                  key={`${e.batchCode}-${e.stage}-${e.date}-${e.by}-${e.place ?? ""}`}
                  className="rounded-md bg-white p-3 text-sm shadow-sm"
                >
                  <p className="font-semibold">{e.stage}</p>
                  <p className="text-slate-700">
                    <time dateTime={e.date}>{e.date}</time>
                    {e.place ? ` · ${e.place}` : ""} · {e.by}
                    {e.batchCode !== trace.batchCode ? ` · as batch ${e.batchCode}` : ""}
                  </p>
                </li>
              ))}
            </ol>
          </section>

          <section aria-labelledby="origin-map" className="mt-6">
            <h2 id="origin-map" className="mb-2 text-lg font-bold">
              Where it was grown
            </h2>
            <OriginMap cells={trace.cells} counties={trace.counties} />
            <p className="mt-1 text-xs text-slate-600">{TRACE_TEXT.mapNote}</p>
          </section>

          <section aria-labelledby="qr" className="mt-6 text-center">
            <h2 id="qr" className="font-bold">
              QR code of this page
            </h2>
            <BatchQr
              code={trace.batchCode}
              alt={`QR code linking to this page for batch ${trace.batchCode}`}
              className="mx-auto mt-2 h-40 w-40"
            />
          </section>
        </>
      )}
    </PublicShell>
  );
}

/** Map units: 100 per degree, with a 0.1° margin around Liberia's bounding box. */
const WEST = LIBERIA_BBOX.minLon - 0.1;
const NORTH = LIBERIA_BBOX.maxLat + 0.1;
const W = Math.round((LIBERIA_BBOX.maxLon + 0.1 - WEST) * 100);
const H = Math.round((NORTH - (LIBERIA_BBOX.minLat - 0.1)) * 100);
const x = (lon: number) => Math.round((lon - WEST) * 100);
const y = (lat: number) => Math.round((NORTH - lat) * 100);
const OUTLINE = `${LIBERIA_OUTLINE.map(([lon, lat], i) => `${i ? "L" : "M"}${x(lon)} ${y(lat)}`).join(" ")}Z`;

/**
 * A small inline map: Liberia's outline, the counties of origin by name, and the 0.1° cells
 * that hold origin plots, each with its plot count. Drawn from cells only, never from plots.
 */
function OriginMap({ cells, counties }: { cells: OriginCell[]; counties: string[] }) {
  const size = Math.round(ORIGIN_CELL_DEGREES * 100);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby="origin-map-desc"
      className="h-auto w-full max-w-md rounded-md bg-sky-50"
    >
      <desc id="origin-map-desc">
        {cells.length
          ? `${cells.reduce((s, c) => s + c.plots, 0)} origin plots in ${cells.length} area${cells.length === 1 ? "" : "s"} of about 11 km, in ${counties.join(", ") || "Liberia"}.`
          : "No mapped origin plot."}
      </desc>
      <path d={OUTLINE} fill="#ecfccb" stroke="#4d7c0f" strokeWidth={2} />
      {counties.map((c) => {
        const centre = COUNTY_CENTRES[c];
        if (!centre) return null;
        return (
          <text key={c} x={x(centre[0])} y={y(centre[1])} fontSize={14} textAnchor="middle" fill="#334155">
            {c.replace(/ County$/, "")}
          </text>
        );
      })}
      {cells.map((c) => (
        <g key={`${c.west}:${c.south}`}>
          <circle cx={x(c.west) + size / 2} cy={y(c.south) - size / 2} r={14} fill="#15803d" fillOpacity={0.25} />
          <rect x={x(c.west)} y={y(c.south) - size} width={size} height={size} fill="#15803d" />
          <text x={x(c.west) + size + 4} y={y(c.south) - size / 2 + 5} fontSize={14} fontWeight="bold" fill="#14532d">
            {c.plots}
          </text>
        </g>
      ))}
    </svg>
  );
}
