/**
 * The buyer dashboard's read sections: stock by status, my purchases (paged and filtered on the
 * server), flagged purchases and why, totals by commodity and month, suppliers by county with the
 * coarsened map on tap. Plain links and a GET filter form: all of it works with JavaScript off.
 */
import { lazy, useEffect, useState } from "react";
import { DataTable } from "#app/components/kit/data-table";
import { PairOptions } from "#app/components/kit/options";
import { Pagination } from "#app/components/kit/pagination";
import { Section } from "#app/components/kit/section";
import { ShowMap } from "#app/components/show-map";
import type { SupplierMapCell } from "../supplier-map";

const SupplierMap = lazy(() => import("../supplier-map"));

const link = "text-green-800 underline break-all";

export type PurchaseItem = {
  batchCode: string;
  commodity: string;
  weight: string;
  status: string;
  holding: boolean;
  flagged: boolean;
  date: string;
  price: string | null;
  total: string | null;
};

export function StockTable({ stock }: { stock: { status: string; label: string; batches: number; weight: string }[] }) {
  return (
    <DataTable
      caption="Stock I hold, by status"
      captionClassName="text-left font-bold text-lg mb-1"
      rows={stock}
      rowKey={(s) => s.status}
      testId="stock"
      empty={<p className="text-slate-700">You hold no batch at the moment.</p>}
      columns={[
        { header: "Status", cell: (s) => s.label },
        { header: "Batches", cell: (s) => s.batches, className: "text-right" },
        { header: "Weight", cell: (s) => s.weight, className: "text-right" },
      ]}
    />
  );
}

export function PurchaseList({
  purchases,
  filter,
  statuses,
  page,
  pages,
  total,
}: {
  purchases: PurchaseItem[];
  filter: { status: string; flagged: boolean };
  statuses: readonly (readonly [string, string])[];
  page: number;
  pages: number;
  total: number;
}) {
  const href = (p: number) => {
    const q = new URLSearchParams();
    if (filter.status) q.set("status", filter.status);
    if (filter.flagged) q.set("flagged", "1");
    if (p > 1) q.set("page", String(p));
    return `?${q}#purchases`;
  };
  return (
    <Section id="purchases" className="mt-6" title={<>My purchases ({total})</>}>
      <form method="get" className="mt-2 flex flex-wrap items-end gap-2" aria-label="Filter my purchases">
        <label className="text-sm">
          Status
          <select
            name="status"
            defaultValue={filter.status}
            className="block min-h-11 rounded border border-slate-400 px-2 py-1"
          >
            <PairOptions none="Any status" pairs={statuses} />
          </select>
        </label>
        <label className="flex items-center gap-1 text-sm">
          <input type="checkbox" name="flagged" value="1" defaultChecked={filter.flagged} /> Flagged only
        </label>
        <button
          type="submit"
          className="min-h-11 rounded-md border border-green-800 px-3 py-1 text-sm font-semibold text-green-900"
        >
          Filter
        </button>
      </form>
      <ul className="mt-3 space-y-2" data-testid="my-purchases">
        {purchases.length === 0 && <li className="text-slate-700">No purchase matches.</li>}
        {purchases.map((p) => (
          <li key={p.batchCode} className="rounded-md border border-slate-200 bg-white p-3 text-sm">
            <a href={`/batches/${p.batchCode}`} className={`font-semibold ${link}`}>
              {p.batchCode}
            </a>{" "}
            · {p.commodity}, {p.weight} · {p.date}
            <span className="block">
              {p.status}
              {p.holding ? "" : " (no longer with me)"}
              {p.flagged ? " · ⚑ flagged" : ""}
            </span>
            <span className="block">
              {p.price ? `${p.price} · total ${p.total}` : "Price not recorded"} ·{" "}
              <a href={`/api/batches/${p.batchCode}/receipt`} className="whitespace-nowrap text-green-800 underline">
                Receipt (PDF)
              </a>
            </span>
          </li>
        ))}
      </ul>
      <Pagination page={page} pageCount={pages} href={href} label="Pages of my purchases" />
    </Section>
  );
}

