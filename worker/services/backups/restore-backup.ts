/**
 * Rebuilds a D1 database from a backup (ADR 030) and checks it: used by scripts/restore-backup.mjs
 * (Node loads this file directly: relative imports with extensions only) and by the restore drill
 * in the worker tests. Works on any D1 binding, local or remote; the target must be empty.
 * Parts are decrypted in memory (ADR 033): nothing but the restored database is written.
 */
import { gunzipSync, strFromU8 } from "fflate";
import {
  BACKUP_FORMAT,
  type BackupManifest,
  canonicalLine,
  manifestContext,
  quoteIdent,
  restoredValue,
  type SealedManifest,
  Sha256,
  schemaPhases,
} from "../../domain/backup-format.ts";
import { EnvelopeError, type EnvelopeKeys, openBytes, openText } from "../crypto/envelope.ts";

type D1Like = Pick<D1Database, "prepare" | "batch">;
export type ReadPart = (key: string) => Promise<Uint8Array>;
export type TableCheck = {
  name: string;
  rows: number;
  sha256: string;
  expectedRows: number;
  expectedSha256: string;
  ok: boolean;
};

/** D1 binds at most 100 values per statement; rows go in batches of this many statements. */
const STATEMENTS_PER_BATCH = 200;
const MAX_BINDS = 100;

/**
 * Opens a backup's `manifest.json`: checks its format and decrypts the full manifest inside it.
 * A wrong or missing key throws an `EnvelopeError` saying which key the backup needs.
 */
export async function openBackupManifest(raw: Uint8Array | string, keys: EnvelopeKeys): Promise<BackupManifest> {
  const text = typeof raw === "string" ? raw : new TextDecoder().decode(raw);
  const sealed = JSON.parse(text) as Partial<SealedManifest>;
  if (sealed.format !== BACKUP_FORMAT || typeof sealed.manifest !== "string" || typeof sealed.id !== "string") {
    throw new EnvelopeError(
      `This backup is format ${sealed.format ?? "?"}; this tool reads format ${BACKUP_FORMAT} (encrypted, ADR 033).`,
    );
  }
  const manifest = JSON.parse(await openText(keys, sealed.manifest, manifestContext(sealed.id))) as BackupManifest;
  // The sealed id is authenticated; the plain one must agree, or the folder was relabelled.
  if (manifest.id !== sealed.id) throw new EnvelopeError(`manifest.json says ${sealed.id} but holds ${manifest.id}.`);
  return manifest;
}

/** One part's rows as canonical lines: decrypted with its R2 key as the context, then gunzipped. */
async function partLines(key: string, readPart: ReadPart, keys: EnvelopeKeys) {
  const plain = await openBytes(keys, await readPart(key), key);
  return strFromU8(gunzipSync(plain)).split("\n").filter(Boolean);
}

/** Creates the schema, loads every table's rows, then adds indexes, views and triggers. */
export async function restoreBackup(target: D1Like, manifest: BackupManifest, readPart: ReadPart, keys: EnvelopeKeys) {
  const existing = await target
    .prepare(
      "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND substr(name, 1, 4) <> '_cf_'",
    )
    .first<{ n: number }>();
  if ((existing?.n ?? 0) > 0) throw new Error("The target database is not empty: restore into a fresh database.");
  const { tables, after } = schemaPhases(manifest.schema);
  await target.batch(tables.map((t) => target.prepare(t.sql)));
  let rows = 0;
  for (const table of manifest.tables) {
    const columns = table.columns.map(quoteIdent).join(", ");
    const perStatement = Math.max(1, Math.floor(MAX_BINDS / table.columns.length));
    const placeholders = `(${table.columns.map(() => "?").join(", ")})`;
    for (const part of table.parts) {
      const lines = await partLines(part.key, readPart, keys);
      const statements: D1PreparedStatement[] = [];
      for (let i = 0; i < lines.length; i += perStatement) {
        const chunk = lines.slice(i, i + perStatement).map((l) => (JSON.parse(l) as unknown[]).map(restoredValue));
        statements.push(
          target
            .prepare(
              `INSERT INTO ${quoteIdent(table.name)} (${columns}) VALUES ${chunk.map(() => placeholders).join(", ")}`,
            )
            .bind(...chunk.flat()),
        );
      }
      for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
        await target.batch([
          target.prepare("PRAGMA defer_foreign_keys = on"),
          ...statements.slice(i, i + STATEMENTS_PER_BATCH),
        ]);
      }
      rows += lines.length;
    }
  }
  if (after.length) await target.batch(after.map((o) => target.prepare(o.sql)));
  return { tables: manifest.tables.length, rows };
}

/** A table's row count and checksum, computed exactly as the backup computes them. */
export async function tableDigest(db: D1Like, table: string, columns: readonly string[]) {
  const hash = new Sha256();
  let rows = 0;
  let after = 0;
  const list = columns.map(quoteIdent).join(", ");
  for (;;) {
    const { results } = await db
      .prepare(`SELECT rowid AS __rowid, ${list} FROM ${quoteIdent(table)} WHERE rowid > ? ORDER BY rowid LIMIT 1000`)
      .bind(after)
      .all<Record<string, unknown> & { __rowid: number }>();
    if (results.length === 0) break;
    for (const row of results) hash.update(canonicalLine(columns, row));
    rows += results.length;
    after = results.at(-1)!.__rowid;
  }
  return { rows, sha256: hash.digestHex() };
}

/** Compares every table of the manifest with the database: row count and checksum. */
export async function verifyRestore(db: D1Like, manifest: BackupManifest): Promise<TableCheck[]> {
  const checks: TableCheck[] = [];
  for (const table of manifest.tables) {
    const { rows, sha256 } = await tableDigest(db, table.name, table.columns);
    checks.push({
      name: table.name,
      rows,
      sha256,
      expectedRows: table.rows,
      expectedSha256: table.sha256,
      ok: rows === table.rows && sha256 === table.sha256,
    });
  }
  return checks;
}
