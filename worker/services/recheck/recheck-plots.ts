/**
 * Re-checking every stored plot when the rule set changes (ADR 029). A job walks the
 * plots whose `ruleset_version` is not RULESET_VERSION in id order from its cursor, in slices of
 * RECHECK_SLICE plots bounded by a time budget (a Worker invocation never runs out of CPU):
 * the administrator starts it (or the cron handler does, when it finds stale plots), each cron
 * run and each "continue" on /recheck-jobs resumes it.
 *
 * A plot that now fails becomes "needs review" with the new reasons (never silently changed):
 * the batches drawn from it are held (worker/services/inspections/holds.ts), the certificates
 * on it show "under review" at /verify, and the farmer, each batch holder and the county's land
 * inspectors are notified; one that passes again is cleared the same way. Each with its audit
 * row, in the same batch as the change. Idempotent: a re-checked plot carries today's version,
 * so a second run finds nothing to do; every update is guarded on the old version and every
 * notice has a dedupe key.
 *
 * A plot whose latest risk verdict was produced under an older risk method or layer versions (or
 * before versions were recorded) is re-assessed in the same slice with the assessment's own code
 * (worker/services/eudr/assess-plots.ts): a NEW verdict with its evidence and version, the old one
 * kept. A verdict that turns high, or needs more information where it was low, puts the plot under
 * review like a failing geometry rule; one that is low again clears it.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/client";
import { insertAssessmentIfLatestStatement, plotsWithCandidateFeatures } from "#db/queries/plot-assessments";
import {
  advanceRecheckJobStatement,
  batchesFromPlots,
  countStalePlots,
  farmerAccounts,
  findRecheckJob,
  insertRecheckJobStatement,
  landInspectorsOf,
  type RecheckJobRow,
  recentRecheckJobs,
  runningRecheckJob,
  type StalePlot,
  setPlotReviewStatement,
  setRecheckJobStatus,
  stalePlotsAfter,
} from "#db/queries/recheck";
import { activeLayersWithExtent } from "#db/queries/reference-layers";
import { can } from "#worker/auth/permissions";
import { isRole } from "#worker/auth/roles";
import {
  type RecheckOutcome,
  recheckOutcome,
  recheckPlot,
  riskReviewReason,
  withRiskReason,
} from "#worker/domain/recheck-plot";
import {
  layerVersionName,
  RISK_METHOD_VERSION,
  RULESET_VERSION,
  verdictIsStale,
  verdictRiskPart,
  verdictRulesetVersion,
} from "#worker/domain/ruleset";
import type { AuditActor } from "../deps";
import { type ActiveLayer, assessmentStatements, type PlotVerdict } from "../eudr/assess-plots";
import { type Notice, notifyStatement } from "../notifications/notify";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";

/** Plots per slice: one read, one write batch (statements stay well under D1's limits). */
export const RECHECK_SLICE = 50;
const SYSTEM: AuditActor = { id: "system:recheck", role: "system" };

export type RecheckJobView = RecheckJobRow & { percent: number };

const view = (job: RecheckJobRow): RecheckJobView => ({
  ...job,
  percent: job.total ? Math.min(100, Math.round((job.done / job.total) * 100)) : 100,
});

/**
 * Today's risk verdict version: the rule set with the active layers' versions, and its risk part
 * (risk method + layers) that a stored verdict must match not to be re-assessed.
 */
async function currentVerdictVersion(db: Database) {
  const layers = await activeLayersWithExtent(db);
  const verdictVersion = verdictRulesetVersion(layers);
  return { layers, verdictVersion, riskPart: verdictRiskPart(verdictVersion) };
}

/**
 * What /recheck-jobs shows: the current rule set (with the risk method and layer versions), how
 * many plots still wait, the latest jobs.
 */
export async function readRecheckOverview(deps: { db: Database }) {
  const { riskPart, layers } = await currentVerdictVersion(deps.db);
  const [stale, jobs] = await Promise.all([
    countStalePlots(deps.db, RULESET_VERSION, riskPart),
    recentRecheckJobs(deps.db, 10),
  ]);
  return {
    rulesetVersion: RULESET_VERSION,
    riskMethod: RISK_METHOD_VERSION,
    /** Today's layers, each as a verdict names it (kind, name, version), in the version's order. */
    layers: layers
      .map((l) => ({ kind: l.kind, name: l.name, version: l.version }))
      .sort((a, b) => {
        const [x, y] = [layerVersionName(a), layerVersionName(b)];
        return x < y ? -1 : x > y ? 1 : 0;
      }),
    riskVersion: riskPart,
    stalePlots: stale,
    jobs: jobs.map(view),
  };
}

/**
 * Starts a re-check of every plot judged under another rule set (administrators; the cron handler
 * as `system`). One job at a time: a running job is answered instead of a second one.
 */