export function FlaggedList({
  flagged,
}: {
  flagged: { total: number; rows: { batchCode: string; commodity: string; weight: string; note: string }[] };
}) {
  return (
    <Section id="flagged" className="mt-6" title={<>Flagged purchases ({flagged.total})</>}>
      {flagged.total === 0 ? (
        <p className="text-slate-700">No purchase of yours is flagged.</p>
      ) : (
        <ul className="mt-2 space-y-2" data-testid="flagged">
          {flagged.rows.map((f) => (
            <li key={f.batchCode} className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
              <a href={`/batches/${f.batchCode}`} className={`font-semibold ${link}`}>
                {f.batchCode}
              </a>{" "}
              · {f.commodity}, {f.weight}
              <span className="block">Why: {f.note}</span>
            </li>
          ))}
          {flagged.total > flagged.rows.length && (
            <li>
              <a href="?flagged=1#purchases" className={link}>
                All {flagged.total} flagged purchases
              </a>
            </li>
          )}
        </ul>
      )}
    </Section>
  );
}

export function TotalsTable({
  totals,
}: {
  totals: {
    key: string;
    month: string;
    commodity: string;
    purchases: number;
    weight: string;
    paid: string[];
    unpriced: number;
  }[];
}) {
  return (
    <Section id="totals" className="mt-6" title="Totals by commodity and month">
      <p className="text-sm text-slate-700">Last 12 months. Each currency is totalled on its own.</p>
      <DataTable
        labelledBy="totals"
        rows={totals}
        rowKey={(t) => t.key}
        testId="totals"
        empty={<p className="text-slate-700">No purchase in the last 12 months.</p>}
        dense
        columns={[
          {
            header: "Month",
            cell: (t) => (
              <>
                <span className="block whitespace-nowrap font-semibold">{t.month}</span>
                <span className="block">{t.commodity}</span>
                <span className="block text-slate-600">
                  {t.purchases === 1 ? "1 purchase" : `${t.purchases} purchases`}
                </span>
              </>
            ),
          },
          { header: "Weight", cell: (t) => t.weight, className: "text-right", cellClassName: "whitespace-nowrap" },
          {
            header: "Paid",
            cell: (t) => (
              <>
                {t.paid.map((m) => (
                  <span key={m} className="block whitespace-nowrap">
                    {m}
                  </span>
                ))}
                {t.unpriced > 0 && <span className="block text-slate-600">{t.unpriced} without price</span>}
              </>
            ),
            className: "text-right",
          },
        ]}
      />
    </Section>
  );
}

export function Suppliers({
  suppliers,
}: {
  suppliers: { cells: SupplierMapCell[]; counties: { county: string; plots: number; farmers: number }[] };
}) {
  const [hasJs, setHasJs] = useState(false);
  useEffect(() => setHasJs(true), []);
  return (
    <Section id="suppliers" className="mt-6" title="My suppliers">
      <p className="text-sm text-slate-700">
        By county, and on the map by area of about 11 km: no names, no exact plots.
      </p>
      {hasJs && suppliers.cells.length > 0 && (
        <div className="mt-2">
          <ShowMap>
            <SupplierMap cells={suppliers.cells} />
          </ShowMap>
        </div>
      )}
      <DataTable
        className="mt-2"
        labelledBy="suppliers"
        rows={suppliers.counties}
        rowKey={(c) => c.county}
        testId="suppliers"
        empty={<p className="text-slate-700">No supplier yet.</p>}
        columns={[
          { header: "County", cell: (c) => c.county },
          { header: "Farmers", cell: (c) => c.farmers, className: "text-right" },
          { header: "Plots", cell: (c) => c.plots, className: "text-right" },
        ]}
      />
    </Section>
  );
}
