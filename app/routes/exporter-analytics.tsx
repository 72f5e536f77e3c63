import { Bars } from "#app/components/bar-chart";
import { pageMeta } from "#app/components/kit/page-meta";
import { WorkShell } from "#app/components/work-shell";
import type { Route } from "./+types/exporter-analytics";

export { WorkErrorBoundary as ErrorBoundary } from "#app/components/work-shell";
export { loader } from "./exporter-analytics.server";

const TITLE = "My analytics";
export const meta = () => pageMeta(TITLE);

type Volume = { key: string; label: string; ordered: string; orders: number; shipped: string; shipments: number };
function VolumeTable({ rows, head, testId }: { rows: Volume[]; head: string; testId: string }) {
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead>
          <tr className="border-b border-slate-300">
            <th className="py-1 pr-2">{head}</th>
            <th className="py-1 pr-2">Ordered</th>
            <th className="py-1">Shipped</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-slate-100" data-key={r.key}>
              <td className="py-1 pr-2">{r.label}</td>
              <td className="py-1 pr-2" data-cell="ordered">
                {r.ordered} <span className="text-slate-600">({r.orders})</span>
              </td>
              <td className="py-1" data-cell="shipped">
                {r.shipped}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Filter({ label, links }: { label: string; links: { label: string; href: string; current: boolean }[] }) {
  return (
    <nav aria-label={label} className="mt-2 flex flex-wrap gap-2 text-sm">
      {links.map((l) => (
        <a
          key={l.href}
          href={l.href}
          aria-current={l.current ? "page" : undefined}
          className={`rounded border px-2 py-1 ${l.current ? "border-green-800 bg-green-800 text-white" : "border-slate-300 text-green-800 underline"}`}
        >
          {l.label}
        </a>
      ))}
    </nav>
  );
}

export default function ExporterAnalytics({ loaderData: d }: Route.ComponentProps) {
  const volumes = [
    { id: "commodity", title: "By commodity", head: "Commodity", v: d.byCommodity },
    { id: "destination", title: "By destination (EU buyer country)", head: "Destination", v: d.byDestination },
    { id: "month", title: "By month", head: "Month", v: d.byMonth },
  ];
  return (
    <WorkShell title={TITLE} user={d.user}>
      <p className="text-slate-700">
        Figures of your own orders and shipments {d.since ? `since ${d.since}` : "of all time"}
        {d.commodity ? `, ${d.commodity} only` : ""}.
      </p>
      <Filter label="Period" links={d.periods} />
      <Filter label="Commodity" links={d.commodities} />

      <section className="mt-6" aria-labelledby="volumes">
        <h2 id="volumes" className="text-lg font-semibold">
          Volumes
        </h2>
        <p className="text-sm text-slate-700">
          Ordered: the quantity of your open and shipped orders, by order date (number of orders in brackets). Shipped:
          the weight that left, by export date, in your exported shipments or signed out by you at the port.
        </p>
        {volumes.map((s) => (
          <div key={s.id} className="mt-4">
            <h3 className="font-semibold">{s.title}</h3>
            {s.v.rows.length === 0 ? (
              <p className="text-sm text-slate-700">No orders or shipments in this period.</p>
            ) : (
              <>
                {s.v.chart && (
                  <Bars chart={s.v.chart} title={`Shipped weight ${s.title.toLowerCase()}`} id={`${s.id}-title`} />
                )}
                <VolumeTable rows={s.v.rows} head={s.head} testId={`volumes-${s.id}`} />
              </>
            )}
          </div>
        ))}
      </section>

      <section className="mt-6" aria-labelledby="compliance">
        <h2 id="compliance" className="text-lg font-semibold">
          Compliance of my stock
        </h2>
        <p className="text-sm text-slate-700">
          Of the batches you allocated to orders or put in shipments: the share marked EUDR-compliant today.
        </p>
        {d.compliance.count === 0 ? (
          <p className="text-sm text-slate-700">No batch allocated or shipped in this period.</p>
        ) : (
          <>
            {d.compliance.chart && (
              <Bars chart={d.compliance.chart} title="Share compliant" id="compliance-chart-title" />
            )}
            <table className="mt-2 w-full text-left text-sm" data-testid="compliance">
              <thead>
                <tr className="border-b border-slate-300">
                  <th className="py-1 pr-2" />
                  <th className="py-1 pr-2">Compliant</th>
                  <th className="py-1 pr-2">All</th>
                  <th className="py-1">Share</th>
                </tr>
              </thead>
              <tbody>
                <tr className="border-b border-slate-100" data-row="count">
                  <td className="py-1 pr-2">Batches</td>
                  <td className="py-1 pr-2">{d.compliance.compliantCount}</td>
                  <td className="py-1 pr-2">{d.compliance.count}</td>
                  <td className="py-1">{d.compliance.countRate}</td>
                </tr>
                <tr data-row="weight">
                  <td className="py-1 pr-2">Weight</td>
                  <td className="py-1 pr-2">{d.compliance.compliantWeight}</td>
                  <td className="py-1 pr-2">{d.compliance.weight}</td>
                  <td className="py-1">{d.compliance.weightRate}</td>
                </tr>
              </tbody>
            </table>
          </>
        )}
      </section>

      <section className="mt-6" aria-labelledby="prices">
        <h2 id="prices" className="text-lg font-semibold">
          Price paid to farmers and the world price
        </h2>
        <p className="text-sm text-slate-700">
          Paid: the price per kg on the purchases of the batches in your shipments, weighted by batch weight. World
          price: the mean of the published points in the period, per kg (a price per tonne ÷ 1,000; per lb × 2.20462).
          Only prices in the same currency are set side by side; no currency is converted.
        </p>
        {d.prices.length === 0 && (
          <p className="text-sm text-slate-700">No purchase price recorded for the batches in your shipments.</p>
        )}
        {d.prices.map((p) => (
          <div key={p.key} className="mt-4" data-testid={`price-${p.key}`}>
            <h3 className="font-semibold">
              {p.commodity}, {p.currency}
            </h3>
            {p.chart && (
              <Bars chart={p.chart} title={`${p.commodity} price per kg, ${p.currency}`} id={`chart-${p.key}-title`} />
            )}
            <table className="mt-2 w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-300">
                  <th className="py-1 pr-2">Price per kg</th>
                  <th className="py-1 pr-2">{p.currency}</th>
                  <th className="py-1">Basis</th>
                </tr>
              </thead>
              <tbody>
                <tr className="border-b border-slate-100" data-row="paid">
                  <td className="py-1 pr-2">Paid to farmers</td>
                  <td className="py-1 pr-2">{p.paid}</td>
                  <td className="py-1">
                    {p.purchases} purchases, {p.weight}
                  </td>
                </tr>
                {p.world.map((w) => (
                  <tr key={`${w.series}-${w.source}`} className="border-b border-slate-100" data-row="world">
                    <td className="py-1 pr-2">
                      {w.label} world price{w.isSample ? " (sample)" : ""}
                    </td>
                    <td className="py-1 pr-2">{w.perKg}</td>
                    <td className="py-1">
                      {w.source}, {w.points} points
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {p.world.length === 0 && (
              <p className="text-sm text-slate-700">No world price in {p.currency} in this period.</p>
            )}
            {p.otherCurrencies.length > 0 && (
              <p className="text-sm text-slate-700">
                World prices in {p.otherCurrencies.join(", ")} are not compared: they are in another currency.
              </p>
            )}
          </div>
        ))}
        <p className="mt-4 text-sm">
          <a className="text-green-800 underline" href="/world-market-pricing">
            World market prices
          </a>{" "}
          ·{" "}
          <a className="text-green-800 underline" href="/exporter/shipments">
            My shipments
          </a>
        </p>
      </section>
    </WorkShell>
  );
}
