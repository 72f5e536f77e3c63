import { FlaggedList, PurchaseList, StockTable, Suppliers, TotalsTable } from "#app/components/buyer/buyer-sections";
import { FarmerPlots, FindFarmer, PurchaseForm } from "#app/components/buyer/purchase-form";
import { ShareLink } from "#app/components/buyer/share-link";
import { pageMeta } from "#app/components/kit/page-meta";
import { Section } from "#app/components/kit/section";
import { WorkLinks, WorkShell } from "#app/components/work-shell";
import type { Route } from "./+types/agricultural-buyer-dashboard";

export { DashboardErrorBoundary as ErrorBoundary } from "#app/components/inspection/dashboard-error";
export { action, loader } from "./agricultural-buyer-dashboard.server";

const TITLE = "Agricultural Buyer Dashboard";
export const meta = () => pageMeta(TITLE);

export { outboxPageHeaders as headers } from "#app/lib/page-form.server";

export default function AgriculturalBuyerDashboard({ loaderData: d, actionData }: Route.ComponentProps) {
  const receipt = d.recorded ? `/api/batches/${d.recorded}/receipt` : null;
  return (
    <WorkShell title={TITLE} user={d.user}>
      <p className="mb-2 text-slate-700">Welcome, {d.user.name}</p>
      {d.recorded && receipt && (
        <div
          id="recorded"
          role="status"
          className="mb-4 rounded-md bg-green-50 p-3 text-green-900"
          data-testid="recorded"
        >
          <p className="font-semibold">
            {d.repeated ? "This purchase was already recorded" : "Purchase recorded"}: batch{" "}
            <a href={`/batches/${d.recorded}`} className="underline break-all">
              {d.recorded}
            </a>
            .
          </p>
          <p className="mt-1 flex flex-wrap gap-4">
            <a href={receipt} className="font-semibold text-green-800 underline">
              Print the receipt (PDF)
            </a>
            <ShareLink href={receipt} title={`Purchase receipt ${d.recorded}`}>
              Share the receipt
            </ShareLink>
          </p>
        </div>
      )}

      <Section id="buy" className="rounded-md border border-green-200 bg-white p-3" title="Buy from a farmer">
        {d.licenceBlock && (
          <p
            className="mb-3 rounded-md border-2 border-amber-600 bg-amber-50 p-3 text-amber-950"
            data-testid="licence-block"
          >
            <span className="block font-bold">You cannot record a purchase yet</span>
            {d.licenceBlock}{" "}
            <a href="/my-licences" className="font-semibold underline">
              Go to My licences
            </a>
          </p>
        )}
        <FindFarmer lookup={d.lookup} />
        {d.lookup.found && (
          <>
            <FarmerPlots found={d.lookup.found} />
            {d.lookup.error || d.licenceBlock ? (
              <p className="mt-2 font-semibold text-red-800">{d.lookup.error ?? d.licenceBlock}</p>
            ) : (
              <PurchaseForm
                found={d.lookup.found}
                reply={actionData?.reply}
                csrf={d.user.csrf}
                owner={d.user.loginId}
                submissionId={d.submissionId}
                today={d.today}
                currencies={d.currencies}
                paymentMethods={d.paymentMethods}
              />
            )}
          </>
        )}
      </Section>

      <div className="mt-6">
        <StockTable stock={d.stock} />
      </div>
      <PurchaseList
        purchases={d.purchases}
        filter={d.filter}
        statuses={d.statuses}
        page={d.page}
        pages={d.pages}
        total={d.total}
      />
      <FlaggedList flagged={d.flagged} />
      <TotalsTable totals={d.totals} />
      <Suppliers suppliers={d.suppliers} />
      <WorkLinks links={d.user.nav} />
    </WorkShell>
  );
}