export async function startRecheck(deps: {
  db: Database;
  actor: AuditActor;
  now: () => Date;
}): Promise<Result<{ job: RecheckJobView; started: boolean }>> {
  const { db, actor } = deps;
  if (actor.role !== "system" && !(isRole(actor.role) && can(actor.role, "manageRecheck")))
    return fail(403, "Only a system administrator can start a re-check of the stored plots");
  const running = await runningRecheckJob(db);
  if (running) return ok({ job: view(running), started: false });
  const total = await countStalePlots(db, RULESET_VERSION, (await currentVerdictVersion(db)).riskPart);
  if (!total) return fail(409, `Every stored plot is already checked under rule set ${RULESET_VERSION}`);
  const id = crypto.randomUUID();
  const at = deps.now().toISOString();
  await db.batch([
    insertRecheckJobStatement(db, {
      id,
      rulesetVersion: RULESET_VERSION,
      total,
      startedBy: actor.id,
      createdAt: at,
      updatedAt: at,
    }),
    auditEntry(db, actor, "recheck_job.start", "recheck_job", id, null, { rulesetVersion: RULESET_VERSION, total }),
  ]);
  const job = await findRecheckJob(db, id);
  return ok({ job: view(job!), started: true });
}

type SliceCounts = { done: number; flagged: number; cleared: number; unchanged: number; reassessed: number };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const storedReasons = (raw: string | null): string[] => {
  try {
    const list = JSON.parse(raw ?? "[]") as unknown;
    return Array.isArray(list) ? list.filter((r): r is string => typeof r === "string") : [];
  } catch {
    return [];
  }
};

/**
 * The statements that record one slice's verdicts: re-assessed risk verdicts (with their own
 * audit rows), plot updates, audit rows and notices.
 */
async function sliceStatements(
  db: Database,
  plots: StalePlot[],
  at: Date,
  current: { layers: ActiveLayer[]; verdictVersion: string },
) {
  const since = at.toISOString();
  const statements: BatchItem<"sqlite">[] = [];
  // Verdicts of an older risk method or layer versions: re-assessed by the assessment's own code,
  // each stored as a new verdict only while the one read here is still the plot's latest.
  const stale = plots.filter(
    (p) => p.verdictId && verdictIsStale(p.verdictVersion ?? "legacy", current.verdictVersion),
  );
  const fresh = new Map<string, PlotVerdict>();
  if (stale.length) {
    const read = await plotsWithCandidateFeatures(
      db,
      stale.map((p) => p.id),
    );
    const built = await assessmentStatements(db, read, current.layers, { actor: SYSTEM, assessedAt: since });
    const seen = new Map(stale.map((p) => [p.id, p.verdictId!]));
    for (const row of built.rows) statements.push(insertAssessmentIfLatestStatement(db, row, seen.get(row.plotId)!));
    statements.push(...built.statements);
    for (const verdict of built.chunk) fresh.set(verdict.plotId, verdict);
  }
  const outcomes = plots.map((plot) => {
    const now = fresh.get(plot.id) ?? null;
    const riskReason = riskReviewReason(plot, now, storedReasons(plot.verdictReasons));
    const verdict = withRiskReason(recheckPlot(plot), riskReason);
    return { plot, verdict, riskNow: now, outcome: recheckOutcome(plot, verdict) as RecheckOutcome };
  });
  const changed = outcomes.filter((o) => o.outcome !== "unchanged");
  const [origins, accounts, inspectors] = changed.length
    ? await Promise.all([
        batchesFromPlots(
          db,
          changed.map((o) => o.plot.id),
        ),
        farmerAccounts(
          db,
          changed.map((o) => o.plot.farmerId),
        ),
        landInspectorsOf(
          db,
          changed.flatMap((o) => [o.plot.county ?? "", o.plot.declaredCounty ?? ""]),
        ),
      ])
    : [[], [], []];
  const counts: SliceCounts = { done: plots.length, flagged: 0, cleared: 0, unchanged: 0, reassessed: fresh.size };
  for (const { plot, verdict, riskNow, outcome } of outcomes) {
    const newVerdictId = riskNow?.assessmentId ?? null;
    if (outcome === "unchanged") {
      counts.unchanged++;
      statements.push(setPlotReviewStatement(db, plot.id, RULESET_VERSION, "unchanged", newVerdictId));
      continue;
    }
    const flag = outcome === "flag";
    counts[flag ? "flagged" : "cleared"]++;
    const review = flag ? { reasons: verdict.reasons, since } : null;
    statements.push(setPlotReviewStatement(db, plot.id, RULESET_VERSION, review, newVerdictId));
    const held = origins.filter((o) => o.plotId === plot.id);
    statements.push(
      auditEntry(
        db,
        SYSTEM,
        flag ? "plot.needs_review" : "plot.clear_review",
        "land_plot",
        plot.id,
        {
          rulesetVersion: plot.rulesetVersion,
          reviewState: plot.reviewState,
          reviewReasons: plot.reviewReasons,
          riskLevel: plot.verdict,
          verdictVersion: plot.verdictVersion,
        },
        {
          rulesetVersion: RULESET_VERSION,
          reviewState: flag ? "needs_review" : null,
          reasons: flag ? verdict.reasons : [],
          batches: held.map((b) => b.batchCode),
          riskLevel: riskNow?.verdict ?? plot.verdict,
          verdictVersion: riskNow ? current.verdictVersion : plot.verdictVersion,
          assessmentId: riskNow?.assessmentId ?? plot.verdictId,
        },
      ),
    );
    const batchList = held.map((b) => b.batchCode).join(", ");
    const title = flag
      ? `Plot ${plot.plotCode} needs review under a new rule`
      : `Plot ${plot.plotCode} is cleared under the new rules`;
    const body = flag
      ? `A re-check under rule set ${RULESET_VERSION} found: ${verdict.reasons.join("; ")}.${
          held.length
            ? ` ${plural(held.length, "batch", "batches")} drawn from it (${batchList}) are held until it is cleared.`
            : ""
        }`
      : `The plot passes the rules of ${RULESET_VERSION} again.${
          held.length
            ? ` ${plural(held.length, "batch", "batches")} drawn from it (${batchList}) may move on again.`
            : ""
        }`;
    const recipients = new Set<string>();
    for (const a of accounts) if (a.farmerId === plot.farmerId) recipients.add(a.userId);
    for (const b of held) if (b.holderId) recipients.add(b.holderId);
    const counties = new Set([plot.county, plot.declaredCounty].filter(Boolean).map((c) => c!.replace(/ County$/, "")));
    for (const i of inspectors) if (i.county && counties.has(i.county.replace(/ County$/, ""))) recipients.add(i.id);
    for (const userId of recipients) {
      const notice: Notice = {
        userId,
        kind: "plot_review",
        title,
        body,
        subject: { type: "land_plot", id: plot.id },
        dedupeKey: `recheck:${current.verdictVersion}:${outcome}:${plot.id}:${userId}`,
      };
      statements.push(notifyStatement(db, notice, at));
    }
  }
  return { statements, counts };
}

