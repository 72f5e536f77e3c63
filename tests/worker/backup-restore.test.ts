/**
 * The restore drill (ADR 030): back up the seeded state with the scheduled handler's
 * backup job, restore it into a fresh database, and compare every table's row count and checksum.
 * Backups are encrypted (ADR 033): the drill opens them with the Worker's keys, and a wrong key
 * or a part moved to another place fails.
 */
import { env } from "cloudflare:test";
import { gunzipSync, strFromU8 } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { loginThrottle } from "#db/schema";
import { BACKUP_LEFT_OUT_TABLES, type BackupManifest } from "#worker/domain/backup-format";
import { runScheduled } from "#worker/jobs/scheduled";
import { openBackupManifest, restoreBackup, verifyRestore } from "#worker/services/backups/restore-backup";
import { backupKeys, continueBackup, pruneBackups, startBackup } from "#worker/services/backups/run-backup";
import { type EnvelopeKeys, openBytes, parseEnvelopeKeys } from "#worker/services/crypto/envelope";
import { buildDeps } from "#worker/services/deps";
import { buyAndExport, seedAndSignIn, splitAndMerge } from "./batches-fixtures";
import { db } from "./factories";
import { count, one, rows } from "./helpers";

const NIGHT = Date.parse("2026-11-03T02:00:00Z");
const restoreDb = (env as unknown as { RESTORE_DB: D1Database }).RESTORE_DB;
const readPart = async (key: string) => new Uint8Array(await (await env.CERTS.get(key))!.arrayBuffer());
let manifest: BackupManifest;
let keys: EnvelopeKeys;
const MANIFEST_KEY = "backups/monthly/2026-11-03/manifest.json";

beforeAll(async () => {
  await seedAndSignIn();
  await buyAndExport();
  await splitAndMerge();
  // A sign-in throttle row (a failed attempt from an address): throttle state stays out of backups.
  await db.insert(loginThrottle).values({ key: "ip:203.0.113.9", failures: 1, windowStart: Date.now() });
  // A browser's push subscription: its keys must not reach a backup (ADR 030).
  await env.DB.prepare(
    "INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, device) VALUES ('ps1', (SELECT id FROM users LIMIT 1), 'https://push.example/ps1', 'P256DH-SECRET-KEY', 'AUTH-SECRET', 'Chrome on Android')",
  ).run();
  keys = await backupKeys(env);
  // The nightly trigger starts the backup; slices continue until it is done.
  await runScheduled({ cron: "0 2 * * *", scheduledTime: NIGHT }, env as never);
  for (let i = 0; i < 50; i++) {
    const run = await one<{ status: string }>("SELECT status FROM backup_runs WHERE id LIKE '%-2026-11-03'");
    if (run.status !== "running") break;
    await runScheduled({ cron: "*/5 * * * *", scheduledTime: NIGHT + (i + 1) * 300_000 }, env as never);
  }
  const object = await env.CERTS.get(MANIFEST_KEY);
  expect(object, "the first backup of the month is the monthly copy").not.toBeNull();
  manifest = await openBackupManifest(new Uint8Array(await object!.arrayBuffer()), keys);
}, 120_000);

