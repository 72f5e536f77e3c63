/**
 * Envelope encryption for data kept outside D1's reach or beside ordinary rows (ADR 033): backup
 * parts in R2 today, secrets stored in D1 (e.g. an importer's authentication key) later.
 *
 * - AES-256-GCM through WebCrypto, so the same file runs in the Worker and in Node
 *   (scripts/restore-backup.mjs loads it directly: no imports, erasable TypeScript only).
 * - Keys come from a Worker secret, `ENVELOPE_KEYS` = `id:base64key,id2:base64key` (32 random bytes
 *   each); `ENVELOPE_KEY_ID` names the one new data is sealed with. The id is stored beside every
 *   ciphertext, so opening picks the key by it and old keys keep opening old data after a rotation.
 * - Every seal draws a fresh random 96-bit IV. The caller names a context (e.g. the backup part's
 *   R2 key); it is authenticated with the key id, so a ciphertext moved to another place or
 *   relabelled with another key id does not open.
 * - Anything that does not open throws an `EnvelopeError` saying why; there is no plaintext fallback.
 *
 * Two encodings of the same envelope: bytes (`sealBytes`, for files) and text (`sealText`,
 * `e1.<keyId>.<base64url(iv ‖ ciphertext)>`, for a D1 column, where the key id stays queryable).
 */

export type EnvelopeKeys = {
  /** The key new data is sealed with; undefined for a decrypt-only ring (the restore tool). */
  currentId: string | undefined;
  keys: ReadonlyMap<string, CryptoKey>;
};

export class EnvelopeError extends Error {
  override name = "EnvelopeError";
}

export const ENVELOPE_ALGORITHM = "AES-256-GCM";
const KEY_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAGIC = [0x45, 0x4e, 0x56, 0x01]; // "ENV" + version 1
const IV_BYTES = 12;
const TEXT_PREFIX = "e1.";
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Reads the key settings. Throws when they are missing or malformed: callers that must encrypt
 * refuse to run rather than write plaintext.
 */
export async function parseEnvelopeKeys(list: string | undefined, currentId: string | undefined) {
  if (!list?.trim()) {
    throw new EnvelopeError(
      "ENVELOPE_KEYS is not set: the encryption keys must be given as a Worker secret " +
        "(`npx wrangler secret put ENVELOPE_KEYS --env production`; format and rotation in ADR 033).",
    );
  }
  const keys = new Map<string, CryptoKey>();
  for (const entry of list.split(",")) {
    const at = entry.indexOf(":");
    if (at < 0) throw new EnvelopeError('ENVELOPE_KEYS must be a comma-separated list of "id:base64key".');
    const id = entry.slice(0, at).trim();
    if (!KEY_ID.test(id)) throw new EnvelopeError(`ENVELOPE_KEYS: key id "${id}" must be 1–64 of A–Z a–z 0–9 _ -.`);
    if (keys.has(id)) throw new EnvelopeError(`ENVELOPE_KEYS: key id "${id}" appears twice.`);
    let raw: Uint8Array;
    try {
      raw = fromBase64(entry.slice(at + 1).trim());
    } catch {
      throw new EnvelopeError(`ENVELOPE_KEYS: key "${id}" is not valid base64.`);
    }
    if (raw.length !== 32) throw new EnvelopeError(`ENVELOPE_KEYS: key "${id}" must be 32 bytes (AES-256).`);
    keys.set(id, await crypto.subtle.importKey("raw", raw as BufferSource, "AES-GCM", false, ["encrypt", "decrypt"]));
  }
  const current = currentId?.trim() || undefined;
  if (current && !keys.has(current)) {
    throw new EnvelopeError(
      `ENVELOPE_KEY_ID names "${current}", which ENVELOPE_KEYS does not hold (it holds: ${[...keys.keys()].join(", ")}).`,
    );
  }
  return { currentId: current, keys } satisfies EnvelopeKeys;
}

/**
 * The keys from the Worker's settings, for a caller that writes: a current key is required, so a
 * missing `ENVELOPE_KEY_ID` fails here, before anything is written, rather than at the first seal.
 */
export async function envelopeKeys(settings: { ENVELOPE_KEYS?: string; ENVELOPE_KEY_ID?: string }) {
  const ring = await parseEnvelopeKeys(settings.ENVELOPE_KEYS, settings.ENVELOPE_KEY_ID);
  if (!ring.currentId) {
    throw new EnvelopeError(
      "ENVELOPE_KEY_ID is not set: name the key of ENVELOPE_KEYS that new data is encrypted with (ADR 033).",
    );
  }
  return ring;
}

