import { pingDatabase } from "#db/queries/health";

export type ProbeResult = { ok: boolean; latencyMs: number; error?: string };
export type HealthReport = {
  status: "ok" | "degraded";
  checks: { d1: ProbeResult; kv: ProbeResult; r2: ProbeResult };
  time: string;
};

async function probe(fn: () => Promise<unknown>, now: () => number): Promise<ProbeResult> {
  const started = now();
  try {
    await fn();
    return { ok: true, latencyMs: Math.round(now() - started) };
  } catch (error) {
    return {
      ok: false,
      latencyMs: Math.round(now() - started),
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/**
 * Touches each storage binding with a cheap read (no writes: KV and R2 allow one
 * write per key per second, so a health check must never write).
 */
export async function checkHealth(
  deps: { db: D1Database; kv: KVNamespace; r2: R2Bucket },
  now: () => number = () => performance.now(),
): Promise<HealthReport> {
  const [d1, kv, r2] = await Promise.all([
    probe(() => pingDatabase(deps.db), now),
    probe(() => deps.kv.get("health:probe"), now),
    probe(() => deps.r2.head("health/probe"), now),
  ]);
  const ok = d1.ok && kv.ok && r2.ok;
  return { status: ok ? "ok" : "degraded", checks: { d1, kv, r2 }, time: new Date().toISOString() };
}
