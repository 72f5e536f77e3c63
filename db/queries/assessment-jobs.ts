import { and, desc, eq, inArray, lt, or } from "drizzle-orm";
import type { Database } from "../client";
import { assessmentJobs } from "../schema";

export type AssessmentJobRow = typeof assessmentJobs.$inferSelect;
export type NewAssessmentJob = typeof assessmentJobs.$inferInsert;

export function insertJobStatement(db: Database, job: NewAssessmentJob) {
  return db.insert(assessmentJobs).values(job);
}

export async function findJob(db: Database, id: string) {
  const [row] = await db.select().from(assessmentJobs).where(eq(assessmentJobs.id, id)).limit(1);
  return row ?? null;
}

export async function recentJobs(db: Database, limit = 5) {
  return db.select().from(assessmentJobs).orderBy(desc(assessmentJobs.createdAt)).limit(limit);
}

/** Jobs that still have plots to assess, oldest first (what the cron handler resumes). */
export async function unfinishedJobs(db: Database, limit = 10) {
  return db
    .select()
    .from(assessmentJobs)
    .where(inArray(assessmentJobs.status, ["queued", "running"]))
    .orderBy(assessmentJobs.createdAt)
    .limit(limit);
}

/**
 * Takes the job for one runner: a queued job, or a running one whose runner went silent
 * (no progress since `staleBefore`). Exactly one concurrent caller gets `true`, so the API's
 * background slice, a page refresh and the cron handler never assess the same plots twice.
 */
export async function claimJob(db: Database, id: string, now: string, staleBefore: string) {
  const result = await db
    .update(assessmentJobs)
    .set({ status: "running", updatedAt: now })
    .where(
      and(
        eq(assessmentJobs.id, id),
        or(
          eq(assessmentJobs.status, "queued"),
          and(eq(assessmentJobs.status, "running"), lt(assessmentJobs.updatedAt, staleBefore)),
        ),
      ),
    )
    .returning({ id: assessmentJobs.id });
  return result.length === 1;
}

/** Progress after a chunk: the cursor moves only forward, together with the count. */
export function advanceJobStatement(
  db: Database,
  id: string,
  patch: { cursor: string; done: number; summary: string; now: string },
) {
  return db
    .update(assessmentJobs)
    .set({ cursor: patch.cursor, done: patch.done, summary: patch.summary, updatedAt: patch.now })
    .where(eq(assessmentJobs.id, id));
}

/** End of a slice: done, failed, or released (queued) for the next runner. */
export async function setJobStatus(
  db: Database,
  id: string,
  patch: { status: "queued" | "done" | "failed"; now: string; summary?: string; total?: number },
) {
  await db
    .update(assessmentJobs)
    .set({
      status: patch.status,
      updatedAt: patch.now,
      ...(patch.summary !== undefined ? { summary: patch.summary } : {}),
      ...(patch.total !== undefined ? { total: patch.total } : {}),
      ...(patch.status === "done" || patch.status === "failed" ? { finishedAt: patch.now } : {}),
    })
    .where(eq(assessmentJobs.id, id));
}
