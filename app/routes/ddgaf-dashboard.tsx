import { Bars } from "#app/components/bar-chart";
import { CARD, Card, Counted, FilterForm, Pager, Table } from "#app/components/dashboards/oversight";
import { MoreLinks } from "#app/components/kit/more-links";
import { pageMeta } from "#app/components/kit/page-meta";
import { Notices } from "#app/components/notices";
import { WorkShell } from "#app/components/work-shell";
import type { Route } from "./+types/ddgaf-dashboard";

export { DashboardErrorBoundary as ErrorBoundary } from "#app/components/inspection/dashboard-error";
export { loader } from "./ddgaf-dashboard.server";

const TITLE = "DDGAF Dashboard";
export const meta = () => pageMeta(TITLE);

const LINKS = [
  ["/office-administration-portal", "Office administration"],
  ["/generate-reports", "Reports"],
  ["/audit-log", "Audit log"],
] as const;

export default function DdgafDashboard({ loaderData: d }: Route.ComponentProps) {
  return (
    <WorkShell title={TITLE} user={d.user}>
      <h2 className="text-base font-normal text-slate-700">Welcome, {d.user.name}</h2>
      <Notices {...d.notices} />
      {d.access !== "full" && (
        <p className="mt-2 rounded-md bg-blue-50 p-3 text-sm text-blue-900" data-testid="read-only">
          Read-only oversight view: the finance and staff figures, as DDGAF sees them.
        </p>
      )}
      <FilterForm filter={d.filter} commodities={[]} withCounty={false} withCommodity={false} />

      <Card id="revenue" title="Fees and licence revenue">
        <p className="text-sm text-slate-700">
          Billed: invoices issued in the range; paid: payments received in the range; outstanding: invoices of the range
          still unpaid. Each currency on its own.
        </p>
        <Table
          caption="Totals per currency"
          testId="fee-totals"
          head={["Currency", "Billed", "Paid", "Outstanding"]}
          rows={d.totals}
        />
        {d.charts.map((c) => (
          <figure key={c.currency} className="mt-3">
            <figcaption className="text-sm text-slate-700">
              Billed (green) and paid (blue) per month, in whole {c.currency}
            </figcaption>
            <Bars chart={c.chart} title={`Billed and paid per month, ${c.currency}`} id={`fees-${c.currency}`} />
          </figure>
        ))}
        <Table
          titled
          caption="By month and fee type"
          testId="fee-months"
          head={["Month — fee", "Billed", "Paid", "Outstanding"]}
          rows={d.byMonth}
        />
        <Table
          titled
          caption="By fee type"
          testId="fee-types"
          head={["Fee type", "Billed", "Paid", "Outstanding"]}
          rows={d.byType}
        />
      </Card>

      <Card
        id="invoices"
        title={<Counted title="Outstanding invoices" total={d.invoices.total} testId="outstanding" />}
      >
        <p className="text-sm text-slate-700">Issued in the range and not paid, the oldest first.</p>
        <Table
          caption="Outstanding invoices"
          testId="invoices"
          head={["Invoice — payer", "Fee", "Amount", "Age"]}
          textColumns={2}
          wordyFigures
          rows={d.invoices.rows}
        />
        <Pager list={d.invoices.list} label="Invoice pages" />
      </Card>

      <Card
        id="staff"
        title={<Counted title="Staff by role and department" total={d.staffTotal} testId="staff-total" />}
      >
        <p className="text-sm text-slate-700">Active staff accounts today (the date range does not apply).</p>
        <Table
          caption="Staff by role and department"
          testId="staff"
          head={["Role", "Department", "Accounts"]}
          textColumns={2}
          rows={d.staff}
        />
      </Card>

      <MoreLinks links={LINKS} className={CARD} />
    </WorkShell>
  );
}
