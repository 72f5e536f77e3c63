/**
 * Background assessment of many plots (all plots of a county, a farmer, a batch or the whole
 * registry) with progress. A job walks its plots in id order from a cursor, in slices bounded by
 * a time budget, so a Worker invocation never runs out of CPU: the API starts the first slices
 * with waitUntil, a page refresh resumes a released job, and the cron handler finishes any job
 * left behind.
 */
import type { Database } from "#db/client";
import {
  type AssessmentJobRow,
  advanceJobStatement,
  claimJob,
  findJob,
  insertJobStatement,
  setJobStatus,
  unfinishedJobs,
} from "#db/queries/assessment-jobs";
import {
  countPlotsInScope,
  farmerKeys,
  findBatchByCode,
  findFarmer,
  type PlotScope,
  plotIdsForKeys,
  plotIdsInScope,
} from "#db/queries/plot-assessments";
import { activeLayersWithExtent, runBatch } from "#db/queries/reference-layers";
import type { Verdict } from "#worker/domain/assess-risk";
import { COUNTY_CENTRES } from "#worker/domain/counties-geo";
import type { AuditActor } from "../deps";
import { auditEntry } from "../platform/audit";
import { ASSESS_CHUNK, assessPlots } from "./assess-plots";

export const JOB_SCOPES = ["county", "farmer", "batch", "all"] as const;
export type JobScope = (typeof JOB_SCOPES)[number];

/** A runner that made no progress for this long is presumed dead; another may take the job over. */
export const JOB_LEASE_MS = 2 * 60 * 1000;
/** Failed slices are retried this many times before the job is marked failed. */
const MAX_SLICE_ERRORS = 3;

export type JobSummary = {
  label: string;
  actorRole: string | null;
  counts: Record<Verdict, number>;
  errors?: number;
  lastError?: string;
};

/** "Nimba", "nimba county" → "Nimba County"; null when it is not one of the 15 counties. */
export function normalizeCounty(value: string): string | null {
  const v = value
    .trim()
    .toLowerCase()
    .replace(/\s+county$/, "");
  return Object.keys(COUNTY_CENTRES).find((c) => c.toLowerCase() === `${v} county`) ?? null;
}

export type ResolvedScope = { scope: PlotScope; label: string; scopeValue: string | null; commodity?: string };
type Resolution = { ok: true; value: ResolvedScope } | { ok: false; status: 400 | 404; message: string };

/**
 * Turns what a person asked for (a county, a farmer ID, a batch code, plot codes or ids) into
 * the set of plots it means. The same resolution serves synchronous assessment, jobs and export.
 */
export async function resolvePlotScope(
  input: { scope: JobScope | "plots"; value?: string | null; plotIds?: string[] },
  db: Database,
): Promise<Resolution> {
  const value = (input.value ?? "").trim();
  switch (input.scope) {
    case "county": {
      const county = normalizeCounty(value);
      if (!county)
        return { ok: false, status: 400, message: `Unknown county "${value}": use one of the 15 counties, e.g. Nimba` };
      return { ok: true, value: { scope: { scope: "county", county }, label: county, scopeValue: county } };
    }
    case "farmer": {
      if (!value) return { ok: false, status: 400, message: "Give the farmer's ID (e.g. FRM000123)" };
      const farmer = await findFarmer(db, value);
      if (!farmer) return { ok: false, status: 404, message: `No farmer with ID ${value}` };
      return {
        ok: true,
        value: {
          scope: { scope: "farmer", farmerKeys: farmerKeys(farmer) },
          label: `farmer ${farmer.farmerId} (${farmer.firstName} ${farmer.lastName})`,
          scopeValue: farmer.farmerId,
        },
      };
    }
    case "batch": {
      if (!value) return { ok: false, status: 400, message: "Give the batch code" };
      const batch = await findBatchByCode(db, value);
      if (!batch) return { ok: false, status: 404, message: `No batch with code ${value}` };
      return {
        ok: true,
        value: {
          scope: { scope: "batch", batchId: batch.id },
          label: `batch ${batch.batchCode}`,
          scopeValue: batch.batchCode,
          commodity: batch.commodity,
        },
      };
    }
    case "plots": {
      const keys = (input.plotIds ?? []).map((k) => k.trim()).filter(Boolean);
      if (!keys.length) return { ok: false, status: 400, message: "Give at least one plot code or id" };
      const found = await plotIdsForKeys(db, keys);
      const known = new Set(found.flatMap((p) => [p.id, p.plotCode]));
      const unknown = keys.filter((k) => !known.has(k));
      if (unknown.length)
        return { ok: false, status: 404, message: `No plot with code or id ${unknown.slice(0, 10).join(", ")}` };
      return {
        ok: true,
        value: {
          scope: { scope: "plots", plotIds: found.map((p) => p.id) },
          label: `${found.length} plot(s)`,
          scopeValue: null,
        },
      };
    }
    case "all":
      return { ok: true, value: { scope: { scope: "all" }, label: "all plots", scopeValue: null } };
  }
}

