import { can, type Permission } from "#worker/auth/permissions";
import type { Role } from "#worker/auth/roles";

/** A link of the work navigation, as the shell and the dashboards draw it. */
export type WorkLink = { to: string; label: string };

const NAV: (WorkLink & { permission: Permission; exporterTo?: string; only?: Role[] })[] = [
  { to: "/farmers-list", label: "Farmers", permission: "readRegistry" },
  { to: "/onboard-farmer", label: "Onboard farmer", permission: "registerFarmers" },
  { to: "/land-plots-list", label: "Land plots", permission: "readRegistry" },
  { to: "/create-land-plot", label: "New plot", permission: "editPlots" },
  { to: "/outbox", label: "Outbox", permission: "registerFarmers" },
  { to: "/eudr-assessment", label: "EUDR assessment", permission: "assessPlots" },
  { to: "/bulk-import", label: "Bulk import", permission: "importRegistry" },
  { to: "/batches", label: "Batches", permission: "readBatches" },
  { to: "/audit-log", label: "Audit trail", permission: "readAudit" },
  { to: "/generate-reports", label: "Reports", permission: "generateReports" },
  { to: "/certificate-testing-dashboard", label: "Certificate testing", permission: "testCertificates" },
  { to: "/world-market-pricing/manage", label: "World prices", permission: "managePrices" },
  { to: "/buyer-management", label: "Buyers", permission: "readTradeAccounts" },
  { to: "/inspector-management", label: "Inspectors", permission: "readTradeAccounts" },
  { to: "/exporter-management", label: "Exporters", permission: "readTradeAccounts" },
  { to: "/messages", label: "Messages", permission: "sendMessages", exporterTo: "/exporter/messages" },
  { to: "/exporter/inspections", label: "Inspections", permission: "requestInspections" },
  { to: "/exporter/certificates", label: "My certificates", permission: "readMyCertificates" },
  { to: "/exporter-payment-services", label: "Payments", permission: "recordStockPayments" },
  // The applicant's own licences; the office opens applications for others on the management pages.
  { to: "/my-licences", label: "My licences", permission: "applyForLicences", only: ["buyer", "exporter"] },
  { to: "/sellers-hub", label: "Sellers hub", permission: "readHub", exporterTo: "/exporter/marketplace" },
];

/**
 * The traceability pages a role may open: the shell's navigation and the dashboards' list. Worked
 * out on the server, so the permission matrix never ships to the phone.
 */
export function workLinks(role: Role): WorkLink[] {
  return NAV.filter((n) => can(role, n.permission) && (!n.only || n.only.includes(role))).map((n) => ({
    to: role === "exporter" && n.exporterTo ? n.exporterTo : n.to,
    label: n.label,
  }));
}
