import { finishCronRun, pruneCronRuns, startCronRun } from "#db/queries/cron-runs";
import { unfinishedImportRuns } from "#db/queries/import-runs";
import type { Env } from "../env";
import { backupJob, backupKeys } from "../services/backups/run-backup";
import { regenerateCertificates } from "../services/certificates/regenerate-certificates";
import { buildDeps } from "../services/deps";
import { continueAssessmentJobs } from "../services/eudr/assessment-jobs";
import { httpPriceFeed, runPriceFeed } from "../services/market/price-feed";
import { continueRecheck, continueRunningRecheck } from "../services/recheck/recheck-plots";
import { continueImport } from "../services/registry/bulk-import";
import { continueReports } from "../services/reports/build-report";
import { runPushDelivery } from "./push-delivery";

/** The nightly trigger in wrangler.toml; the 5-minute one only finishes background work. */
export const NIGHTLY_CRON = "0 2 * * *";

/**
 * The Worker's cron handler: records each run in `cron_runs` with what it did.
 * Later jobs (certificate regeneration, expiry) are added to `jobs` below.
 */
export async function runScheduled(controller: Pick<ScheduledController, "cron" | "scheduledTime">, env: Env) {
  const deps = buildDeps(env);
  const { db } = deps;
  const runId = await startCronRun(db, controller.cron, new Date(controller.scheduledTime));
  const summary: Record<string, unknown> = {};
  try {
    const jobs: Record<string, () => Promise<unknown>> = {
      // Finishes background risk assessments (e.g. a county) that a request started but did not end.
      assessmentJobs: () => continueAssessmentJobs({ db }, 20_000),
      // Finishes bulk imports whose background processing stopped (e.g. the isolate was recycled).
      imports: async () => {
        const runs = await unfinishedImportRuns(db);
        for (const { id } of runs) await continueImport(id, { db, files: env.CERTS }, 20_000);
        return { continued: runs.length };
      },
      // Re-checks stored plots under a new rule set (ADR 029): nightly it starts a job when plots
      // wait under an older one; every run resumes a job an administrator or the night started.
      recheck: () => {
        const now = () => new Date(controller.scheduledTime);
        return controller.cron === NIGHTLY_CRON
          ? continueRecheck({ db, now }, 20_000)
          : continueRunningRecheck({ db, now }, 20_000);
      },
      // Builds oversight reports whose background build stopped (and gives up on hour-old ones).
      reports: () => continueReports({ db, files: env.CERTS }),
      // Nightly: expire certificates past their date; re-issue those whose data changed or that expire within 14 days.
      certificates: async () =>
        controller.cron === NIGHTLY_CRON
          ? regenerateCertificates({ ...deps, now: () => new Date(controller.scheduledTime) })
          : { skipped: `runs with the nightly trigger (${NIGHTLY_CRON})` },
      // Nightly, and only when a feed is configured (PRICE_FEED_URL; off by default): world prices.
      priceFeed: async () => {
        if (!env.PRICE_FEED_URL) return { skipped: "no PRICE_FEED_URL configured" };
        if (controller.cron !== NIGHTLY_CRON) return { skipped: `runs with the nightly trigger (${NIGHTLY_CRON})` };
        // A feed that is down must not stop the jobs after it: its failure is the summary.
        const result = await runPriceFeed(httpPriceFeed(env.PRICE_FEED_URL), { db }).catch((error: unknown) => ({
          ok: false as const,
          message: error instanceof Error ? error.message : String(error),
        }));
        if (!result.ok) return { failed: result.message };
        const { stored, alreadyStored, failed } = result.value;
        return { stored, alreadyStored, failed };
      },
      // Push notices that requests left pending, or that are due for a retry (ADR 028).
      push: () => runPushDelivery(env),
      // Nightly: start the daily backup of D1 to R2 and prune expired copies; every trigger continues
      // an unfinished one in slices (ADR 030). After the jobs above, so it holds what they wrote.
      // Encrypted (ADR 033): without the keys it throws, and the run is recorded as failed.
      backup: async () =>
        backupJob(
          { ...deps, keys: await backupKeys(env), now: () => new Date(controller.scheduledTime) },
          { nightly: controller.cron === NIGHTLY_CRON },
        ),
      // Housekeeping: drop cron history older than 90 days so the table stays small.
      pruneCronHistory: async () => ({ deleted: await pruneCronRuns(db, 90) }),
    };
    for (const [name, job] of Object.entries(jobs)) summary[name] = await job();
    await finishCronRun(db, runId, "ok", summary);
  } catch (error) {
    summary.error = error instanceof Error ? error.message : String(error);
    await finishCronRun(db, runId, "failed", summary);
    throw error;
  }
  return { runId, summary };
}