/** Seals bytes under the current key; `context` must be given again to open them. */
export async function sealBytes(ring: EnvelopeKeys, plaintext: Uint8Array, context: string): Promise<Uint8Array> {
  const { keyId, iv, ciphertext } = await seal(ring, plaintext, context);
  const id = encoder.encode(keyId);
  const out = new Uint8Array(MAGIC.length + 1 + id.length + IV_BYTES + ciphertext.length);
  out.set(MAGIC, 0);
  out[MAGIC.length] = id.length;
  out.set(id, MAGIC.length + 1);
  out.set(iv, MAGIC.length + 1 + id.length);
  out.set(ciphertext, MAGIC.length + 1 + id.length + IV_BYTES);
  return out;
}

export async function openBytes(ring: EnvelopeKeys, envelope: Uint8Array, context: string): Promise<Uint8Array> {
  const { keyId, body } = parseBytes(envelope);
  return open(ring, keyId, body.subarray(0, IV_BYTES), body.subarray(IV_BYTES), context);
}

/** Seals text under the current key as `e1.<keyId>.<base64url>`, for storing in a text column. */
export async function sealText(ring: EnvelopeKeys, plaintext: string, context: string): Promise<string> {
  const { keyId, iv, ciphertext } = await seal(ring, encoder.encode(plaintext), context);
  const body = new Uint8Array(IV_BYTES + ciphertext.length);
  body.set(iv, 0);
  body.set(ciphertext, IV_BYTES);
  return `${TEXT_PREFIX}${keyId}.${toBase64(body).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")}`;
}

export async function openText(ring: EnvelopeKeys, envelope: string, context: string): Promise<string> {
  const { keyId, body } = parseText(envelope);
  return decoder.decode(await open(ring, keyId, body.subarray(0, IV_BYTES), body.subarray(IV_BYTES), context));
}

/** The id of the key an envelope was sealed with (e.g. to find data still under a retired key). */
export function envelopeKeyId(envelope: Uint8Array | string): string {
  return typeof envelope === "string" ? parseText(envelope).keyId : parseBytes(envelope).keyId;
}

async function seal(ring: EnvelopeKeys, plaintext: Uint8Array, context: string) {
  const keyId = ring.currentId;
  if (!keyId) throw new EnvelopeError("ENVELOPE_KEY_ID is not set: name the key new data is encrypted with.");
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: aad(keyId, context) as BufferSource },
      ring.keys.get(keyId)!,
      plaintext as BufferSource,
    ),
  );
  return { keyId, iv, ciphertext };
}

async function open(ring: EnvelopeKeys, keyId: string, iv: Uint8Array, ciphertext: Uint8Array, context: string) {
  const key = ring.keys.get(keyId);
  if (!key) {
    throw new EnvelopeError(
      `The data was sealed with key "${keyId}", which is not among the keys given (${[...ring.keys.keys()].join(", ")}).`,
    );
  }
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: iv as BufferSource, additionalData: aad(keyId, context) as BufferSource },
        key,
        ciphertext as BufferSource,
      ),
    );
  } catch {
    throw new EnvelopeError(
      `The data could not be decrypted with key "${keyId}": a wrong key, or the data or its context "${context}" was altered.`,
    );
  }
}

/** The authenticated label: format, key id and the caller's context, each length-delimited by a NUL. */
const aad = (keyId: string, context: string) => encoder.encode(`eip-envelope-v1\u0000${keyId}\u0000${context}`);

function parseBytes(envelope: Uint8Array) {
  const idLength = envelope[MAGIC.length] ?? 0;
  const start = MAGIC.length + 1 + idLength;
  const keyId = decoder.decode(envelope.subarray(MAGIC.length + 1, start));
  if (!MAGIC.every((b, i) => envelope[i] === b) || !KEY_ID.test(keyId) || envelope.length < start + IV_BYTES + 16) {
    throw new EnvelopeError("This is not an encrypted envelope (unknown header): refusing to read it as plaintext.");
  }
  return { keyId, body: envelope.subarray(start) };
}

function parseText(envelope: string) {
  const [prefix, keyId = "", body = "", ...rest] = envelope.split(".");
  if (`${prefix}.` !== TEXT_PREFIX || !KEY_ID.test(keyId) || rest.length > 0 || !/^[A-Za-z0-9_-]+$/.test(body)) {
    throw new EnvelopeError("This is not an encrypted envelope (unknown header): refusing to read it as plaintext.");
  }
  const bytes = fromBase64(body.replaceAll("-", "+").replaceAll("_", "/"));
  if (bytes.length < IV_BYTES + 16) throw new EnvelopeError("This encrypted envelope is truncated.");
  return { keyId, body: bytes };
}

function toBase64(bytes: Uint8Array) {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string) {
  const padded = text + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}
