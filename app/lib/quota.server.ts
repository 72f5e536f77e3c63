import { env } from "cloudflare:workers";
import type { Session } from "#worker/auth/session";
import { type QuotaKind, quotaMessage, takeQuota } from "#worker/services/platform/quotas";
import { PRIVATE_PAGE_HEADERS } from "./auth.server";

export type QuotaRefusal = { message: string; headers: Record<string, string> };

/**
 * The page side of the per-account quotas (worker/services/platform/quotas.ts): null while the
 * account has calls left (one is counted), else the message the page shows and the `Retry-After`
 * header of its 429 (the route module exports `outboxPageHeaders` as `headers` so it reaches the
 * answer). The same window as the API's.
 */
export async function overQuota(session: Pick<Session, "id">, kind: QuotaKind): Promise<QuotaRefusal | null> {
  const allowance = await takeQuota(env.SESSIONS, kind, session.id, Date.now());
  if (allowance.allowed) return null;
  return {
    message: quotaMessage(kind, allowance.retryAfterSeconds),
    headers: { ...PRIVATE_PAGE_HEADERS, "Retry-After": String(allowance.retryAfterSeconds) },
  };
}
