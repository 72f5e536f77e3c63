import { PurchaseSection } from "#app/components/batch/purchase-section";
import { FilterForm, ListTotal, listHref, selectFilter } from "#app/components/filter-form";
import { CodeLink } from "#app/components/kit/code-link";
import { DataTable } from "#app/components/kit/data-table";
import { pageMeta } from "#app/components/kit/page-meta";
import { Pagination } from "#app/components/kit/pagination";
import { WorkShell } from "#app/components/work-shell";
import { BATCH_TITLES, COMPLIANCE_BADGE, COMPLIANCE_SHORT } from "#app/content/batches";
import { COMMODITY_NAMES } from "#worker/contracts/batches-light";
import { COMPLIANCE_STATUSES } from "#worker/domain/batch-compliance";
import { BATCH_STATUSES, STATUS_LABEL } from "#worker/domain/custody";
import type { Route } from "./+types/batches";

export { WorkErrorBoundary as ErrorBoundary } from "#app/components/work-shell";
export { action, loader } from "./batches.server";

export const meta = () => pageMeta(BATCH_TITLES.list);

const kg = (n: number) => `${n.toLocaleString("en-US", { maximumFractionDigits: 3 })} kg`;

type Batch = Route.ComponentProps["loaderData"]["batches"][number];

export default function Batches({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, page, pages, total, batches, purchase } = loaderData;
  const filters = [
    selectFilter("status", "Stage", filter.status, BATCH_STATUSES, STATUS_LABEL),
    selectFilter("commodity", "Commodity", filter.commodity, COMMODITY_NAMES),
    selectFilter("compliance", "Compliance", filter.compliance, COMPLIANCE_STATUSES, COMPLIANCE_SHORT),
  ];
  return (
    <WorkShell title={BATCH_TITLES.list} user={loaderData.user}>
      {purchase && (
        <PurchaseSection
          purchase={purchase}
          today={loaderData.today}
          csrf={loaderData.user.csrf}
          result={actionData?.result}
        />
      )}

      <h2 className="mt-6 mb-2 text-lg font-bold">{purchase ? "Your batches" : "Batches you can see"}</h2>
      <FilterForm label="Filter batches" filters={filters} resetTo="/batches" className="sm:grid-cols-6">
        <label className="text-sm font-semibold">
          Batch code
          <input
            name="code"
            defaultValue={filter.code ?? ""}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
            placeholder="LR-COC-…"
          />
        </label>
        <label className="flex items-end gap-2 pb-2 text-sm font-semibold">
          <input type="checkbox" name="flagged" value="1" defaultChecked={filter.flagged} className="h-5 w-5" />
          Volume flagged only
        </label>
      </FilterForm>

      <ListTotal total={total} one="batch" many="batches" page={page} pages={pages} testId="batches-total" />
      <DataTable<Batch>
        empty={<p className="mt-4 text-slate-600">No batches match these filters.</p>}
        label="Batches"
        className="mt-2"
        testId="batches-table"
        stack
        rows={batches}
        rowKey={(b) => b.batchCode}
        rowClassName="border-t align-top"
        columns={[
          {
            header: "Batch",
            cell: (b) => <CodeLink to={`/batches/${b.batchCode}`} code={b.batchCode} sub={b.createdAt.slice(0, 10)} />,
          },
          {
            header: "Commodity",
            cell: (b) => (
              <>
                {b.commodity}
                {b.grade && <span className="block text-xs text-slate-500">Grade {b.grade}</span>}
              </>
            ),
          },
          { header: "Weight", className: "text-right", cellClassName: "tabular-nums", cell: (b) => kg(b.weightKg) },
          { header: "Stage", cell: (b) => STATUS_LABEL[b.status as keyof typeof STATUS_LABEL] ?? b.status },
          {
            header: "Compliance",
            cell: (b) => (
              <>
                <span
                  className={`rounded px-1.5 py-0.5 text-xs font-semibold ${COMPLIANCE_BADGE[b.complianceStatus] ?? ""}`}
                >
                  {COMPLIANCE_SHORT[b.complianceStatus] ?? b.complianceStatus}
                </span>
                {b.volumeFlag && <span className="mt-1 block text-xs font-semibold text-red-700">Volume flagged</span>}
              </>
            ),
          },
          { header: "Origin", cell: (b) => b.county ?? "—" },
        ]}
      />
      <Pagination page={page} pageCount={pages} href={(p) => listHref("/batches", filter, p)} />
    </WorkShell>
  );
}
