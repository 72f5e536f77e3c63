import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { runScheduled } from "#worker/jobs/scheduled";
import { count, one } from "../worker/helpers";

/**
 * With demo mode off (production), the backup refuses the local key that wrangler.toml publishes
 * (ADR 033): the nightly run fails with a message saying what to set, and nothing is written.
 */
describe("backups with demo mode off", () => {
  it("refuse the published local development key and write nothing", async () => {
    const at = Date.parse("2026-11-03T02:00:00Z");
    await expect(runScheduled({ cron: "0 2 * * *", scheduledTime: at }, env as never)).rejects.toThrow(
      /"local-dev", the local development key published in wrangler\.toml/,
    );
    const run = await one<{ status: string; summary: string }>(
      "SELECT status, summary FROM cron_runs ORDER BY id DESC LIMIT 1",
    );
    expect(run.status).toBe("failed");
    expect(run.summary).toMatch(/set a secret key for this deployment/);
    expect((await env.CERTS.list({ prefix: "backups/" })).objects).toEqual([]);
    expect(await count("SELECT count(*) AS n FROM backup_runs")).toBe(0);
  });
});
