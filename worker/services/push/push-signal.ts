/**
 * "A notice was written during this request" (ADR 028). `notifyStatement` raises the flag; the
 * Worker's request wrapper (worker/index.ts) then starts push delivery with `waitUntil` once the
 * response is made, so after the change's `db.batch()` committed. Notices written where no request
 * scope is (the cron, a background job) are delivered by the 5-minute cron.
 */
import { AsyncLocalStorage } from "node:async_hooks";

type Scope = { noticed: boolean };
const scope = new AsyncLocalStorage<Scope>();

export function notePushPending() {
  const current = scope.getStore();
  if (current) current.noticed = true;
}

/** Runs `fn` in a scope and says whether a notice was written inside it. */
export async function withPushScope<T>(fn: () => Promise<T>): Promise<{ value: T; noticed: boolean }> {
  const state: Scope = { noticed: false };
  const value = await scope.run(state, fn);
  return { value, noticed: state.noticed };
}
