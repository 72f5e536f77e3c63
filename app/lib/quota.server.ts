import { env } from "cloudflare:workers";
import type { Session } from "#worker/auth/session";
import { type QuotaKind, quotaMessage, takeQuota } from "#worker/services/platform/quotas";

export type QuotaRefusal = { message: string; headers: { "Retry-After": string } };

/**
 * The page side of the per-account quotas (worker/services/platform/quotas.ts): null while the
 * account has calls left (one is counted), else the message the page shows and the `Retry-After`
 * header of its 429. The same window as the API's.
 */
export async function overQuota(session: Pick<Session, "id">, kind: QuotaKind): Promise<QuotaRefusal | null> {
  const allowance = await takeQuota(env.SESSIONS, kind, session.id, Date.now());
  if (allowance.allowed) return null;
  return {
    message: quotaMessage(kind, allowance.retryAfterSeconds),
    headers: { "Retry-After": String(allowance.retryAfterSeconds) },
  };
}
