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

export async function dashboardMetrics(db: D1Database): Promise<DashboardMetrics> {
  const row = await db
    .prepare("SELECT COUNT(*) AS active FROM users WHERE role = 'farmer' AND active = 1")
    .first<{ active: number }>();
  return {
    totalFarms: 0,
    activeFarmers: row?.active ?? 0,
    pendingInspections: 0,
    completedInspections: 0,
    offlineMode: false,
  };
}