export type JobView = {
  id: string;
  scope: string;
  scopeValue: string | null;
  label: string;
  status: string;
  total: number;
  done: number;
  percent: number;
  counts: Record<Verdict, number>;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
};

const emptyCounts = (): Record<Verdict, number> => ({ low: 0, high: 0, more_information_needed: 0 });

export function readSummary(job: Pick<AssessmentJobRow, "summary">): JobSummary {
  try {
    const s = JSON.parse(job.summary ?? "{}") as Partial<JobSummary>;
    return {
      label: s.label ?? "",
      actorRole: s.actorRole ?? null,
      counts: { ...emptyCounts(), ...s.counts },
      errors: s.errors,
      lastError: s.lastError,
    };
  } catch {
    return { label: "", actorRole: null, counts: emptyCounts() };
  }
}

/** A job as the API and the page show it: progress in percent, verdict counts so far. */
export function jobView(job: AssessmentJobRow): JobView {
  const s = readSummary(job);
  const percent = job.status === "done" ? 100 : job.total ? Math.min(99, Math.floor((job.done / job.total) * 100)) : 0;
  return {
    id: job.id,
    scope: job.scope,
    scopeValue: job.scopeValue,
    label: s.label,
    status: job.status,
    total: job.total,
    done: job.done,
    percent,
    counts: s.counts,
    lastError: s.lastError ?? null,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    finishedAt: job.finishedAt,
  };
}

/** Creates a job for a scope; a scope without plots is done at once. */
export async function createAssessmentJob(
  input: { scope: JobScope; value?: string | null },
  actor: AuditActor,
  deps: { db: Database; now?: () => Date },
): Promise<{ ok: true; job: JobView } | { ok: false; status: 400 | 404; message: string }> {
  const { db } = deps;
  const resolved = await resolvePlotScope(input, db);
  if (!resolved.ok) return resolved;
  const total = await countPlotsInScope(db, resolved.value.scope);
  const now = (deps.now?.() ?? new Date()).toISOString();
  const summary: JobSummary = { label: resolved.value.label, actorRole: actor.role, counts: emptyCounts() };
  const job: AssessmentJobRow = {
    id: crypto.randomUUID(),
    scope: input.scope,
    scopeValue: resolved.value.scopeValue,
    status: total ? "queued" : "done",
    total,
    done: 0,
    cursor: null,
    summary: JSON.stringify(summary),
    createdBy: actor.id,
    createdAt: now,
    updatedAt: now,
    finishedAt: total ? null : now,
  };
  await runBatch(db, [
    insertJobStatement(db, job),
    auditEntry(db, actor, "assessment_job.create", "assessment_job", job.id, null, {
      scope: job.scope,
      scopeValue: job.scopeValue,
      total,
    }),
  ]);
  return { ok: true, job: jobView(job) };
}

