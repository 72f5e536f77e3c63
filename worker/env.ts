/** Bindings and variables of the Worker (wrangler.toml). */
export interface Env {
  DB: D1Database;
  SESSIONS: KVNamespace;
  CERTS: R2Bucket;
  /** "on" locally (demo accounts and on-screen demo credentials), "off" in production. */
  DEMO_MODE: string;
  CONTACT_HOTLINE: string;
  CONTACT_SUPPORT_EMAIL: string;
  CONTACT_EMERGENCY: string;
  SESSION_SECRET: string;
  /**
   * Envelope encryption (ADR 033): `id:base64key,…` (secret; each key 32 random bytes) and the id
   * of the key new data is sealed with (var). Backups refuse to run without them.
   */
  ENVELOPE_KEYS?: string;
  ENVELOPE_KEY_ID?: string;
  /** World price feed (worker/services/market/price-feed.ts): fetched nightly when set; unset = off. */
  PRICE_FEED_URL?: string;
  /** Web Push (ADR 028): VAPID public key (var), private key as JWK JSON (secret), contact (var). Unset = push off. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
}

export function isDemoMode(env: Pick<Env, "DEMO_MODE">): boolean {
  return ["on", "true", "1", "yes"].includes(
    String(env.DEMO_MODE ?? "")
      .trim()
      .toLowerCase(),
  );
}
