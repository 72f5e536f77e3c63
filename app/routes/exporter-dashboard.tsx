import { CardList } from "#app/components/kit/card-list";
import { MoreLinks } from "#app/components/kit/more-links";
import { pageMeta } from "#app/components/kit/page-meta";
import { Section } from "#app/components/kit/section";
import { TextList } from "#app/components/kit/text-list";
import { WorkShell } from "#app/components/work-shell";
import { can, type Permission } from "#worker/auth/permissions";
import type { Role } from "#worker/auth/roles";
import type { Route } from "./+types/exporter-dashboard";

export { DashboardErrorBoundary as ErrorBoundary } from "#app/components/inspection/dashboard-error";
export { loader } from "./exporter-dashboard.server";

const TITLE = "Exporter Dashboard";
export const meta = () => pageMeta(TITLE);

/** Every exporter screen of the spec (§2), linked from here, each with the permission that opens it. */
const SCREENS: [to: string, label: string, permission: Permission | null][] = [
  ["/exporter/orders", "Orders and allocations", "readOrders"],
  ["/exporter/shipments", "Shipments, permits and due-diligence packages", "readOrders"],
  ["/exporter/inspections", "Inspections", "requestInspections"],
  ["/exporter/certificates", "Certificates", "readMyCertificates"],
  ["/exporter/messages", "Messages", "sendMessages"],
  ["/exporter/marketplace", "Marketplace", "useExporterMarketplace"],
  ["/exporter/analytics", "Analytics", "readMyAnalytics"],
  ["/exporter-payment-services", "Payment services", "recordStockPayments"],
  ["/world-market-pricing", "World market pricing", null],
  ["/batches", "Batches", "readBatches"],
];
/** The screens the viewer may open: the read-only oversight view lists only those it is let into. */
const screensFor = (role: Role) =>
  SCREENS.filter(([, , permission]) => permission === null || can(role, permission)).map(
    ([to, label]) => [to, label] as const,
  );

const card = "rounded-md border border-slate-200 bg-white p-3";

export default function ExporterDashboard({ loaderData: d }: Route.ComponentProps) {
  return (
    <WorkShell title={TITLE} user={d.user}>
      <p className="mb-2 text-slate-700">Welcome, {d.user.name}</p>
      {d.access !== "full" && (
        <p className="mb-4 rounded-md bg-amber-50 p-3 text-amber-900">
          Read-only oversight view of every exporter: no forms.
        </p>
      )}
      <Section id="licence" className={`mb-4 ${card}`} title="My licence">
        {d.licence ? (
          <p data-testid="licence" className={d.licence.inForce ? "text-green-800" : "text-red-800"}>
            {d.licence.number ?? "Application"} — {d.licence.status}
            {d.licence.validUntil ? `, valid ${d.licence.validFrom} to ${d.licence.validUntil}` : ""}
            {d.licence.inForce ? " (in force)" : " (not in force: export permits cannot be requested)"}
          </p>
        ) : (
          <p className="text-slate-700">{d.isExporter ? "No exporter licence yet." : "Licences are per exporter."}</p>
        )}
        {d.isExporter && (
          <p className="mt-2">
            <a href="/my-licences" className="inline-block py-1 font-semibold text-green-800 underline">
              {d.licence ? "Your licences and applications" : "Apply for your exporter licence"}
            </a>
          </p>
        )}
      </Section>
      <div className="mb-4 grid grid-cols-2 gap-3">
        <p className={card}>
          <span className="block text-2xl font-bold" data-testid="open-orders">
            {d.orders.length}
          </span>
          open orders
        </p>
        <p className={card}>
          <span className="block text-2xl font-bold" data-testid="stock">
            {d.stock.batches}
          </span>
          compliant batches to allocate ({d.stock.kg.toLocaleString("en-US")} kg)
        </p>
        <p className={card}>
          <span className="block text-2xl font-bold" data-testid="exported">
            {d.exported.kg.toLocaleString("en-US")} kg
          </span>
          exported ({d.exported.batches} {d.exported.batches === 1 ? "batch" : "batches"})
        </p>
        <p className={card}>
          <span className="block text-2xl font-bold" data-testid="messages">
            {d.messages}
          </span>
          messages awaiting reply
        </p>
      </div>
      <Section id="orders" className="mb-4" title="Open orders">
        {d.orders.length === 0 && <p className="text-slate-700">No open order.</p>}
        <CardList className="mt-2 space-y-2" items={d.orders} itemKey={(o) => o.code}>
          {(o) => (
            <>
              <a href="/exporter/orders" className="font-semibold text-green-800 underline">
                {o.code}
              </a>{" "}
              — {o.buyer}: {o.commodity}, {o.allocatedKg.toLocaleString("en-US")} of{" "}
              {o.quantityKg.toLocaleString("en-US")} kg allocated, deliver by {o.deliveryTo}
            </>
          )}
        </CardList>
      </Section>
      <Section id="stages" className="mb-4" title="Shipments by stage">
        <ul className="mt-2 grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
          {d.stages.map((s) => (
            <li key={s.stage} data-testid={`stage-${s.stage}`}>
              <span className="font-bold">{s.count}</span> {s.label}
            </li>
          ))}
        </ul>
        <CardList className="mt-2 space-y-2" items={d.shipments} itemKey={(s) => s.code}>
          {(s) => (
            <>
              <a href="/exporter/shipments" className="font-semibold text-green-800 underline">
                {s.code}
              </a>{" "}
              — {s.stage}
              {s.holds.length > 0 ? (
                <TextList
                  className="mt-1 list-disc pl-5 text-sm text-red-800"
                  itemClassName="break-words"
                  items={s.holds}
                />
              ) : (
                <p className="text-sm text-green-800">Nothing holds this shipment.</p>
              )}
            </>
          )}
        </CardList>
      </Section>
      <MoreLinks links={screensFor(d.user.role)} title="Exporter screens" id="screens" />
    </WorkShell>
  );
}
