/**
 * The suppression marks of the national county table of a period (worker/domain/suppression.ts),
 * for the views of ONE county: a county hidden in the national table (as "<5" or as the
 * complement "*") must be hidden when asked for alone too, or its figure subtracted from the
 * national total would give the small cells away.
 */
import type { Database } from "#db/client";
import { farmersByCountyInPeriod } from "#db/queries/monitoring";
import { COUNTIES } from "#worker/content/counties";
import { type Mark, suppressCounts } from "#worker/domain/suppression";

const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** County → its mark in the national table of [from, to] (both days included), in the report's row order. */
export async function nationalCountyMarks(db: Database, from: string, to: string): Promise<Map<string, Mark>> {
  const rows = await farmersByCountyInPeriod(db, from, dayAfter(to));
  const byCounty = new Map(rows.map((r) => [r.county ?? "", Number(r.n)]));
  // The rows of the national report's county table: the 15 counties, then "not recorded" when any.
  const keys: string[] = [...COUNTIES, ...(byCounty.get("") ? [""] : [])];
  const { marks } = suppressCounts(keys.map((k) => byCounty.get(k) ?? 0));
  return new Map(keys.map((k, i) => [k, marks[i] ?? null]));
}
