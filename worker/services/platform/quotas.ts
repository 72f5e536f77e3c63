/**
 * Per-account quotas on costly work (docs/decisions/034-quotas-and-upload-limits.md): a KV counter
 * per account and kind of work, over a window that opens at the account's first call. The one
 * mechanism for the purchase lookup (worker/services/batches/purchase-lookup.ts), reports,
 * packages, receipts, statements and certificates, imports and plot checks; the API and the
 * pages count against the same window. Set so that a person's normal work never meets them.
 */

const MINUTE = 60_000;

export const QUOTAS = {
  /** A buyer looking up the farmer of a purchase (the register cannot be walked by sequential IDs). */
  purchaseLookup: { calls: 30, windowMs: 10 * MINUTE, what: "farmer lookups" },
  /** Aggregate PDF reports, each built and stored in R2. */
  report: { calls: 10, windowMs: 10 * MINUTE, what: "reports" },
  /** Due-diligence packages, auditor's exports and EUDR GeoJSON exports: ZIP or PDF built on each call. */
  package: { calls: 20, windowMs: 10 * MINUTE, what: "packages and exports" },
  /** Purchase, stock-payment and fee receipts: a PDF drawn on each call. */
  receipt: { calls: 60, windowMs: 10 * MINUTE, what: "receipts" },
  /** Payment statements (PDF, CSV) and certificates issued (PDF). */
  statement: { calls: 30, windowMs: 10 * MINUTE, what: "statements and certificates" },
  /** Bulk imports of farmers and plots, and world-price imports. */
  import: { calls: 10, windowMs: 10 * MINUTE, what: "imports" },
  /** Plot geometry checks (the capture map checks as points are added). */
  validation: { calls: 120, windowMs: MINUTE, what: "plot checks" },
} as const;

export type QuotaKind = keyof typeof QUOTAS;
export type Allowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one call of `kind` for `userId`; refuses once the window's calls are used, saying how
 * long until it ends. Refused calls are not counted. The KV value is `<window start>:<calls>`.
 */
export async function takeQuota(kv: KVNamespace, kind: QuotaKind, userId: string, now: number): Promise<Allowance> {
  const { calls, windowMs } = QUOTAS[kind];
  const key = `quota:${kind}:${userId}`;
  const [startText, usedText] = ((await kv.get(key)) ?? "").split(":");
  const open = Number(startText) > now - windowMs && Number(startText) <= now;
  const start = open ? Number(startText) : now;
  const used = open ? Number(usedText) || 0 : 0;
  if (used >= calls)
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
  // KV keys live at least 60 s; the key outlives its window a little and is then read as closed.
  await kv.put(key, `${start}:${used + 1}`, { expirationTtl: Math.max(60, Math.ceil(windowMs / 1000) + 60) });
  return { allowed: true };
}

const span = (ms: number) => (ms === MINUTE ? "minute" : `${ms / MINUTE} minutes`);
const wait = (seconds: number) =>
  seconds < 60
    ? `${seconds} second${seconds === 1 ? "" : "s"}`
    : `${Math.ceil(seconds / 60)} minute${seconds > 60 ? "s" : ""}`;

/** "Too many reports: at most 10 every 10 minutes. Try again in 4 minutes." */
export function quotaMessage(kind: QuotaKind, retryAfterSeconds: number): string {
  const { calls, windowMs, what } = QUOTAS[kind];
  return `Too many ${what}: at most ${calls} every ${span(windowMs)}. Try again in ${wait(retryAfterSeconds)}.`;
}
