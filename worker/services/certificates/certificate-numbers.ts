/**
 * Certificate numbers: LR-<code>-<year>-<serial>-<check>, e.g. LR-EUDR-2026-000042-7KQX. The
 * serial counts the certificates of that type and year; the four random characters make a number
 * that was not issued — forged, or altered by one digit — unknown to the verification page instead
 * of pointing at someone else's certificate, and make numbers impractical to enumerate.
 */

import type { Database } from "#db/client";
import { lastNumberWithPrefix } from "#db/queries/certificates";

const CHECK_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford base 32: no I, L, O, U
/** How many numbers an issue tries before giving up when concurrent requests take its serial. */
export const MAX_ATTEMPTS = 5;

/** The random check characters that end a number. */
export function randomCheck(length = 4): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => CHECK_ALPHABET[b % 32]).join("");
}

/** The next serial (six digits) after the last number issued with `prefix` (LR-<code>-<year>-). */
export async function nextSerial(db: Database, prefix: string): Promise<string> {
  const last = await lastNumberWithPrefix(db, prefix);
  const lastSerial = last ? Number(/^(\d{6})/.exec(last.slice(prefix.length))?.[1] ?? 0) : 0;
  return String(lastSerial + 1).padStart(6, "0");
}
