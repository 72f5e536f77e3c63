/**
 * The field agent's dashboard counts (spec §1: "a dashboard with farm counts"): farmers
 * the agent registered and plots the agent mapped, today and this week (UTC, weeks from Monday).
 * Counted from the agent's own user id in the session, never from the request.
 */
import type { Database } from "#db/client";
import { registrationsBy } from "#db/queries/farmer-dashboard";

/** "YYYY-MM-DD" of the day and of the Monday that starts its week (UTC). */
export function dayAndWeekStart(now: Date): { today: string; weekStart: string } {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
  return { today: day.toISOString().slice(0, 10), weekStart: monday.toISOString().slice(0, 10) };
}

export type FieldAgentCounts = {
  farmersToday: number;
  farmersThisWeek: number;
  plotsToday: number;
  plotsThisWeek: number;
  weekStart: string;
};

export async function fieldAgentCounts(
  agent: { id: string },
  deps: { db: Database; now: () => Date },
): Promise<FieldAgentCounts> {
  const { today, weekStart } = dayAndWeekStart(deps.now());
  return { ...(await registrationsBy(deps.db, agent.id, today, weekStart)), weekStart };
}
