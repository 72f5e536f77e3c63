/**
 * The daily backup of D1 to R2 (ADR 030), run by the scheduled handler in slices:
 * `startBackup` records the audit log's position and the table list, `continueBackup` exports
 * slices of rows until its time budget is spent and picks up where it stopped on the next run,
 * `pruneBackups` applies the retention (daily copies 35 days, monthly copies 5 years).
 * Every part and the manifest are encrypted (ADR 033); without the keys nothing is written.
 */
import { gzipSync } from "fflate";
import {
  auditPosition,
  type BackupRunRow,
  backupRun,
  insertBackupRun,
  monthlyBackupSince,
  pruneBackupRuns,
  runningBackups,
  schemaObjects,
  tableColumns,
  tableSlice,
  updateBackupRun,
} from "#db/queries/backups";
import {
  AUDIT_TABLE,
  BACKUP_EXCLUDED_TABLES,
  BACKUP_FORMAT,
  BACKUP_LEFT_OUT_TABLES,
  type BackupManifest,
  canonicalLine,
  type ManifestTable,
  manifestContext,
  partKey,
  type SchemaObject,
  type SealedManifest,
  Sha256,
} from "#worker/domain/backup-format";
import { type Env, isDemoMode } from "#worker/env";
import {
  ENVELOPE_ALGORITHM,
  EnvelopeError,
  type EnvelopeKeys,
  envelopeKeys,
  sealBytes,
  sealText,
} from "../crypto/envelope";
import type { ServiceDeps } from "../deps";

export type BackupDeps = Pick<ServiceDeps, "db" | "r2" | "now"> & { keys: EnvelopeKeys };

/** The id wrangler.toml gives its published local key: never good enough for real data. */
const LOCAL_KEY_ID = "local-dev";

/**
 * The keys backups are sealed with, from the Worker's settings. Throws (so the cron run is marked
 * failed with this message) when they are missing, or when a non-demo deployment still has the
 * local development key that wrangler.toml publishes.
 */
export async function backupKeys(env: Pick<Env, "ENVELOPE_KEYS" | "ENVELOPE_KEY_ID" | "DEMO_MODE">) {
  const keys = await envelopeKeys(env);
  if (keys.currentId === LOCAL_KEY_ID && !isDemoMode(env)) {
    throw new EnvelopeError(
      `ENVELOPE_KEY_ID is "${LOCAL_KEY_ID}", the local development key published in wrangler.toml: ` +
        "set a secret key for this deployment (ADR 033) before backing up real data.",
    );
  }
  return keys;
}

/** How long each kind of copy is kept (ADR 030); R2 lifecycle rules on the same prefixes back this up. */
export const RETENTION_DAYS = { daily: 35, monthly: 5 * 366 } as const;
/** A run still unfinished after this long is given up (the next night starts a fresh one). */
const GIVE_UP_HOURS = 20;
/** Uncompressed bytes a slice aims at: large rows (geometries) get smaller slices. */
const SLICE_BYTES = 2_000_000;
const FIRST_SLICE_ROWS = 200;
const MAX_SLICE_ROWS = 5_000;

const encoder = new TextEncoder();
const day = (d: Date) => d.toISOString().slice(0, 10);

/** Starts today's backup unless one exists; the first copy of a month is kept as the monthly one. */
export async function startBackup(deps: BackupDeps): Promise<BackupRunRow> {
  const { db, now } = deps;
  const at = now();
  const date = day(at);
  const existing = (await backupRun(db, `daily-${date}`)) ?? (await backupRun(db, `monthly-${date}`));
  if (existing) return existing;
  const monthStart = `${date.slice(0, 7)}-01`;
  const kind = (await monthlyBackupSince(db, monthStart)) ? "daily" : "monthly";
  const schema = (await schemaObjects(db)) as SchemaObject[];
  const tables = schema
    .filter((o) => o.type === "table" && !BACKUP_EXCLUDED_TABLES.has(o.name) && !BACKUP_LEFT_OUT_TABLES.has(o.name))
    .map((o) => o.name)
    .sort((a, b) => Number(a === AUDIT_TABLE) - Number(b === AUDIT_TABLE) || a.localeCompare(b));
  const id = `${kind}-${date}`;
  await insertBackupRun(db, {
    id,
    kind,
    prefix: `backups/${kind}/${date}/`,
    tableNames: JSON.stringify(tables),
    schemaSql: JSON.stringify(schema),
    auditStartId: await auditPosition(db),
    startedAt: at.toISOString(),
  });
  return (await backupRun(db, id))!;
}

