import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { DASHBOARD_PATHS } from "../worker/auth/roles";
import { REDIRECT_TO_LANDING } from "./content/landing";
import { LOGIN_PATHS } from "./content/login-paths";

const id = (path: string) => path.replace(/^\//, "").replaceAll("/", "-");
/** Every dashboard has a route module of its own; the office portals share one below. */
const OWN_DASHBOARDS: Record<string, string> = {
  "/farmer-dashboard": "routes/farmer-dashboard.tsx",
  "/agricultural-buyer-dashboard": "routes/agricultural-buyer-dashboard.tsx",
  "/field-agent-dashboard": "routes/field-agent-dashboard.tsx",
  "/warehouse-inspector-dashboard": "routes/warehouse-inspector-dashboard.tsx",
  "/port-inspector-dashboard": "routes/port-inspector-dashboard.tsx",
  "/unified-land-inspector-dashboard": "routes/unified-land-inspector-dashboard.tsx",
  "/exporter-dashboard": "routes/exporter-dashboard.tsx",
  "/agritrace-admin-portal": "routes/agritrace-admin-portal.tsx",
  // The executive dashboards.
  "/dg-dashboard": "routes/dg-dashboard.tsx",
  "/ddgots-dashboard": "routes/ddgots-dashboard.tsx",
  "/ddgaf-dashboard": "routes/ddgaf-dashboard.tsx",
  "/monitoring-dashboard": "routes/monitoring-dashboard.tsx",
};
/** The two office portals share one module (ADR 025): the document register and work queues. */
const OFFICE_PORTALS = ["/office-administration-portal", "/regulatory-portal-classic"];
// Every dashboard of worker/auth/roles.ts has its page: the build fails on one left out.
const unrouted = DASHBOARD_PATHS.filter((path) => !(path in OWN_DASHBOARDS) && !OFFICE_PORTALS.includes(path));
if (unrouted.length) throw new Error(`Dashboards without a route module: ${unrouted.join(", ")}`);

export default [
  index("routes/landing.tsx", { id: "landing" }),
  route("/front-page", "routes/landing.tsx", { id: "front-page" }),
  route("/polipus", "routes/landing.tsx", { id: "polipus" }),
  route("/portals", "routes/portals.tsx"),
  route("/mobile-app-download", "routes/mobile-app-download.tsx"),
  route("/install-app", "routes/install-app.tsx"),
  route("/pwa-test", "routes/pwa-test.tsx"),
  route("/offline", "routes/offline.tsx"),
  ...REDIRECT_TO_LANDING.map((path) => route(path, "routes/redirect-to-landing.tsx", { id: `redirect-${id(path)}` })),
  layout("routes/portal-layout.tsx", [
    ...LOGIN_PATHS.map((path) => route(path, "routes/login.tsx", { id: `login-${id(path)}` })),
    ...Object.entries(OWN_DASHBOARDS).map(([path, file]) => route(path, file)),
    ...OFFICE_PORTALS.flatMap((path) => [
      route(path, "routes/office-portal.tsx", { id: `office-portal-${id(path)}` }),
      route(`${path}/documents/:id`, "routes/office-document.tsx", { id: `office-document-${id(path)}` }),
    ]),
    route("/warehouse-inspector-dashboard/inspect/:batchCode", "routes/warehouse-inspection.tsx"),
    route("/port-inspector-dashboard/inspect/:batchCode", "routes/port-inspection.tsx"),
    route("/change-password", "routes/change-password.tsx"),
    // Traceability core.
    route("/onboard-farmer", "routes/onboard-farmer.tsx"),
    route("/farmers-list", "routes/farmers-list.tsx"),
    route("/farmers/:farmerId", "routes/farmer-details.tsx"),
    route("/create-land-plot", "routes/create-land-plot.tsx"),
    route("/land-plots-list", "routes/land-plots-list.tsx"),
    route("/land-plot-details/:id", "routes/land-plot-details.tsx"),
    route("/land-plot-details/:id/visit", "routes/plot-visit.tsx"),
    route("/land-plot-details/:id/edit", "routes/plot-edit.tsx"),
    route("/eudr-assessment", "routes/eudr-assessment.tsx"),
    route("/bulk-import", "routes/bulk-import.tsx"),
    route("/recheck-jobs", "routes/recheck-jobs.tsx"),
    route("/batches", "routes/batches.tsx"),
    route("/batches/:batchCode", "routes/batch-details.tsx"),
    route("/batches/:batchCode/auditor-export", "routes/batch-auditor-export.ts"),
    route("/auditor-export", "routes/auditor-export.tsx"),
    route("/auditor-export/zip", "routes/auditor-export-zip.ts"),
    route("/audit-log", "routes/audit-log.tsx"),
    // Certificates and reports.
    route("/certificate-testing-dashboard", "routes/certificate-testing-dashboard.tsx"),
    route("/generate-reports", "routes/generate-reports.tsx"),
    // My profile, for every signed-in role: /profile and its sections; others: a 404 section.
    route("/profile/*", "routes/profile.tsx"),
    // World market pricing: public prices and farm-gate price; staff entry.
    route("/world-market-pricing", "routes/world-market-pricing.tsx"),
    route("/world-market-pricing/manage", "routes/world-market-pricing-manage.tsx"),
    // Messages (docs/messages.md): one module under the exporter's spec route and /messages.
    route("/exporter/messages", "routes/messages.tsx", { id: "exporter-messages" }),
    route("/exporter/messages/:threadId", "routes/message-thread.tsx", { id: "exporter-message-thread" }),
    route("/messages", "routes/messages.tsx", { id: "messages" }),
    route("/messages/:threadId", "routes/message-thread.tsx", { id: "message-thread" }),
    // The exporter's orders and shipments.
    route("/exporter/orders", "routes/exporter-orders.tsx"),
    route("/exporter/shipments", "routes/exporter-shipments.tsx"),
    // The exporter's desk: inspection requests, certificates, payment services.
    route("/exporter/inspections", "routes/exporter-inspections.tsx"),
    route("/exporter/certificates", "routes/exporter-certificates.tsx"),
    route("/exporter-payment-services", "routes/exporter-payment-services.tsx"),
    route("/my-licences", "routes/my-licences.tsx"),
    route("/inspection-requests/:id", "routes/inspection-request-action.tsx"),
    // Sellers hub (docs/sellers-hub.md).
    route("/sellers-hub", "routes/sellers-hub.tsx"),
    route("/exporter/marketplace", "routes/exporter-marketplace.tsx"),
    route("/exporter/analytics", "routes/exporter-analytics.tsx"),
    // The system administrator's sections and the management pages.
    route("/agritrace-admin-portal/users", "routes/admin-users.tsx"),
    route("/agritrace-admin-portal/users/:id", "routes/admin-user.tsx"),
    route("/agritrace-admin-portal/crop-yields", "routes/admin-crop-yields.tsx"),
    route("/buyer-management", "routes/account-management.tsx", { id: "buyer-management" }),
    route("/inspector-management", "routes/account-management.tsx", { id: "inspector-management" }),
    route("/exporter-management", "routes/account-management.tsx", { id: "exporter-management" }),
    // The offline outbox (ADR 027): what this phone holds for the server.
    route("/outbox", "routes/outbox.tsx"),
  ]),
  // Public verification of a certificate: no login, no personal data beyond the paper's.
  route("/verify/:certificateNumber", "routes/verify.tsx"),
  // Public trace page of a batch: no login, no personal data.
  route("/qr/:batchCode", "routes/qr.tsx"),
  route("/logout", "routes/logout.tsx"),
  route("/outbox/session", "routes/outbox-session.ts"),
  // The human reference of /api, from the OpenAPI document of /api/docs.
  route("/api-reference", "routes/api-reference.tsx"),
  // Any other page path: a 404 page that says so and links home.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
