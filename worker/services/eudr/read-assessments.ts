/**
 * The reads and the immediate assessment of /api/eudr: assess up to MAX_SYNC_PLOTS plots of a
 * scope now, the recent background jobs and one job's progress (./assessment-jobs.ts), and a
 * plot's verdict history.
 */
import type { Database } from "#db/client";
import { type AssessmentJobRow, findJob, recentJobs } from "#db/queries/assessment-jobs";
import { assessmentHistory, countPlotsInScope, findPlotByIdOrCode, plotIdsInScope } from "#db/queries/plot-assessments";
import { MAX_SYNC_PLOTS } from "#worker/contracts/eudr";
import { fail, ok, type Result } from "../result";
import { type AssessPlotsDeps, assessPlots } from "./assess-plots";
import { JOB_LEASE_MS, jobView, resolvePlotScope } from "./assessment-jobs";

/** Assesses the plots of one scope now: a plot list, a farmer or a batch (larger scopes go to a job). */
export async function assessScopeNow(
  input: { plotIds?: string[]; farmerId?: string; batchCode?: string },
  deps: AssessPlotsDeps,
) {
  const { plotIds, farmerId, batchCode } = input;
  const resolved = await resolvePlotScope(
    plotIds
      ? { scope: "plots", plotIds }
      : farmerId
        ? { scope: "farmer", value: farmerId }
        : { scope: "batch", value: batchCode },
    deps.db,
  );
  if (!resolved.ok) return resolved;
  const { scope, label } = resolved.value;
  const total = await countPlotsInScope(deps.db, scope);
  if (total === 0) return fail(404, `No plots found for ${label}`);
  if (total > MAX_SYNC_PLOTS)
    return fail(
      413,
      `${label} has ${total} plots, more than ${MAX_SYNC_PLOTS} can be assessed in one request: start a background job (POST /api/eudr/jobs)`,
    );
  const ids = await plotIdsInScope(deps.db, scope, null, MAX_SYNC_PLOTS);
  const { results } = await assessPlots(ids, deps);
  return ok({ scope: label, assessed: results.length, results });
}

/** The most recent assessment jobs, as shown. */
export async function recentAssessmentJobs(deps: { db: Database }, limit = 20) {
  return (await recentJobs(deps.db, limit)).map(jobView);
}

/**
 * A job's progress, and whether it needs a runner: queued, or running with a runner gone silent
 * for longer than its lease (polling keeps a job moving).
 */
export async function assessmentJobProgress(
  id: string,
  deps: { db: Database },
): Promise<Result<{ job: AssessmentJobRow; needsRunner: boolean }>> {
  const job = await findJob(deps.db, id);
  if (!job) return fail(404, "No such assessment job");
  const stale = job.status === "running" && Date.parse(job.updatedAt) < Date.now() - JOB_LEASE_MS;
  return ok({ job, needsRunner: job.status === "queued" || stale });
}

/** A plot's verdict history, newest first, with evidence and reasons as JSON. */
export async function plotVerdictHistory(idOrCode: string, deps: { db: Database }) {
  const plot = await findPlotByIdOrCode(deps.db, idOrCode);
  if (!plot) return fail(404, "No such plot");
  const history = await assessmentHistory(deps.db, plot.id);
  const { id, plotCode, riskLevel, assessedAt, validationState } = plot;
  return ok({
    plot: { id, plotCode, riskLevel, assessedAt, validationState },
    assessments: history.map((a) => ({ ...a, evidence: JSON.parse(a.evidence), reasons: JSON.parse(a.reasons) })),
  });
}
