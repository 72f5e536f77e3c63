import type { MiddlewareHandler } from "hono";
import { QUOTAS, type QuotaKind, quotaMessage, takeQuota } from "../services/platform/quotas";
import type { ApiEnv } from "./middleware";
import { apiError } from "./reply";
import { tag } from "./route-meta";

/**
 * The account's quota of costly work of `kind` (docs/decisions/034-quotas-and-upload-limits.md),
 * after the guard and the body's checks, before any work: one over it answers 429 with
 * `Retry-After` and nothing is built or stored.
 */
export function quota(kind: QuotaKind): MiddlewareHandler<ApiEnv> {
  return tag<MiddlewareHandler<ApiEnv>>(
    async (c, next) => {
      const allowance = await takeQuota(c.env.SESSIONS, kind, c.get("session").id, Date.now());
      if (!allowance.allowed) {
        c.header("Retry-After", String(allowance.retryAfterSeconds));
        return apiError(c, 429, quotaMessage(kind, allowance.retryAfterSeconds));
      }
      await next();
    },
    { quota: `Too many ${QUOTAS[kind].what} from this account: wait for the \`Retry-After\` seconds` },
  );
}
