/**
 * The backup format (ADR 030), shared by the Worker that writes backups and by
 * scripts/restore-backup.mjs that reads them (Node loads this file directly: no imports).
 *
 * - Each table is exported in rowid order as JSON lines: one JSON array of the column values per
 *   row, in the table's column order (`canonicalLine`). Lines are gzipped in parts of a few
 *   hundred rows: `<prefix><table>/<part>.jsonl.gz`.
 * - A table's checksum is the SHA-256 of all its canonical lines, in rowid order. The backup runs
 *   in slices, so the hash state travels between slices (`Sha256.exportState`); WebCrypto's
 *   one-shot digest cannot do that, hence the small implementation below (FIPS 180-4).
 * - `manifest.json` is written last: a backup without one is unfinished.
 * - Format 2 (ADR 033): every part is gzip then AES-GCM (worker/services/crypto/envelope.ts) with
 *   its R2 key as the authenticated context, so a part served in another's place does not open.
 *   `manifest.json` shows only what an operator needs before opening it (id, dates, key ids);
 *   the full manifest (schema, tables, checksums) is inside it, sealed too.
 */

export const BACKUP_FORMAT = 2;

/** Tables a backup leaves out: SQLite/D1 internals and the backup's own progress. */
export const BACKUP_EXCLUDED_TABLES = new Set(["sqlite_sequence", "_cf_KV", "_cf_METADATA", "backup_runs"]);

/**
 * Tables whose rows a backup leaves out (their schema is kept, so a restore has them empty),
 * because a restore does not need them and they hold secrets or client addresses (ADR 030):
 * the session index, the sign-in throttle counters and known addresses, and push subscriptions
 * (each browser's push keys).
 */
export const BACKUP_LEFT_OUT_TABLES: ReadonlySet<string> = new Set([
  "user_sessions",
  "login_throttle",
  "push_subscriptions",
]);

/** Exported last, so the audit rows cover every change that any exported table can contain. */
export const AUDIT_TABLE = "audit_log";

export type SchemaObject = {
  type: "table" | "index" | "trigger" | "view";
  name: string;
  tableName: string;
  sql: string;
};
/** `keyId`: the envelope key the part is sealed with (also in the part's own header). */
export type ManifestPart = { key: string; rows: number; bytes: number; keyId: string };
export type ManifestTable = { name: string; columns: string[]; rows: number; sha256: string; parts: ManifestPart[] };
export type BackupManifest = {
  format: number;
  id: string;
  kind: "daily" | "monthly";
  startedAt: string;
  finishedAt: string;
  /** The audit log's highest id when the backup began and when it ended (ADR 030). */
  audit: { startId: number; endId: number };
  /** True when no audited change happened while the backup ran: every table is from one moment. */
  consistent: boolean;
  schema: SchemaObject[];
  tables: ManifestTable[];
  bytes: number;
};

/** What `manifest.json` holds: the plain facts an operator needs, and the sealed full manifest. */
export type SealedManifest = {
  format: number;
  id: string;
  kind: BackupManifest["kind"];
  startedAt: string;
  finishedAt: string;
  /** Every key id the backup's parts and manifest are sealed with: the restore needs these keys. */
  encryption: { algorithm: string; keyIds: string[] };
  /** The `BackupManifest` as JSON, sealed as envelope text with `manifestContext(id)`. */
  manifest: string;
};

/** The authenticated context of a backup's sealed manifest; a part's context is its R2 key. */
export const manifestContext = (id: string) => `backup-manifest:${id}`;

/** A value as the canonical line stores it: blobs as `{ "$base64": … }`, the rest as JSON. */
function canonicalValue(value: unknown): unknown {
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
    const bytes = value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer);
    let binary = "";
    for (const b of bytes) binary += String.fromCharCode(b);
    return { $base64: btoa(binary) };
  }
  if (Array.isArray(value)) return { $base64: btoa(String.fromCharCode(...(value as number[]))) };
  if (typeof value === "bigint") return Number(value);
  return value ?? null;
}

/** One row's canonical serialisation: the JSON array of its values in column order, plus "\n". */
export function canonicalLine(columns: readonly string[], row: Record<string, unknown>): string {
  return `${JSON.stringify(columns.map((c) => canonicalValue(row[c])))}\n`;
}

