import type { Database } from "#db/client";
import { activeFarmerCount } from "#db/queries/users";

/**
 * Figures for the dashboards' summary tiles, counted from what is stored: nothing invented.
 * Farms and inspections are counted once the traceability tables exist; until then they are 0.
 */
export type DashboardMetrics = {
  totalFarms: number;
  activeFarmers: number;
  pendingInspections: number;
  completedInspections: number;
  offlineMode: false;
};

export async function dashboardMetrics(db: Database): Promise<DashboardMetrics> {
  return {
    totalFarms: 0,
    activeFarmers: await activeFarmerCount(db),
    pendingInspections: 0,
    completedInspections: 0,
    offlineMode: false,
  };
}