/**
 * Runs slices of a job until `budgetMs` is spent or nothing is left; resumable from its cursor.
 * Returns the job as it stands.
 */
export async function runRecheckJob(
  jobId: string,
  deps: { db: Database; now: () => Date },
  budgetMs = 20_000,
): Promise<RecheckJobView | null> {
  const { db } = deps;
  const started = Date.now();
  let job = await findRecheckJob(db, jobId);
  if (job?.status !== "running") return job ? view(job) : null;
  const current = await currentVerdictVersion(db);
  while (job && job.status === "running" && Date.now() - started < budgetMs) {
    const plots = await stalePlotsAfter(db, job.rulesetVersion, current.riskPart, job.cursor, RECHECK_SLICE);
    if (!plots.length || job.rulesetVersion !== RULESET_VERSION) {
      await setRecheckJobStatus(db, job.id, job.rulesetVersion === RULESET_VERSION ? "done" : "failed", null);
      return view((await findRecheckJob(db, job.id))!);
    }
    try {
      const { statements, counts } = await sliceStatements(db, plots, deps.now(), current);
      const cursor = plots[plots.length - 1]!.id;
      await db.batch([advanceRecheckJobStatement(db, job.id, job.cursor, { cursor, add: counts }), ...statements] as [
        BatchItem<"sqlite">,
        ...BatchItem<"sqlite">[],
      ]);
    } catch (error) {
      await setRecheckJobStatus(db, job.id, "failed", error instanceof Error ? error.message : String(error));
      return view((await findRecheckJob(db, job.id))!);
    }
    job = await findRecheckJob(db, job.id);
  }
  return job ? view(job) : null;
}

/** The cron handler's part: start a job when plots wait under an older rule set, then resume it. */
export async function continueRecheck(deps: { db: Database; now: () => Date }, budgetMs = 20_000) {
  let job = await runningRecheckJob(deps.db);
  if (!job) {
    const started = await startRecheck({ ...deps, actor: SYSTEM });
    if (!started.ok) return { idle: started.message };
    job = started.value.job;
  }
  const after = await runRecheckJob(job.id, deps, budgetMs);
  return after ? { job: after.id, status: after.status, done: after.done, total: after.total } : { idle: "no job" };
}

/** Every cron run: resume a job that is running (never starts one). */
export async function continueRunningRecheck(deps: { db: Database; now: () => Date }, budgetMs = 20_000) {
  const job = await runningRecheckJob(deps.db);
  if (!job) return { idle: "no job running" };
  const after = await runRecheckJob(job.id, deps, budgetMs);
  return after ? { job: after.id, status: after.status, done: after.done, total: after.total } : { idle: "no job" };
}

/** An administrator's "start or continue" from /recheck-jobs (the request's own time budget). */
export async function startOrContinueRecheck(
  deps: { db: Database; actor: AuditActor; now: () => Date },
  budgetMs = 10_000,
): Promise<Result<{ job: RecheckJobView; started: boolean }>> {
  const started = await startRecheck(deps);
  if (!started.ok) return started;
  const after = await runRecheckJob(started.value.job.id, deps, budgetMs);
  return ok({ job: after ?? started.value.job, started: started.value.started });
}
