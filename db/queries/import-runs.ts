import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../client";
import { importRuns } from "../schema";
import { NOW_SQL } from "./clock";

export type ImportRun = typeof importRuns.$inferSelect;

export function insertImportRun(db: Database, run: typeof importRuns.$inferInsert) {
  return db.insert(importRuns).values(run);
}

export async function getImportRun(db: Database, id: string) {
  return (await db.select().from(importRuns).where(eq(importRuns.id, id)).limit(1))[0] ?? null;
}

export async function recentImportRuns(db: Database, limit = 10) {
  return db.select().from(importRuns).orderBy(desc(importRuns.createdAt)).limit(limit);
}

/** Runs that still have rows to process (picked up again by the cron handler). */
export async function unfinishedImportRuns(db: Database, limit = 5) {
  return db.select({ id: importRuns.id }).from(importRuns).where(eq(importRuns.status, "running")).limit(limit);
}

/**
 * Progress after one slice. Applies only while `processed` is still `expectedProcessed`, so a
 * slice committed by another runner is never counted twice.
 */
export function recordImportProgress(
  db: Database,
  id: string,
  expectedProcessed: number,
  p: { processed: number; stored: number; skipped: number; failed: number; errors: string; status: string },
) {
  return db
    .update(importRuns)
    .set({ ...p, updatedAt: NOW_SQL })
    .where(and(eq(importRuns.id, id), eq(importRuns.processed, expectedProcessed)));
}