export type BackupProgress = { id: string; status: string; tablesDone: number; tables: number; bytes: number };

/**
 * Exports slices of the run until `budgetMs` is spent (Workers limits); the state after each
 * slice is stored, so an interrupted run loses at most one slice of work.
 */
export async function continueBackup(id: string, deps: BackupDeps, budgetMs = 20_000): Promise<BackupProgress> {
  const { db, r2, keys } = deps;
  const started = Date.now();
  let run = await backupRun(db, id);
  if (!run) throw new Error(`no backup run ${id}`);
  const names = JSON.parse(run.tableNames) as string[];
  while (run.status === "running" && Date.now() - started < budgetMs) {
    const tables = JSON.parse(run.tables) as (ManifestTable & { rawBytes?: number })[];
    const name = names[run.tableIndex];
    if (name === undefined) {
      run = await finishBackup(run, deps);
      break;
    }
    let entry = tables[run.tableIndex];
    if (!entry) {
      entry = { name, columns: await tableColumns(db, name), rows: 0, sha256: "", parts: [], rawBytes: 0 };
      tables.push(entry);
    }
    const hash = run.hashState ? Sha256.fromState(run.hashState) : new Sha256();
    const average = entry.rows > 0 ? (entry.rawBytes ?? 0) / entry.rows : 0;
    const limit =
      average > 0 ? Math.max(10, Math.min(MAX_SLICE_ROWS, Math.floor(SLICE_BYTES / average))) : FIRST_SLICE_ROWS;
    const rows = await tableSlice(db, name, entry.columns, run.afterRowid, limit);
    const set: Partial<BackupRunRow> = {};
    if (rows.length === 0) {
      entry.sha256 = hash.digestHex();
      delete entry.rawBytes;
      Object.assign(set, { tableIndex: run.tableIndex + 1, afterRowid: 0, part: 0, tableRows: 0, hashState: null });
    } else {
      let text = "";
      for (const row of rows) {
        const line = canonicalLine(entry.columns, row);
        hash.update(line);
        text += line;
      }
      const raw = encoder.encode(text);
      const part = run.part + 1;
      const key = partKey(run.prefix, name, part);
      // Compressed before it is sealed (ciphertext does not compress); the R2 key is the context.
      const gz = await sealBytes(keys, gzipSync(raw, { level: 6 }), key);
      await r2.put(key, gz, { httpMetadata: { contentType: "application/octet-stream" } });
      entry.parts.push({ key, rows: rows.length, bytes: gz.byteLength, keyId: keys.currentId! });
      entry.rows += rows.length;
      entry.rawBytes = (entry.rawBytes ?? 0) + raw.byteLength;
      Object.assign(set, {
        afterRowid: rows.at(-1)!.__rowid,
        part,
        tableRows: entry.rows,
        hashState: hash.exportState(),
        bytes: run.bytes + gz.byteLength,
      });
    }
    set.tables = JSON.stringify(tables);
    await updateBackupRun(db, run.id, set);
    run = { ...run, ...set } as BackupRunRow;
  }
  return progress(run);
}

