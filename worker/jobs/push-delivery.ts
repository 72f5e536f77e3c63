/** Starts push delivery (ADR 028): after a request that wrote a notice, and from the 5-minute cron. */
import { type Env, isDemoMode } from "../env";
import { buildDeps } from "../services/deps";
import { type DeliverDeps, deliverPendingPush, pushConfigFrom } from "../services/push/deliver-push";

function deliverDeps(env: Env): DeliverDeps | null {
  const push = pushConfigFrom(env);
  if (!push) return null;
  const { db, now } = buildDeps(env);
  return { db, now, push, send: (url, init) => fetch(url, init), demoMode: isDemoMode(env) };
}

/** Background delivery once the response is made; a failure is logged, the cron tries again. */
export function startPushDelivery(env: Env, ctx: Pick<ExecutionContext, "waitUntil">) {
  const deps = deliverDeps(env);
  if (!deps) return;
  ctx.waitUntil(
    deliverPendingPush(deps).catch((error: unknown) => {
      console.error("push delivery failed", error instanceof Error ? error.message : error);
    }),
  );
}

/** The cron's share: what requests left pending or due for a retry (a few runs of 50 at most). */
export async function runPushDelivery(env: Env) {
  const deps = deliverDeps(env);
  if (!deps) return { skipped: "no VAPID keys configured" };
  const total = { notices: 0, sent: 0, skipped: 0, retry: 0, failed: 0, removed: 0 };
  for (let run = 0; run < 4; run++) {
    const result = await deliverPendingPush(deps);
    if (!result.ok) break;
    for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += result.value[key];
    if (result.value.notices < 50) break;
  }
  return total;
}
