// Rebuilds a local D1 database from a backup (ADR 030) and checks every table's row
// count and SHA-256 against the backup's manifest. See README "Backups and restore".
//
// Backups are encrypted (ADR 033). Give the keys as the Worker holds them (`id:base64key,…`, every
// key id the backup's manifest.json lists), in the environment or in a file — never on the command
// line, where shell history and `ps` would keep them:
//   ENVELOPE_KEYS='k2026a:…' node scripts/restore-backup.mjs …
//   node scripts/restore-backup.mjs --keys-file <file> …
// Parts are decrypted in memory; the only thing written to disk is the restored database.
//
//   node scripts/restore-backup.mjs --dir <folder>            a copy of one backup (manifest.json + parts)
//   node scripts/restore-backup.mjs --local <prefix>          a backup in the local R2 (.wrangler/state)
//   node scripts/restore-backup.mjs --remote <prefix>         a backup in the production bucket (wrangler login)
//     [--state <dir>]   the local state holding the backup (with --local; default .wrangler/state)
//     [--bucket <name>] the production bucket (with --remote; default liberia-eip-certs)
//     [--to <dir>]      where the rebuilt local D1 goes (default .wrangler/restore; must be empty)
//
// <prefix> is the backup's folder, e.g. backups/daily/2026-11-24/. The rebuilt database is a local
// D1 state: `npx wrangler d1 execute DB --local --persist-to <dir> --command "…"` queries it, and
// `--persist-to <dir>` on `npm start`'s wrangler commands serves it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { openBackupManifest, restoreBackup, verifyRestore } from "../worker/services/backups/restore-backup.ts";
import { parseEnvelopeKeys } from "../worker/services/crypto/envelope.ts";

const { values } = parseArgs({
  options: {
    dir: { type: "string" },
    local: { type: "string" },
    remote: { type: "string" },
    state: { type: "string", default: ".wrangler/state" },
    bucket: { type: "string", default: "liberia-eip-certs" },
    to: { type: "string", default: ".wrangler/restore" },
    "keys-file": { type: "string" },
  },
});
const sources = [values.dir, values.local, values.remote].filter(Boolean);
if (sources.length !== 1) {
  console.error("Give exactly one of --dir <folder>, --local <prefix> or --remote <prefix>.");
  process.exit(2);
}
const keyList = values["keys-file"] ? readFileSync(values["keys-file"], "utf8") : process.env.ENVELOPE_KEYS;
if (!keyList?.trim()) {
  console.error(
    "Give the backup keys: ENVELOPE_KEYS='id:base64key,…' in the environment or --keys-file <file> (ADR 033).\n" +
      "The local development key is ENVELOPE_KEYS in wrangler.toml [vars].",
  );
  process.exit(2);
}
const keys = await parseEnvelopeKeys(keyList, undefined).catch((error) => {
  console.error(`✖ ${error.message}`);
  process.exit(2);
});
const withSlash = (p) => (p.endsWith("/") ? p : `${p}/`);
const toDir = values.to;
if (existsSync(toDir) && readdirSync(toDir).length > 0) {
  console.error(`${toDir} is not empty: restore into a fresh folder (--to <dir>).`);
  process.exit(2);
}

const closers = [];
/** @type {(key: string) => Promise<Uint8Array>} */
let read;
/** @type {() => Promise<import("../worker/domain/backup-format.ts").BackupManifest>} */
let openManifest;
if (values.dir) {
  // Part keys are full R2 keys; the folder holds them relative to the backup's prefix.
  let prefix = "";
  read = async (key) =>
    new Uint8Array(readFileSync(join(values.dir, key.startsWith(prefix) ? key.slice(prefix.length) : key)));
  openManifest = async () => {
    const manifest = await openBackupManifest(readFileSync(join(values.dir, "manifest.json"), "utf8"), keys);
    prefix = manifest.tables.flatMap((t) => t.parts)[0]?.key.replace(/[^/]+\/[^/]+$/, "") ?? "";
    return manifest;
  };
} else if (values.local) {
  const source = await getPlatformProxy({ persist: { path: join(values.state, "v3") } });
  closers.push(source.dispose);
  read = async (key) => {
    const object = await source.env.CERTS.get(key);
    if (!object) throw new Error(`${key} is missing from the local R2`);
    return new Uint8Array(await object.arrayBuffer());
  };
  openManifest = async () => openBackupManifest(await read(`${withSlash(values.local)}manifest.json`), keys);
} else {
  read = async (key) => {
    const r = spawnSync("npx", ["wrangler", "r2", "object", "get", `${values.bucket}/${key}`, "--remote", "--pipe"], {
      maxBuffer: 512 * 1024 * 1024,
    });
    if (r.status !== 0) throw new Error(`wrangler r2 object get ${key} failed: ${r.stderr}`);
    return new Uint8Array(r.stdout);
  };
  openManifest = async () => openBackupManifest(await read(`${withSlash(values.remote)}manifest.json`), keys);
}

let started = false;
try {
  const manifest = await openManifest();
  console.log(
    `Backup ${manifest.id} (${manifest.kind}), ${manifest.startedAt} → ${manifest.finishedAt}, ${manifest.tables.length} tables`,
  );
  const target = await getPlatformProxy({ persist: { path: join(toDir, "v3") } });
  closers.push(target.dispose);
  const startedAt = Date.now();
  started = true;
  const restored = await restoreBackup(target.env.DB, manifest, read, keys);
  console.log(`Restored ${restored.rows} rows into ${toDir} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  const checks = await verifyRestore(target.env.DB, manifest);
  for (const c of checks) {
    console.log(
      `${c.ok ? "ok      " : "MISMATCH"} ${c.name}: ${c.rows} rows${c.ok ? "" : ` (backup: ${c.expectedRows}, checksum ${c.sha256.slice(0, 12)} ≠ ${c.expectedSha256.slice(0, 12)})`}`,
    );
  }
  if (!manifest.consistent) {
    // ADR 030: changes audited while the backup ran may be half in it. List them for reconciliation.
    const { results } = await target.env.DB.prepare(
      "SELECT id, action, entity_type, entity_id, created_at FROM audit_log WHERE id > ? AND id <= ? ORDER BY id",
    )
      .bind(manifest.audit.startId, manifest.audit.endId)
      .all();
    console.log(
      `\nChanged while the backup ran (audit ${manifest.audit.startId} → ${manifest.audit.endId}); check these records:`,
    );
    for (const r of results)
      console.log(`  #${r.id} ${r.created_at} ${r.action} ${r.entity_type} ${r.entity_id ?? ""}`);
  }
  const bad = checks.filter((c) => !c.ok).length;
  console.log(
    bad
      ? `\n✖ ${bad} table(s) differ from the backup.`
      : `\n✓ Every table matches the backup's row count and checksum.`,
  );
  process.exitCode = bad ? 1 : 0;
} catch (error) {
  // A wrong key, a missing key id or an altered part: say so plainly, without a stack trace.
  if (error?.name !== "EnvelopeError") throw error;
  console.error(`\n✖ ${error.message}`);
  if (started) console.error(`  ${toDir} holds an incomplete database: delete it before trying again.`);
  process.exitCode = 1;
} finally {
  for (const close of closers) await close();
}
