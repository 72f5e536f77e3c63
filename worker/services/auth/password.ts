/**
 * Password hashing: scrypt N=2^15, r=8, p=3 (OWASP ASVS 5.0 Appendix C minimum for scrypt),
 * 16-byte random salt, 32-byte key. Chosen because PBKDF2-SHA256 would need ≥ 600,000
 * iterations and Workers cap PBKDF2 at 100,000; scrypt via node:crypto is capped at
 * N·r·p ≤ 2^20 and 2^15·8·3 = 786,432 fits. See docs/decisions/004-password-hashing.md.
 *
 * This file has no relative imports so the Node CLI (scripts/create-user.ts) can load it as is.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 3, keyLength: 32, saltLength: 16 } as const;
/** The Workers runtime refuses scrypt above this N·r·p. */
export const WORKERS_SCRYPT_CAP = 2 ** 20;
/** ASVS 5.0 Appendix C: scrypt with r=8 needs p ≥ 3 at N = 2^15 (or p=1 at N=2^17, above the cap). */
export const ASVS_SCRYPT_MINIMUM = { N: 2 ** 15, r: 8, p: 3 } as const;

type Params = { N: number; r: number; p: number };

function derive(secret: string, salt: Buffer, params: Params, keyLength: number): Promise<Buffer> {
  // 128·N·r bytes are needed; allow twice that.
  const maxmem = 256 * params.N * params.r + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize("NFKC"), salt, keyLength, { ...params, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password (or access code) into `scrypt$N$r$p$salt$key` (base64). */
export async function hashPassword(secret: string): Promise<string> {
  const { N, r, p, keyLength, saltLength } = SCRYPT_PARAMS;
  const salt = randomBytes(saltLength);
  const key = await derive(secret, salt, { N, r, p }, keyLength);
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Checks a secret against a stored hash in constant time. Malformed hashes never match. */
export async function verifyPassword(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every(Number.isInteger) || N * r * p > WORKERS_SCRYPT_CAP) return false;
  const salt = Buffer.from(parts[4]!, "base64");
  const expected = Buffer.from(parts[5]!, "base64");
  const actual = await derive(secret, salt, { N, r, p }, expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when a stored hash uses weaker parameters than today's and should be re-hashed at login. */
export function needsRehash(stored: string): boolean {
  const [, N, r, p] = stored.split("$").map(Number);
  return N !== SCRYPT_PARAMS.N || r !== SCRYPT_PARAMS.r || p !== SCRYPT_PARAMS.p;
}

/**
 * A fixed hash compared against when the account does not exist, so that a wrong login ID
 * costs the same time as a wrong password (no account enumeration by timing).
 */
export const DUMMY_HASH = "scrypt$32768$8$3$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