async function finishBackup(run: BackupRunRow, deps: BackupDeps): Promise<BackupRunRow> {
  const { db, r2, now, keys } = deps;
  const auditEndId = await auditPosition(db);
  const finishedAt = now().toISOString();
  const tables = (JSON.parse(run.tables) as ManifestTable[]).map(({ name, columns, rows, sha256, parts }) => ({
    name,
    columns,
    rows,
    sha256,
    parts,
  }));
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    id: run.id,
    kind: run.kind as BackupManifest["kind"],
    startedAt: run.startedAt,
    finishedAt,
    audit: { startId: run.auditStartId, endId: auditEndId },
    consistent: auditEndId === run.auditStartId,
    schema: JSON.parse(run.schemaSql) as SchemaObject[],
    tables,
    bytes: run.bytes,
  };
  const keyIds = new Set([...tables.flatMap((t) => t.parts.map((p) => p.keyId)), keys.currentId!]);
  const sealed: SealedManifest = {
    format: BACKUP_FORMAT,
    id: run.id,
    kind: manifest.kind,
    startedAt: run.startedAt,
    finishedAt,
    encryption: { algorithm: ENVELOPE_ALGORITHM, keyIds: [...keyIds].sort() },
    manifest: await sealText(keys, JSON.stringify(manifest), manifestContext(run.id)),
  };
  await r2.put(`${run.prefix}manifest.json`, JSON.stringify(sealed, null, 1), {
    httpMetadata: { contentType: "application/json" },
  });
  const set = { status: "done", auditEndId, finishedAt };
  await updateBackupRun(db, run.id, set);
  return { ...run, ...set };
}

function progress(run: BackupRunRow): BackupProgress {
  return {
    id: run.id,
    status: run.status,
    tablesDone: Math.min(run.tableIndex, (JSON.parse(run.tableNames) as string[]).length),
    tables: (JSON.parse(run.tableNames) as string[]).length,
    bytes: run.bytes,
  };
}

/**
 * The cron job: on the nightly trigger it starts today's backup; on every trigger it continues
 * unfinished runs (and gives up on ones older than a day), then prunes expired copies.
 */
export async function backupJob(deps: BackupDeps, options: { nightly: boolean; budgetMs?: number }) {
  const { db, now } = deps;
  if (options.nightly) await startBackup(deps);
  const runs: BackupProgress[] = [];
  for (const run of await runningBackups(db)) {
    if (now().getTime() - Date.parse(run.startedAt) > GIVE_UP_HOURS * 3_600_000) {
      await updateBackupRun(db, run.id, { status: "failed", error: `unfinished after ${GIVE_UP_HOURS} hours` });
      continue;
    }
    // A run begun before backups were encrypted holds plaintext parts: never finish it as format 2.
    if ((JSON.parse(run.tables) as ManifestTable[]).some((t) => t.parts.some((p) => !p.keyId))) {
      await updateBackupRun(db, run.id, { status: "failed", error: "begun unencrypted (before ADR 033)" });
      continue;
    }
    runs.push(await continueBackup(run.id, deps, options.budgetMs));
  }
  const pruned = options.nightly ? await pruneBackups(deps) : { copies: 0, objects: 0 };
  return { runs, pruned };
}

/**
 * Deletes copies past their retention: daily ones after 35 days, monthly ones after 5 years.
 * Only `backups/` is ever pruned: certificate PDFs and uploaded files are kept (ADR 030).
 */
export async function pruneBackups(deps: Omit<BackupDeps, "keys">) {
  const { r2, db, now } = deps;
  let copies = 0;
  let objects = 0;
  for (const kind of ["daily", "monthly"] as const) {
    const cutoff = day(new Date(now().getTime() - RETENTION_DAYS[kind] * 86_400_000));
    let cursor: string | undefined;
    const expired: string[] = [];
    do {
      const page = await r2.list({ prefix: `backups/${kind}/`, delimiter: "/", cursor });
      for (const prefix of page.delimitedPrefixes) {
        const date = prefix.slice(`backups/${kind}/`.length, -1);
        if (date < cutoff) expired.push(prefix);
      }
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    for (const prefix of expired) {
      copies += 1;
      // Listing again after each delete: the list shrinks until the copy is gone.
      for (;;) {
        const keys = (await r2.list({ prefix })).objects.map((o) => o.key);
        if (keys.length === 0) break;
        await r2.delete(keys);
        objects += keys.length;
      }
    }
  }
  await pruneBackupRuns(db, day(new Date(now().getTime() - RETENTION_DAYS.monthly * 86_400_000)));
  return { copies, objects };
}