describe("daily backup of D1 to R2", () => {
  it("exports every table, compressed, with row counts and checksums, the audit log last", async () => {
    const tables = await rows<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND substr(name, 1, 4) <> '_cf_' AND name <> 'backup_runs' AND name NOT IN ('user_sessions', 'login_throttle', 'push_subscriptions') ORDER BY name",
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
    // A part is gzip of JSON lines, one array of column values per row, encrypted with its R2 key as context.
    const lines = strFromU8(
      gunzipSync(await openBytes(keys, await readPart(batches.parts[0]!.key), batches.parts[0]!.key)),
    )
      .trim()
      .split("\n");
    expect(JSON.parse(lines[0]!)).toHaveLength(batches.columns.length);
    expect(manifest.audit.endId).toBe(await count("SELECT max(id) AS n FROM audit_log"));
    expect(manifest.consistent).toBe(true);
  });

  it("encrypts every part and the manifest: a copy of the bucket without the key reveals no rows", async () => {
    const outer = (await (await env.CERTS.get(MANIFEST_KEY))!.json()) as Record<string, unknown>;
    expect(outer).toMatchObject({ id: "monthly-2026-11-03", encryption: { algorithm: "AES-256-GCM" } });
    expect((outer.encryption as { keyIds: string[] }).keyIds).toEqual([env.ENVELOPE_KEY_ID]);
    expect(outer).not.toHaveProperty("tables");
    expect(outer).not.toHaveProperty("schema");
    const loginId = (await one<{ login_id: string }>("SELECT login_id FROM users ORDER BY rowid LIMIT 1")).login_id;
    const hash = (await one<{ h: string }>("SELECT password_hash AS h FROM users ORDER BY rowid LIMIT 1")).h;
    const listed = await env.CERTS.list({ prefix: "backups/monthly/2026-11-03/" });
    expect(listed.objects.length).toBe(manifest.tables.reduce((n, t) => n + t.parts.length, 0) + 1);
    for (const object of listed.objects) {
      const bytes = Buffer.from(await readPart(object.key));
      expect(bytes.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b])), `${object.key} is not plain gzip`).toBe(false);
      for (const secret of [loginId, hash, hash.slice(-20), "P256DH-SECRET-KEY", "password_hash"]) {
        expect(bytes.includes(Buffer.from(secret)), `${object.key} holds ${secret}`).toBe(false);
      }
    }
  });

  it("leaves out sessions, sign-in throttle rows and push keys; keeps the password hashes a restore needs", async () => {
    expect(await count("SELECT count(*) AS n FROM user_sessions")).toBeGreaterThan(0);
    expect(await count("SELECT count(*) AS n FROM login_throttle")).toBeGreaterThan(0);
    expect(await count("SELECT count(*) AS n FROM push_subscriptions")).toBeGreaterThan(0);
    expect([...BACKUP_LEFT_OUT_TABLES].sort()).toEqual(["login_throttle", "push_subscriptions", "user_sessions"]);
    for (const name of BACKUP_LEFT_OUT_TABLES) expect(manifest.tables.map((t) => t.name)).not.toContain(name);
    // Their schema is kept, so a restored database has the tables, empty.
    for (const name of BACKUP_LEFT_OUT_TABLES) expect(manifest.schema.map((o) => o.name)).toContain(name);
    expect(manifest.tables.find((t) => t.name === "users")!.columns).toContain("password_hash");
  });

  it("refuses to back up without the key and writes nothing: no plaintext fallback", async () => {
    const noKey = { ...env, ENVELOPE_KEYS: undefined } as never;
    const at = Date.parse("2026-11-06T02:00:00Z");
    await expect(runScheduled({ cron: "0 2 * * *", scheduledTime: at }, noKey)).rejects.toThrow(
      /ENVELOPE_KEYS is not set/,
    );
    const run = await one<{ status: string; summary: string }>(
      "SELECT status, summary FROM cron_runs WHERE scheduled_at = ? ORDER BY id DESC LIMIT 1",
      new Date(at).toISOString(),
    );
    expect(run.status).toBe("failed");
    expect(run.summary).toMatch(/ENVELOPE_KEYS is not set/);
    expect((await env.CERTS.list({ prefix: "backups/daily/2026-11-06/" })).objects).toEqual([]);
    expect(await count("SELECT count(*) AS n FROM backup_runs WHERE id LIKE '%2026-11-06'")).toBe(0);
  });

  it("runs in slices: a tiny budget leaves it running with its state stored, and it resumes", async () => {
    const deps = { ...buildDeps(env), keys, now: () => new Date("2026-11-04T02:00:00Z") };
    const run = await startBackup(deps);
    expect(run.kind).toBe("daily");
    const first = await continueBackup(run.id, deps, 0);
    expect(first.status).toBe("running");
    expect(first.tablesDone).toBeLessThan(first.tables);
    let progress = first;
    while (progress.status === "running") progress = await continueBackup(run.id, deps, 50);
    const sealed = new Uint8Array(await (await env.CERTS.get(`${run.prefix}manifest.json`))!.arrayBuffer());
    const daily = await openBackupManifest(sealed, keys);
    // The same data, so the same checksums as the night before (the backup's own table is left out).
    for (const t of daily.tables.filter((t) => t.name !== "audit_log" && t.name !== "cron_runs")) {
      expect(t.sha256, t.name).toBe(manifest.tables.find((m) => m.name === t.name)!.sha256);
    }
  });
});

describe("restore drill", () => {
  it("rebuilds a fresh database whose every table matches the manifest's count and checksum", async () => {
    const restored = await restoreBackup(restoreDb, manifest, readPart, keys);
    expect(restored.tables).toBe(manifest.tables.length);
    const checks = await verifyRestore(restoreDb, manifest);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(checks.length).toBe(manifest.tables.length);
    // The triggers came back too, after the rows: a change bumps a subject version again.
    const before = await restoreDb.prepare("SELECT max(version) AS v FROM subject_versions").first<{ v: number }>();
    await restoreDb.prepare("UPDATE batches SET grade = 'B' WHERE rowid = 1").run();
    const after = await restoreDb.prepare("SELECT max(version) AS v FROM subject_versions").first<{ v: number }>();
    expect(after!.v).toBeGreaterThan(before!.v);
    await expect(restoreBackup(restoreDb, manifest, readPart, keys)).rejects.toThrow(/not empty/);
    // The left-out tables come back empty; accounts keep their password hashes, so people can sign in.
    for (const name of ["user_sessions", "login_throttle", "push_subscriptions"]) {
      const n = await restoreDb.prepare(`SELECT count(*) AS n FROM ${name}`).first<{ n: number }>();
      expect(n!.n, name).toBe(0);
    }
    const hashes = await restoreDb
      .prepare("SELECT count(*) AS n FROM users WHERE password_hash LIKE '%$%'")
      .first<{ n: number }>();
    expect(hashes!.n).toBe(await count("SELECT count(*) AS n FROM users WHERE password_hash LIKE '%$%'"));
  });

  it("fails loudly with a wrong key, and when a part is swapped for another", async () => {
    const object = new Uint8Array(await (await env.CERTS.get(MANIFEST_KEY))!.arrayBuffer());
    const random = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
    const wrong = await parseEnvelopeKeys(`${env.ENVELOPE_KEY_ID}:${random}`, undefined);
    await expect(openBackupManifest(object, wrong)).rejects.toThrow(
      `could not be decrypted with key "${env.ENVELOPE_KEY_ID}": a wrong key`,
    );
    const other = await parseEnvelopeKeys(`retired-2020:${random}`, undefined);
    await expect(openBackupManifest(object, other)).rejects.toThrow(/not among the keys given \(retired-2020\)/);
    // Part 1 of one table served in place of another's: the context (its R2 key) no longer matches.
    const [a, b] = manifest.tables.filter((t) => t.parts.length > 0);
    const swapped = async (key: string) => readPart(key === b!.parts[0]!.key ? a!.parts[0]!.key : key);
    const fresh = (env as unknown as { RESTORE_DB_2: D1Database }).RESTORE_DB_2;
    await expect(restoreBackup(fresh, { ...manifest, tables: [b!] }, swapped, keys)).rejects.toThrow(
      `its context "${b!.parts[0]!.key}" was altered`,
    );
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