/**
 * Runs one slice of a job: claims it (one runner at a time), assesses its plots in id order from
 * the cursor, chunk by chunk, each chunk's verdicts and the cursor written in the same batch,
 * until the scope is exhausted (done) or `budgetMs` is spent (released as queued for the next
 * runner). Returns the job as it stands afterwards, or null for an unknown id.
 */
export async function runJobSlice(
  jobId: string,
  deps: { db: Database; now?: () => Date },
  budgetMs: number,
): Promise<JobView | null> {
  const { db } = deps;
  const clock = () => deps.now?.() ?? new Date();
  const started = Date.now();
  const job = await findJob(db, jobId);
  if (!job) return null;
  if (job.status === "done" || job.status === "failed") return jobView(job);
  const claimedAt = clock();
  if (
    !(await claimJob(db, jobId, claimedAt.toISOString(), new Date(claimedAt.getTime() - JOB_LEASE_MS).toISOString()))
  ) {
    return jobView((await findJob(db, jobId)) ?? job);
  }
  const summary = readSummary(job);
  let cursor = job.cursor;
  let done = job.done;
  try {
    const resolved = await resolvePlotScope({ scope: job.scope as JobScope, value: job.scopeValue }, db);
    if (!resolved.ok) {
      summary.lastError = resolved.message;
      await setJobStatus(db, jobId, { status: "failed", now: clock().toISOString(), summary: JSON.stringify(summary) });
      return jobView((await findJob(db, jobId))!);
    }
    const actor: AuditActor = { id: job.createdBy ?? "system", role: summary.actorRole ?? "system" };
    const layers = await activeLayersWithExtent(db);
    let finished = false;
    while (Date.now() - started < budgetMs) {
      const ids = await plotIdsInScope(db, resolved.value.scope, cursor, ASSESS_CHUNK);
      if (!ids.length) {
        finished = true;
        break;
      }
      await assessPlots(ids, {
        db,
        actor,
        jobId,
        layers,
        now: deps.now,
        afterChunk: (chunk) => {
          for (const r of chunk) summary.counts[r.verdict] += 1;
          cursor = ids[ids.length - 1]!;
          done += ids.length;
          return [
            advanceJobStatement(db, jobId, {
              cursor,
              done,
              summary: JSON.stringify(summary),
              now: clock().toISOString(),
            }),
          ];
        },
      });
      if (ids.length < ASSESS_CHUNK) {
        finished = true;
        break;
      }
    }
    if (finished) {
      await setJobStatus(db, jobId, { status: "done", now: clock().toISOString(), total: Math.max(job.total, done) });
    } else {
      await setJobStatus(db, jobId, { status: "queued", now: clock().toISOString() });
    }
  } catch (error) {
    // Counts as last committed (the failed chunk's batch rolled back), plus the error.
    const committed = readSummary((await findJob(db, jobId)) ?? job);
    committed.errors = (committed.errors ?? 0) + 1;
    committed.lastError = error instanceof Error ? error.message : String(error);
    await setJobStatus(db, jobId, {
      status: committed.errors >= MAX_SLICE_ERRORS ? "failed" : "queued",
      now: clock().toISOString(),
      summary: JSON.stringify(committed),
    });
  }
  return jobView((await findJob(db, jobId))!);
}

/** Cron: resumes every unfinished job, oldest first, within one overall time budget. */
export async function continueAssessmentJobs(deps: { db: Database; now?: () => Date }, budgetMs: number) {
  const started = Date.now();
  const jobs = await unfinishedJobs(deps.db);
  const report: { id: string; status: string; done: number; total: number }[] = [];
  for (const job of jobs) {
    const left = budgetMs - (Date.now() - started);
    if (left <= 0) break;
    const view = await runJobSlice(job.id, deps, left);
    if (view) report.push({ id: view.id, status: view.status, done: view.done, total: view.total });
  }
  return { jobs: report };
}
