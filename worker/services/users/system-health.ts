/**
 * The system health section of /agritrace-admin-portal, from real probes and stored
 * records only: D1, KV and R2 reachable (worker/services/platform/check-health.ts, read-only
 * probes), the last runs of the scheduled handler (cron_runs, written by worker/jobs/scheduled.ts),
 * background jobs still open with the stuck ones flagged, and sign-in security counts
 * (auth_events, login_throttle, deactivated accounts).
 */
import type { Database } from "#db/client";
import {
  failedLoginCount,
  inactiveAccountCount,
  isStuck,
  type JobRow,
  lockedThrottleKeys,
  openJobs,
} from "#db/queries/admin";
import { latestCronRuns } from "#db/queries/cron-runs";
import { checkHealth, type HealthReport } from "../platform/check-health";

/** An open job untouched this long is stuck: every job moves at least once per cron run (every 15 min). */
export const STUCK_AFTER_MS = 60 * 60 * 1000;
export const FAILED_LOGIN_WINDOW_MS = 24 * 60 * 60 * 1000;

export type CronRunView = {
  id: number;
  cron: string;
  startedAt: string;
  finishedAt: string | null;
  status: string;
  summary: string | null;
};
export type SystemHealth = {
  probes: HealthReport;
  cronRuns: CronRunView[];
  jobs: (JobRow & { stuck: boolean })[];
  security: {
    failedLogins24h: number;
    /** Account-from-address pairs locked now (5 failures, ADR 006). */
    lockedAccounts: number;
    /** Client addresses locked now (50 failures across accounts). */
    lockedAddresses: number;
    deactivatedAccounts: number;
  };
};

export async function systemHealth(deps: {
  db: Database;
  d1: D1Database;
  kv: KVNamespace;
  r2: R2Bucket;
  now: () => Date;
}): Promise<SystemHealth> {
  const now = deps.now();
  const [probes, runs, jobs, failed, locked, deactivated] = await Promise.all([
    checkHealth({ db: deps.d1, kv: deps.kv, r2: deps.r2 }),
    latestCronRuns(deps.db, 10),
    openJobs(deps.db),
    failedLoginCount(deps.db, new Date(now.getTime() - FAILED_LOGIN_WINDOW_MS).toISOString()),
    lockedThrottleKeys(deps.db, now.getTime()),
    inactiveAccountCount(deps.db),
  ]);
  const stuckBefore = new Date(now.getTime() - STUCK_AFTER_MS).toISOString();
  const lockedAccounts = new Set(
    locked.filter((k) => k.key.startsWith("pair:")).map((k) => k.key.slice(5, k.key.lastIndexOf("|"))),
  );
  return {
    probes,
    cronRuns: runs.map((r) => ({
      id: r.id,
      cron: r.cron,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
      status: r.status,
      summary: r.summary,
    })),
    jobs: jobs.map((j) => ({ ...j, stuck: isStuck(j, stuckBefore) })),
    security: {
      failedLogins24h: failed,
      lockedAccounts: lockedAccounts.size,
      lockedAddresses: locked.filter((k) => k.key.startsWith("ip:")).length,
      deactivatedAccounts: deactivated,
    },
  };
}
