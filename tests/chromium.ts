// Debian's Chromium and its flags, shared by playwright.config.ts and the page benchmarks
// (scripts/bench-pages.mjs, which Node loads directly).

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** What a signed-in page needs in its path: a batch code and a plot id, where there are some. */
export type PageFixtures = {
  batchCode: string | null;
  plotId: string | null;
  /** A farmer who exists in this state (the demo's FRM000001 when not given). */
  farmerId?: string | null;
  /** A plot the demo land inspector may visit and edit (its county); `plotId` when not given. */
  fieldPlotId?: string | null;
  /** A document of the office register, where there is one. */
  officeDocumentId?: string | null;
};

/** The work pages (app/routes.ts), in the order of the routes file. */
export function workPages({ batchCode, plotId, officeDocumentId, farmerId, fieldPlotId }: PageFixtures): string[] {
  const farmer = farmerId ?? "FRM000001";
  const fieldPlot = fieldPlotId ?? plotId;
  return [
    "/change-password",
    "/onboard-farmer",
    "/farmers-list",
    `/farmers/${farmer}`,
    "/create-land-plot",
    "/land-plots-list",
    plotId && `/land-plot-details/${plotId}`,
    fieldPlot && `/land-plot-details/${fieldPlot}/visit`,
    fieldPlot && `/land-plot-details/${fieldPlot}/edit`,
    "/eudr-assessment",
    "/bulk-import",
    // The re-check of stored plots under a new rule set (ADR 029).
    "/recheck-jobs",
    "/batches",
    batchCode && `/batches/${batchCode}`,
    // The buyer dashboard with a farmer looked up: the purchase form.
    `/agricultural-buyer-dashboard?farmer=${farmer}`,
    "/audit-log",
    "/auditor-export",
    "/certificate-testing-dashboard",
    "/generate-reports",
    // My profile: every signed-in role.
    "/profile",
    "/profile/password",
    "/profile/sessions",
    "/profile/notifications",
    "/profile/push",
    "/world-market-pricing/manage",
    // Messages: the exporter's spec route and the same module for buyers and office staff.
    "/exporter/messages",
    "/messages",
    // The exporter's orders and shipments.
    "/exporter/orders",
    "/exporter/shipments",
    // The exporter's desk.
    "/exporter/inspections",
    "/exporter/certificates",
    "/exporter-payment-services",
    // A buyer's or exporter's own licences and the application.
    "/my-licences",
    // Sellers hub.
    "/sellers-hub",
    "/exporter/marketplace",
    // The exporter's analytics.
    "/exporter/analytics",
    // The system administrator's sections and the management pages.
    "/agritrace-admin-portal/users",
    "/agritrace-admin-portal/users/demo-buyer",
    "/agritrace-admin-portal/crop-yields",
    "/buyer-management",
    "/inspector-management",
    "/exporter-management",
    // The executive dashboards with their filters applied (unfiltered, they are measured as dashboards).
    "/dg-dashboard?county=Nimba+County&commodity=Cocoa&map=high",
    "/ddgots-dashboard?commodity=Cocoa&from=2026-01-01",
    "/ddgaf-dashboard?from=2026-01-01",
    // The office register's document page, and the oversight dashboard with a county chosen.
    officeDocumentId && `/office-administration-portal/documents/${officeDocumentId}`,
    "/monitoring-dashboard?period=30d&county=Nimba+County",
    // The offline outbox.
    "/outbox",
  ].filter((p): p is string => Boolean(p));
}