/** The value to bind when restoring a canonical value. */
export function restoredValue(value: unknown): unknown {
  if (value && typeof value === "object" && "$base64" in value) {
    const binary = atob(String((value as { $base64: string }).$base64));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
  }
  return value;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The R2 key of one part of a table. */
export const partKey = (prefix: string, table: string, part: number) =>
  `${prefix}${table}/${String(part).padStart(6, "0")}.jsonl.gz`;

/**
 * The order a restore creates the schema in: tables first, then (after the rows are in) indexes,
 * views and triggers — so the triggers (e.g. subject versions, migration 0009) do not fire on
 * restored rows.
 */
export function schemaPhases(schema: readonly SchemaObject[]) {
  return {
    tables: schema.filter((o) => o.type === "table"),
    after: [
      ...schema.filter((o) => o.type === "index"),
      ...schema.filter((o) => o.type === "view"),
      ...schema.filter((o) => o.type === "trigger"),
    ],
  };
}

// --- SHA-256 with a resumable state (FIPS 180-4) ---

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const INITIAL = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const encoder = new TextEncoder();

/** An incremental SHA-256 whose state can be stored between slices (`exportState`/`fromState`). */
export class Sha256 {
  private h = Uint32Array.from(INITIAL);
  private buffer = new Uint8Array(64);
  private buffered = 0;
  private length = 0;
  private w = new Uint32Array(64);

  static fromState(state: string): Sha256 {
    const { h, buffer, length } = JSON.parse(state) as { h: number[]; buffer: string; length: number };
    const hash = new Sha256();
    hash.h = Uint32Array.from(h);
    const bytes = Uint8Array.from(atob(buffer), (c) => c.charCodeAt(0));
    hash.buffer.set(bytes);
    hash.buffered = bytes.length;
    hash.length = length;
    return hash;
  }

  exportState(): string {
    let binary = "";
    for (const b of this.buffer.subarray(0, this.buffered)) binary += String.fromCharCode(b);
    return JSON.stringify({ h: [...this.h], buffer: btoa(binary), length: this.length });
  }

  update(input: string | Uint8Array): this {
    const data = typeof input === "string" ? encoder.encode(input) : input;
    this.length += data.length;
    let offset = 0;
    if (this.buffered > 0) {
      const take = Math.min(64 - this.buffered, data.length);
      this.buffer.set(data.subarray(0, take), this.buffered);
      this.buffered += take;
      offset = take;
      if (this.buffered < 64) return this;
      this.block(this.buffer, 0);
      this.buffered = 0;
    }
    for (; offset + 64 <= data.length; offset += 64) this.block(data, offset);
    if (offset < data.length) {
      this.buffer.set(data.subarray(offset), 0);
      this.buffered = data.length - offset;
    }
    return this;
  }

  digestHex(): string {
    const bits = this.length * 8;
    const padLength = this.buffered < 56 ? 56 - this.buffered : 120 - this.buffered;
    const pad = new Uint8Array(padLength + 8);
    pad[0] = 0x80;
    const view = new DataView(pad.buffer);
    view.setUint32(padLength, Math.floor(bits / 2 ** 32));
    view.setUint32(padLength + 4, bits >>> 0);
    const length = this.length;
    this.update(pad);
    this.length = length;
    return [...this.h].map((x) => x.toString(16).padStart(8, "0")).join("");
  }

  private block(data: Uint8Array, offset: number) {
    const w = this.w;
    for (let i = 0; i < 16; i++) {
      const j = offset + i * 4;
      w[i] = ((data[j]! << 24) | (data[j + 1]! << 16) | (data[j + 2]! << 8) | data[j + 3]!) >>> 0;
    }
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, h] = this.h as unknown as number[];
    for (let i = 0; i < 64; i++) {
      const S1 = ((e! >>> 6) | (e! << 26)) ^ ((e! >>> 11) | (e! << 21)) ^ ((e! >>> 25) | (e! << 7));
      const ch = (e! & f!) ^ (~e! & g!);
      const t1 = (h! + S1 + ch + K[i]! + w[i]!) >>> 0;
      const S0 = ((a! >>> 2) | (a! << 30)) ^ ((a! >>> 13) | (a! << 19)) ^ ((a! >>> 22) | (a! << 10));
      const maj = (a! & b!) ^ (a! & c!) ^ (b! & c!);
      const t2 = (S0 + maj) >>> 0;
      h = g;
      g = f;
      f = e;
      e = (d! + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const H = this.h;
    H[0] = (H[0]! + a!) >>> 0;
    H[1] = (H[1]! + b!) >>> 0;
    H[2] = (H[2]! + c!) >>> 0;
    H[3] = (H[3]! + d!) >>> 0;
    H[4] = (H[4]! + e!) >>> 0;
    H[5] = (H[5]! + f!) >>> 0;
    H[6] = (H[6]! + g!) >>> 0;
    H[7] = (H[7]! + h!) >>> 0;
  }
}
