import type { Database } from "#db/client";
import { staffMetrics } from "#db/queries/oversight";
import { activeFarmerCount } from "#db/queries/users";

/**
 * Figures for the dashboards' summary tiles (staff scope), counted from what is stored: nothing
 * invented. totalFarms: active land plots; pendingInspections: open inspection items —
 * batches dispatched to a warehouse and not yet inspected, batches awaiting the port, plots in the
 * verification queue for a reason (db/queries/oversight.ts staffMetrics); completedInspections:
 * warehouse and port inspections and field visits recorded. A farmer gets her own counts
 * (farmer-metrics.ts); only the spec's offline stand-in answers sample values.
 */
export type DashboardMetrics = {
  totalFarms: number;
  activeFarmers: number;
  pendingInspections: number;
  completedInspections: number;
  offlineMode: false;
};

export async function dashboardMetrics(db: Database): Promise<DashboardMetrics> {
  const [farmers, staff] = await Promise.all([activeFarmerCount(db), staffMetrics(db)]);
  return {
    totalFarms: staff.farms,
    activeFarmers: farmers,
    pendingInspections: staff.pending,
    completedInspections: staff.completed,
    offlineMode: false,
  };
}
