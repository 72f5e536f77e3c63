import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { cronRuns } from "../schema";
import { NOW_SQL } from "./clock";

export async function startCronRun(db: Database, cron: string, scheduledAt: Date) {
  const [row] = await db
    .insert(cronRuns)
    .values({ cron, scheduledAt: scheduledAt.toISOString() })
    .returning({ id: cronRuns.id });
  return row!.id;
}

export async function finishCronRun(db: Database, id: number, status: "ok" | "failed", summary: unknown) {
  await db
    .update(cronRuns)
    .set({
      status,
      summary: JSON.stringify(summary),
      finishedAt: NOW_SQL,
      updatedAt: NOW_SQL,
    })
    .where(eq(cronRuns.id, id));
}

export async function latestCronRuns(db: Database, limit = 10) {
  return db.select().from(cronRuns).orderBy(desc(cronRuns.id)).limit(limit);
}

/** Drops cron history older than `days` days so the table stays small; answers how many rows went. */
export async function pruneCronRuns(db: Database, days: number) {
  const result = await db
    .delete(cronRuns)
    .where(sql`${cronRuns.startedAt} < strftime('%Y-%m-%dT%H:%M:%fZ','now',${`-${days} days`})`)
    .run();
  return result.meta.changes ?? 0;
}
