/**
 * The restore drill (issue 17, ADR 030): back up the seeded state with the scheduled handler's
 * backup job, restore it into a fresh database, and compare every table's row count and checksum.
 */
import { env } from "cloudflare:test";
import { gunzipSync, strFromU8 } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { BackupManifest } from "#worker/domain/backup-format";
import { runScheduled } from "#worker/jobs/scheduled";
import { restoreBackup, verifyRestore } from "#worker/services/backups/restore-backup";
import { continueBackup, pruneBackups, startBackup } from "#worker/services/backups/run-backup";
import { buildDeps } from "#worker/services/deps";
import { buyAndExport, seedAndSignIn, splitAndMerge } from "./batches-fixtures";
import { count, one, rows } from "./helpers";

const NIGHT = Date.parse("2026-11-03T02:00:00Z");
const restoreDb = (env as unknown as { RESTORE_DB: D1Database }).RESTORE_DB;
const readPart = async (key: string) => new Uint8Array(await (await env.CERTS.get(key))!.arrayBuffer());
let manifest: BackupManifest;

beforeAll(async () => {
  await seedAndSignIn();
  await buyAndExport();
  await splitAndMerge();
  // The nightly trigger starts the backup; slices continue until it is done.
  await runScheduled({ cron: "0 2 * * *", scheduledTime: NIGHT }, env as never);
  for (let i = 0; i < 50; i++) {
    const run = await one<{ status: string }>("SELECT status FROM backup_runs WHERE id LIKE '%-2026-11-03'");
    if (run.status !== "running") break;
    await runScheduled({ cron: "*/5 * * * *", scheduledTime: NIGHT + (i + 1) * 300_000 }, env as never);
  }
  const object = await env.CERTS.get("backups/monthly/2026-11-03/manifest.json");
  expect(object, "the first backup of the month is the monthly copy").not.toBeNull();
  manifest = (await object!.json()) as BackupManifest;
}, 120_000);

describe("daily backup of D1 to R2", () => {
  it("exports every table, compressed, with row counts and checksums, the audit log last", async () => {
    const tables = await rows<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND substr(name, 1, 4) <> '_cf_' AND name <> 'backup_runs' ORDER BY name",
    );
    expect(manifest.tables.map((t) => t.name).sort()).toEqual(tables.map((t) => t.name));
    expect(manifest.tables.at(-1)!.name).toBe("audit_log");
    for (const t of manifest.tables) {
      expect(t.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(t.parts.reduce((n, p) => n + p.rows, 0)).toBe(t.rows);
    }
    const batches = manifest.tables.find((t) => t.name === "batches")!;
    expect(batches.rows).toBe(await count("SELECT count(*) AS n FROM batches"));
    expect(batches.rows).toBeGreaterThanOrEqual(5);
    // A part is gzip of JSON lines, one array of column values per row.
    const lines = strFromU8(gunzipSync(await readPart(batches.parts[0]!.key)))
      .trim()
      .split("\n");
    expect(JSON.parse(lines[0]!)).toHaveLength(batches.columns.length);
    expect(manifest.audit.endId).toBe(await count("SELECT max(id) AS n FROM audit_log"));
    expect(manifest.consistent).toBe(true);
  });

  it("runs in slices: a tiny budget leaves it running with its state stored, and it resumes", async () => {
    const deps = { ...buildDeps(env), now: () => new Date("2026-11-04T02:00:00Z") };
    const run = await startBackup(deps);
    expect(run.kind).toBe("daily");
    const first = await continueBackup(run.id, deps, 0);
    expect(first.status).toBe("running");
    expect(first.tablesDone).toBeLessThan(first.tables);
    let progress = first;
    while (progress.status === "running") progress = await continueBackup(run.id, deps, 50);
    const daily = (await (await env.CERTS.get(`${run.prefix}manifest.json`))!.json()) as BackupManifest;
    // The same data, so the same checksums as the night before (the backup's own table is left out).
    for (const t of daily.tables.filter((t) => t.name !== "audit_log" && t.name !== "cron_runs")) {
      expect(t.sha256, t.name).toBe(manifest.tables.find((m) => m.name === t.name)!.sha256);
    }
  });
});

describe("restore drill", () => {
  it("rebuilds a fresh database whose every table matches the manifest's count and checksum", async () => {
    const restored = await restoreBackup(restoreDb, manifest, readPart);
    expect(restored.tables).toBe(manifest.tables.length);
    const checks = await verifyRestore(restoreDb, manifest);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(checks.length).toBe(manifest.tables.length);
    // The triggers came back too, after the rows: a change bumps a subject version again.
    const before = await restoreDb.prepare("SELECT max(version) AS v FROM subject_versions").first<{ v: number }>();
    await restoreDb.prepare("UPDATE batches SET grade = 'B' WHERE rowid = 1").run();
    const after = await restoreDb.prepare("SELECT max(version) AS v FROM subject_versions").first<{ v: number }>();
    expect(after!.v).toBeGreaterThan(before!.v);
    await expect(restoreBackup(restoreDb, manifest, readPart)).rejects.toThrow(/not empty/);
  });
});

describe("retention", () => {
  it("keeps daily copies 35 days and monthly copies 5 years, and never touches other files", async () => {
    await env.CERTS.put("backups/daily/2026-09-01/x/000001.jsonl.gz", "old");
    await env.CERTS.put("backups/daily/2026-10-20/x/000001.jsonl.gz", "recent");
    await env.CERTS.put("backups/monthly/2021-10-01/x/000001.jsonl.gz", "old monthly");
    await env.CERTS.put("backups/monthly/2022-01-01/x/000001.jsonl.gz", "kept monthly");
    await env.CERTS.put("certificates/old.pdf", "a superseded certificate");
    const pruned = await pruneBackups({ ...buildDeps(env), now: () => new Date("2026-11-05T02:00:00Z") });
    expect(pruned.copies).toBe(2);
    expect(await env.CERTS.head("backups/daily/2026-09-01/x/000001.jsonl.gz")).toBeNull();
    expect(await env.CERTS.head("backups/monthly/2021-10-01/x/000001.jsonl.gz")).toBeNull();
    expect(await env.CERTS.head("backups/daily/2026-10-20/x/000001.jsonl.gz")).not.toBeNull();
    expect(await env.CERTS.head("backups/monthly/2022-01-01/x/000001.jsonl.gz")).not.toBeNull();
    expect(await env.CERTS.head("backups/monthly/2026-11-03/manifest.json")).not.toBeNull();
    expect(await env.CERTS.head("certificates/old.pdf")).not.toBeNull();
  });
});
