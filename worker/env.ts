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
  /** World price feed (worker/services/market/price-feed.ts): fetched nightly when set; unset = off. */
  PRICE_FEED_URL?: string;
}

export function isDemoMode(env: Pick<Env, "DEMO_MODE">): boolean {
  return ["on", "true", "1", "yes"].includes(
    String(env.DEMO_MODE ?? "")
      .trim()
      .toLowerCase(),
  );
}
