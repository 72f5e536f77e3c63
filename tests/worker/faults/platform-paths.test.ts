/**
 * Faults on the platform's own write paths (docs/fault-injection.md): sign-in and sign-out (KV
 * sessions with their D1 index), and the backup job (R2 parts, its run row in D1).
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { database } from "#db/client";
import { isStoreFailure } from "#db/errors";
import { openBackupManifest } from "#worker/services/backups/restore-backup";
import { backupKeys, continueBackup, startBackup } from "#worker/services/backups/run-backup";
import type { EnvelopeKeys } from "#worker/services/crypto/envelope";
import { demoLogin } from "../../login-api";
import { count } from "../helpers";
import { type Attempt, faultRows, type Outcome, outcomeTable, runFaults, sendJson, type WritePath } from "./harness";
import { Faults, faultyD1, faultyR2 } from "./inject";

const { account, path: loginPath, body: loginBody } = demoLogin("buyer");

/** The buyer's sessions: live KV records, and whether each is found by its per-user key. */
async function sessionsOf(userId: string) {
  const records = (await env.SESSIONS.list({ prefix: "session:" })).keys.map((k) => k.name.slice("session:".length));
  const mine: string[] = [];
  for (const hash of records) {
    const record = await env.SESSIONS.get<{ id: string }>(`session:${hash}`, "json");
    if (record?.id === userId) mine.push(hash);
  }
  const indexed = (await env.SESSIONS.list({ prefix: `user-session:${userId}:` })).keys.map(
    (k) => k.name.split(":")[2],
  );
  return { live: mine, indexed };
}

// KV is the source of truth for a session (ADR 003): its D1 row only lists it on /profile/sessions,
// which checks each row against KV, so a row left behind by a failed write is never shown as live.
const sessionCounts = async () => ({ live: (await sessionsOf(account.id)).live.length });

/**
 * Every live session can be found and ended: by its per-user key (deactivation and password
 * changes) and by its D1 row (the person's own list on /profile/sessions).
 */
async function sessionsFindable() {
  const { live, indexed } = await sessionsOf(account.id);
  expect(indexed, "every live session has its per-user key").toEqual(expect.arrayContaining(live));
  for (const hash of live) {
    const listed = await count("SELECT COUNT(*) AS n FROM user_sessions WHERE hash = ? AND revoked_at IS NULL", hash);
    expect(listed, `session ${hash} is listed`).toBe(1);
  }
}

const signIn: WritePath = {
  name: "sign-in (KV session and its D1 row)",
  async prepare(): Promise<Attempt> {
    return {
      send: (faults) => sendJson(faults, null, loginPath, loginBody),
      counts: sessionCounts,
      consistent: sessionsFindable,
      resendable: false,
    };
  },
};

const signOut: WritePath = {
  name: "sign-out",
  async prepare(): Promise<Attempt> {
    const res = await sendJson(new Faults(), null, loginPath, loginBody);
    const { token } = (await res.json()) as { token: string };
    return {
      send: (faults) => sendJson(faults, token, "/api/auth/logout"),
      counts: sessionCounts,
      consistent: sessionsFindable,
      doneStatus: 401,
    };
  },
};

const outcomes: Outcome[] = [];

// Every injected fault is logged by the code under test as it would be in production: expected here.
beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterAll(() => {
  console.log(`Fault outcomes (platform paths):\n${outcomeTable(outcomes)}`);
});

describe("a KV or D1 fault at sign-in or sign-out leaves no session half made or half ended", () => {
  it.each(faultRows([signIn, signOut]))(
    "%s",
    async (_name, path, store, kind) => {
      outcomes.push(...(await runFaults(path, store, kind)));
    },
    120_000,
  );
});

describe("a D1 or R2 fault during a backup is resumed by the next run", () => {
  let keys: EnvelopeKeys;
  beforeAll(async () => {
    keys = await backupKeys(env);
  });

  /** Runs the backup `id` to the end, failing the calls `faults` names; store failures are retried. */
  async function finish(id: string, faults: Faults) {
    const faulty = {
      db: database(faultyD1(env.DB, faults)),
      r2: faultyR2(env.CERTS, faults),
      now: () => new Date(),
      keys,
    };
    const clean = { db: database(env.DB), r2: env.CERTS, now: () => new Date(), keys };
    try {
      let p = await continueBackup(id, faulty, 60_000);
      while (p.status === "running") p = await continueBackup(id, faulty, 60_000);
      return "none" as const;
    } catch (error) {
      expect(isStoreFailure(error), String(error)).toBe(true);
      // The cron's next trigger continues the run from where its row says it stands.
      let p = await continueBackup(id, clean, 60_000);
      while (p.status === "running") p = await continueBackup(id, clean, 60_000);
      expect(p.status).toBe("done");
      return "resumed" as const;
    }
  }

  /** The manifest lists exactly the parts stored under the run's prefix, each once. */
  async function complete(id: string) {
    const run = (await env.DB.prepare("SELECT prefix FROM backup_runs WHERE id = ?")
      .bind(id)
      .first<{ prefix: string }>())!;
    const sealed = await (await env.CERTS.get(`${run.prefix}manifest.json`))!.text();
    const manifest = await openBackupManifest(sealed, keys);
    const listed = manifest.tables.flatMap((t) => t.parts.map((p) => p.key)).sort();
    const stored = (await env.CERTS.list({ prefix: run.prefix, limit: 1000 })).objects
      .map((o) => o.key)
      .filter((k) => !k.endsWith("manifest.json"))
      .sort();
    expect(stored).toEqual(listed);
  }

  it("every D1 and R2 call of the first table and of the finish, refused or lost", async () => {
    const clean = { db: database(env.DB), r2: env.CERTS, now: () => new Date(), keys };
    const probe = new Faults();
    const first = await startBackup(clean);
    expect(await finish(first.id, probe)).toBe("none");
    await complete(first.id);
    const sample = (n: number) => [...new Set([1, 2, 3, 4, n - 2, n - 1, n].filter((i) => i >= 1 && i <= n))];
    for (const store of ["d1", "r2"] as const) {
      for (const kind of ["refused", "lost"] as const) {
        for (const at of sample(probe.trace[store].length)) {
          const run = await startBackup(clean);
          const ended = await finish(run.id, new Faults({ store, at, kind }));
          await complete(run.id);
          outcomes.push({
            path: "backup (cron)",
            store,
            kind,
            at,
            call: probe.trace[store][at - 1]!,
            status: 0,
            written: ended === "none" ? "absorbed" : "all",
            retry: 200,
          });
        }
      }
    }
  }, 300_000);
});
