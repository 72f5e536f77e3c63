/**
 * Who may do what in the traceability core. Enforced on the server by the same
 * names in `requireRole` (pages) and `requirePermission` (API, worker/api/middleware.ts); the
 * pages also use them to show links.
 * See docs/decisions/005-role-access.md.
 */
import { EXECUTIVES, INSPECTORS, type Role } from "./roles";

const REGULATOR_STAFF = [...EXECUTIVES, "office_admin", "system_administrator"] as const satisfies readonly Role[];

export const PERMISSIONS = {
  /** /onboard-farmer: land inspectors, field agents, office staff. */
  registerFarmers: ["land_inspector", "field_agent", "office_admin", "system_administrator"],
  /** /farmers-list, /land-plots-list, /land-plot-details: field and regulator staff. */
  readRegistry: [...INSPECTORS, "field_agent", ...REGULATOR_STAFF],
  /** /create-land-plot and plot edits. */
  editPlots: ["land_inspector", "field_agent", "office_admin", "system_administrator"],
  /** POST /api/plots/validate (a signed-in inspector, field agent or regulator). */
  checkPlots: [...INSPECTORS, "field_agent", ...REGULATOR_STAFF],
  /** Upload and retire reference layers: the administrators. */
  manageLayers: ["office_admin", "system_administrator"],
  /** Run risk assessments and exports. */
  assessPlots: ["land_inspector", ...REGULATOR_STAFF],
  /** Start and follow the re-check of every stored plot under a new rule set (/recheck-jobs, ADR 029). */
  manageRecheck: ["office_admin", "system_administrator"],
  /** Bulk import of farmers and plots. */
  importRegistry: ["land_inspector", "office_admin", "system_administrator"],
  /** See batches and their custody chain (each holder sees what passes through their hands). */
  readBatches: ["farmer", "buyer", ...INSPECTORS, "exporter", ...REGULATOR_STAFF],
  /** Record the EU DDS reference and verification numbers of a batch: the exporter who ships it. */
  recordDds: ["exporter"],
  /** Record a purchase from farmers (creates a batch); later custody steps: worker/domain/custody.ts. */
  recordPurchases: ["buyer"],
  /** Send a batch the buyer holds to a warehouse: the warehouse inspector's intake queue lists it. */
  dispatchBatches: ["buyer"],
  /** Receive and grade batches sent to my warehouse (the assignment is checked in the service). */
  inspectWarehouse: ["warehouse_inspector"],
  /** Record port (phytosanitary) inspections, sign off or refuse. */
  inspectPort: ["port_inspector"],
  /** Decide on a batch's EUDR compliance: DDGOTS (docs/product.md §6), and the port inspector at the port; stages: worker/domain/custody.ts `canCertifyAt` (ADR 005). */
  certifyBatches: ["ddgots", "port_inspector"],
  /** Browse the audit trail: regulators and the system administrator. */
  readAudit: [...REGULATOR_STAFF],
  /** The certificate testing screen and /api/test/* documents: staff who issue or check certificates. */
  testCertificates: [...INSPECTORS, ...REGULATOR_STAFF],
  /** Certificates of real farmers, batches and shipments; which subjects each role gets: worker/services/certificates/certificate-access.ts. */
  readCertificates: ["farmer", "buyer", "exporter", ...INSPECTORS, ...REGULATOR_STAFF],
  /** Revoke an issued certificate, with a reason: regulator staff. */
  revokeCertificates: [...REGULATOR_STAFF],
  /** Generate aggregate reports (/generate-reports); which kinds an observer may have: worker/auth/report-access.ts. */
  generateReports: [...REGULATOR_STAFF, "monitoring_observer"],
  /** Download aggregate reports (the oversight dashboard lists them); kinds filtered per entity type as above. */
  downloadReports: [...REGULATOR_STAFF, "monitoring_observer"],
  /** Deactivate accounts (and end their sessions): the system administrator and office administrators. */
  manageUsers: ["system_administrator", "office_admin"],
  /** The land inspector's verification queue: field staff, DG and DDGOTS read-only (ADR 005). */
  readVisitQueue: ["land_inspector", "field_agent", "dg", "ddgots"],
  /** Record a field visit to a plot: land inspectors, in their county (ADR 005). */
  recordVisits: ["land_inspector"],
  /** Retire a plot with a reason, never delete it: land inspectors and office staff. */
  retirePlots: ["land_inspector", "office_admin", "system_administrator"],
  /** Enter and import world prices, exchange rates and farm-gate formulas (/world-market-pricing/manage): regulator staff, ADR 005. */
  managePrices: [...REGULATOR_STAFF],
  /** Create and submit a licence application: the applicant (a buyer or exporter, for itself) or office staff for them (ADR 005). */
  applyForLicences: ["buyer", "exporter", "office_admin"],
  /** See licences: applicants their own, regulator staff all (worker/services/licensing/read-licensing.ts). */
  readLicences: ["buyer", "exporter", ...REGULATOR_STAFF],
  /** Review a submitted application: the office, which keeps the licence files (docs/product.md §6). */
  reviewLicences: ["office_admin"],
  /** Recommend a reviewed application to the DG: DDGOTS, who coordinates inspections and certification. */
  recommendLicences: ["ddgots"],
  /** Approve a recommended application: the Director General alone. */
  approveLicences: ["dg"],
  /** Issue an approved licence (its number, validity and fee invoice): the office registers it. */
  issueLicences: ["office_admin"],
  /** Suspend, reinstate or revoke a licence, with a reason: the Director General who approved it. */
  suspendLicences: ["dg"],
  /** Request an export permit for my own shipment (ADR 021). */
  requestPermits: ["exporter"],
  /** See export permits: exporters their own, regulator staff all. */
  readPermits: ["exporter", ...REGULATOR_STAFF],
  /** Recommend a permit (only when every batch of the shipment is EUDR-compliant): DDGOTS. */
  recommendPermits: ["ddgots"],
  /** Approve (issue) or revoke an export permit: the Director General. */
  approvePermits: ["dg"],
  /** See fee invoices: payers their own; finance (DDGAF), the DG and the office all. */
  readFees: ["buyer", "exporter", "dg", "ddgaf", "office_admin"],
  /** Record the payment of an invoice with its reference: the payer, DDGAF (finance) and the office. */
  recordFeePayments: ["buyer", "exporter", "ddgaf", "office_admin"],
  /** Fee totals (billed, paid, outstanding): finance (DDGAF) and the Director General. */
  readFeeTotals: ["ddgaf", "dg"],
  /** Messages (docs/messages.md): exporters, buyers and office administrators; each service checks the thread's participants (ADR 005). */
  sendMessages: ["exporter", "buyer", "office_admin"],
  /** See export orders and shipments (ADR 022): exporters their own, regulator staff all (read-only). */
  readOrders: ["exporter", ...REGULATOR_STAFF],
  /** Create orders, allocate compliant batches, compose shipments, record DDS numbers, export: the exporter, for itself. */
  manageOrders: ["exporter"],
  /** Request warehouse or port inspections of my own batches and shipments (/exporter/inspections, ADR 005). */
  requestInspections: ["exporter"],
  /** See inspection requests: exporters their own, inspectors their queue, regulator staff all. */
  readInspectionRequests: ["exporter", "warehouse_inspector", "port_inspector", ...REGULATOR_STAFF],
  /** Schedule and complete inspection requests of their kind: warehouse and port inspectors. */
  handleInspectionRequests: ["warehouse_inspector", "port_inspector"],
  /** My certificates (/exporter/certificates): the exporter; staff use /verify and the batch pages. */
  readMyCertificates: ["exporter"],
  /** My analytics (/exporter/analytics): volumes, stock compliance, prices paid vs the world price; the exporter, own figures only. */
  readMyAnalytics: ["exporter"],
  /** Record payments for purchased stock, and my payment statement (/exporter-payment-services). */
  recordStockPayments: ["exporter"],
  /** See payments for purchased stock: the exporter their own; finance (DDGAF), the DG and the office all. */
  readStockPayments: ["exporter", "dg", "ddgaf", "office_admin"],
  /** The sellers hub (docs/sellers-hub.md): see open lots and my own lots and offers (farmers, buyers = cooperatives, exporters), ADR 005. */
  readHub: ["farmer", "buyer", "exporter"],
  /** List a lot: a farmer the expected harvest of their own eligible plots, a buyer a batch they hold (checked in the service). */
  listLots: ["farmer", "buyer"],
  /** Make an offer on someone else's lot: buyers and exporters (an expected harvest: buyers only, the purchase is theirs). */
  makeOffers: ["buyer", "exporter"],
  /** /exporter/marketplace: the exporter's own view of the sellers hub — exporters only. */
  useExporterMarketplace: ["exporter"],
  /** /agritrace-admin-portal: users and roles, any user's sessions, crop yields, system health — the system administrator (ADR 005). */
  administerSystem: ["system_administrator"],
  /** /buyer-management, /inspector-management, /exporter-management: regulator staff and the administrator see the accounts; acting is `manageUsers` or a licence step's own permission. */
  readTradeAccounts: [...REGULATOR_STAFF],
  /** Create accounts (the rules of `npm run user:create`) and assign inspectors' counties: the administrators, each within worker/services/auth/manage-users.ts MANAGES. */
  createUsers: ["system_administrator", "office_admin"],
  /** The office's document register and work queues (ADR 025): office administrators their department's, the executives all (read-only). */
  readOfficeRegister: ["office_admin", ...EXECUTIVES],
  /** Register documents, move them through the work queue and attach files: office administrators, in their own department. */
  manageOfficeRegister: ["office_admin"],
  /** The auditor's export of a batch or shipment: regulator staff, and observers whose entity type is auditor (checked in the service). */
  exportAuditRecords: [...REGULATOR_STAFF, "monitoring_observer"],
  /** Correct a purchase or void a custody step with a reason (ADR 031): who recorded it within 48 h, a supervisor (DDGOTS, office) after; checked in the service. */
  correctRecords: ["buyer", "warehouse_inspector", "port_inspector", "ddgots", "office_admin"],
  /** Correct a farmer's details with a reason (ADR 031): whoever registers farmers (their own, within 48 hours, checked in the service) and the supervisors, DDGOTS and office administrators. */
  correctFarmerDetails: ["land_inspector", "field_agent", "office_admin", "system_administrator", "ddgots"],
  /** Seed the demo data (demo mode only, ADR 007): the system administrator. */
  seedDemoData: ["system_administrator"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
