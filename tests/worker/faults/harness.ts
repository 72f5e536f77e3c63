/**
 * The fault-injection runner (docs/fault-injection.md). A write path is one request (or one
 * service call) and the tables and objects it writes. The runner sends it once cleanly to learn
 * how many calls it makes to D1, KV and R2 and what it changes; then, for each store, each kind of
 * fault and each call index in turn, on a fresh fixture, it fails that one call and asserts:
 * - the person gets a clear error: 503 with the busy message, JSON, no stack and no store text;
 * - nothing was written, or the whole change was (no partial write): the change in every counted
 *   table and object prefix is zero or exactly the clean run's;
 * - rows and R2 objects agree (`consistent`);
 * - a retry of the same request (same `submissionId`) succeeds, or — when the lost answer hid a
 *   change that did land and the path has no `submissionId` — is refused as already done; either
 *   way the change is then exactly the clean run's: recorded once.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { expect } from "vitest";
import { api } from "#worker/api";
import { STORE_BUSY_MESSAGE } from "#worker/api/errors";
import type { Env } from "#worker/env";
import { ORIGIN } from "../helpers";
import { type Fault, type FaultKind, Faults, faultyEnv, type Store } from "./inject";

/** The Worker's /api with the bindings given (the seam: Hono hands `c.env` to every service). */
const root = new Hono<{ Bindings: Env }>().route("/api", api);

/** Sends an /api request with `faults` in front of D1, KV and R2. */
export async function send(faults: Faults, path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await root.fetch(
    new Request(new URL(path, ORIGIN), { redirect: "manual", ...init }),
    faultyEnv(env as unknown as Env, faults),
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** A JSON /api request as `token` (none when null). */
export function sendJson(faults: Faults, token: string | null, path: string, body?: unknown, method = "POST") {
  return send(faults, path, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** One attempt at a write path, on its own fresh fixture. */
export type Attempt = {
  /** The request (the same one again is the retry). */
  send(faults: Faults): Promise<Response>;
  /** Rows or objects the path writes, counted (tables, R2 prefixes): the change is compared per key. */
  counts(): Promise<Record<string, number>>;
  /**
   * Rows and R2 objects agree (no object without its row, no row without its object), checked
   * after the fault and after the retry; `after: "retry"` for a path that repairs on the next
   * request by design (a certificate whose PDF is redrawn when its row is found without it).
   */
  consistent?(): Promise<void>;
  consistentAfter?: "fault" | "retry";
  /**
   * What a retry answers when the change had landed behind a lost answer (default 409, "already
   * done"; sign-out answers 401: the session is over).
   */
  doneStatus?: number;
  /**
   * Whether sending again changes nothing (a `submissionId`, or a step already taken). A sign-in
   * is not: each one is a new session, so the second resend is left out.
   */
  resendable?: false;
};

/** A write path: a name for the table, and a fresh attempt per run. */
export type WritePath = {
  name: string;
  prepare(): Promise<Attempt>;
  /**
   * A part the path may leave out and say so (a farmer registered without the photo that could not
   * be stored): a success whose reply matches `message` and whose change is `change`.
   */
  degraded?: { change: Record<string, number>; message: RegExp };
  /**
   * Fault only a sample of the path's D1 calls (`sampleCalls`): for a path with many statements,
   * the first and the last read before its first write, its first and its last write. R2 and KV
   * calls are all faulted.
   */
  sampled?: true;
};

/** How one fault ended, for the table in docs/fault-injection.md. */
export type Outcome = {
  path: string;
  store: Store;
  kind: FaultKind;
  at: number;
  call: string;
  status: number;
  written: "nothing" | "all" | "absorbed" | "degraded";
  retry: number;
};

const KINDS: FaultKind[] = ["refused", "lost"];

const delta = (a: Record<string, number>, b: Record<string, number>) =>
  Object.fromEntries(Object.keys(b).map((k) => [k, b[k]! - (a[k] ?? 0)]));
const isZero = (d: Record<string, number>) => Object.values(d).every((v) => v === 0);

/** Asserts the reply is the clear busy error: JSON, 503, no stack and no store error text. */
export async function expectClearError(res: Response, where: string) {
  const text = await res.text();
  expect(res.status, `${where}: ${text}`).toBe(503);
  expect(res.headers.get("Content-Type"), where).toMatch(/application\/json/);
  expect(res.headers.get("Retry-After"), where).toBeTruthy();
  expect(JSON.parse(text), where).toEqual({ success: false, message: STORE_BUSY_MESSAGE });
}

/**
 * The per-account quotas on costly work (docs/decisions/034-quotas-and-upload-limits.md) would
 * refuse the suite's many runs of one path by one account: every run starts with none used.
 */
async function freshQuotas() {
  const { keys } = await env.SESSIONS.list({ prefix: "quota:" });
  await Promise.all(keys.map((k) => env.SESSIONS.delete(k.name)));
}

type Probe = { change: Record<string, number>; trace: Faults["trace"] };
const probes = new WeakMap<WritePath, Promise<Probe>>();

/** The clean run of `path` (once per path): what it changes, and the calls it makes to each store. */
function probe(path: WritePath): Promise<Probe> {
  let p = probes.get(path);
  if (!p) {
    p = (async () => {
      await freshQuotas();
      const attempt = await path.prepare();
      const clean = new Faults();
      const before = await attempt.counts();
      const ok = await attempt.send(clean);
      expect(ok.status, `${path.name} clean run: ${await ok.clone().text()}`).toBeLessThan(300);
      const change = delta(before, await attempt.counts());
      expect(isZero(change), `${path.name}: the clean run changes nothing counted`).toBe(false);
      await attempt.consistent?.();
      return { change, trace: clean.trace };
    })();
    probes.set(path, p);
  }
  return p;
}

/**
 * Fails each call of `path` to `store` in turn as `kind` and returns the outcomes; fails on the
 * first broken promise. A store the path never calls gives no outcome.
 */
export async function runFaults(path: WritePath, store: Store, kind: FaultKind): Promise<Outcome[]> {
  const { change, trace } = await probe(path);
  const outcomes: Outcome[] = [];
  const calls = path.sampled && store === "d1" ? sampleCalls(trace[store]) : callsToFault(trace[store]);
  for (const at of calls) {
    outcomes.push(await runOne(path, { store, kind, at }, change, trace[store][at - 1]!));
  }
  return outcomes;
}

const isRead = (call: string) => /^(first|all|raw|run) select\b/i.test(call);

/**
 * The call indexes (1-based) to fail: every call from the first write on; of the reads before
 * it, only the first and the last — a refused read before anything is written ends the request
 * the same way wherever it comes (the suite's time goes to the calls that can leave a partial
 * write). A read the code catches (a lost answer read back) comes after a write, so it is kept.
 */
export function callsToFault(calls: string[]): number[] {
  const firstWrite = calls.findIndex((c) => !isRead(c));
  const reads = firstWrite === -1 ? calls.length : firstWrite;
  const kept = new Set<number>();
  if (reads > 0) kept.add(1).add(reads);
  for (let i = reads + 1; i <= calls.length; i++) kept.add(i);
  return [...kept].sort((a, b) => a - b);
}

/** The sample of `WritePath.sampled`: the first and the last read before the first write, the first and the last write. */
export function sampleCalls(calls: string[]): number[] {
  const writes = calls.flatMap((c, i) => (isRead(c) ? [] : [i + 1]));
  const reads = writes.length ? writes[0]! - 1 : calls.length;
  const kept = new Set<number>();
  if (reads > 0) kept.add(1).add(reads);
  if (writes.length) kept.add(writes[0]!).add(writes.at(-1)!);
  return [...kept].sort((a, b) => a - b);
}

/** Every write path × store × fault kind: one row of the table-driven tests. */
export function faultRows(paths: WritePath[]) {
  return paths.flatMap((path) =>
    (["d1", "kv", "r2"] as Store[]).flatMap((store) =>
      KINDS.map((kind) => [`${path.name} × ${store} ${kind}`, path, store, kind] as const),
    ),
  );
}

async function runOne(path: WritePath, fault: Fault, change: Record<string, number>, call: string): Promise<Outcome> {
  const where = `${path.name}, ${fault.kind} ${fault.store} call ${fault.at} (${call})`;
  await freshQuotas();
  const attempt = await path.prepare();
  const before = await attempt.counts();
  const faulted = await attempt.send(new Faults(fault));
  const afterFault = delta(before, await attempt.counts());
  let written: Outcome["written"];
  let expected = change;
  if (faulted.status < 300) {
    const text = await faulted.text();
    if (path.degraded?.message.test(text)) {
      // The person was told what was left out; the rest is whole.
      written = "degraded";
      expected = path.degraded!.change;
    } else {
      // The path recovered (a lost answer read back, a best-effort write): the change is whole.
      written = "absorbed";
    }
    expect(afterFault, `${where}: answered ${faulted.status} ${text}`).toEqual(expected);
  } else {
    await expectClearError(faulted, where);
    written = isZero(afterFault) ? "nothing" : "all";
    if (written === "all") expect(afterFault, `${where}: a partial write`).toEqual(change);
  }
  if (attempt.consistentAfter !== "retry") await attempt.consistent?.();

  if (attempt.resendable === false && written !== "nothing") {
    // Each send is a new record by design: after one that was stored, sending again is a second one.
    await attempt.consistent?.();
    return { ...fault, path: path.name, call, status: faulted.status, written, retry: 0 };
  }
  const retry = await attempt.send(new Faults());
  const retryText = await retry.text();
  if (retry.status >= 300) {
    // Only a change that landed behind a lost answer may make the retry a refusal ("already done").
    expect(written, `${where}: retry ${retry.status} ${retryText}`).not.toBe("nothing");
    expect(retry.status, `${where}: retry ${retryText}`).toBe(attempt.doneStatus ?? 409);
  }
  expect(delta(before, await attempt.counts()), `${where}: after the retry`).toEqual(expected);
  if (attempt.resendable !== false) {
    // A second resend changes nothing more (the same submission is recorded once).
    await attempt.send(new Faults());
    expect(delta(before, await attempt.counts()), `${where}: after a second resend`).toEqual(expected);
  }
  await attempt.consistent?.();
  return { ...fault, path: path.name, call, status: faulted.status, written, retry: retry.status };
}

/** The outcomes as one markdown line per path × store × kind (calls folded together). */
export function outcomeTable(outcomes: Outcome[]): string {
  const groups = new Map<string, Outcome[]>();
  for (const o of outcomes) {
    const key = `${o.path} | ${o.store} ${o.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  return [...groups]
    .map(([key, list]) => {
      const fold = (f: (o: Outcome) => string) => [...new Set(list.map(f))].join(", ");
      return `| ${key} | ${list.length} | ${fold((o) => String(o.status))} | ${fold((o) => o.written)} | ${fold((o) => String(o.retry))} |`;
    })
    .join("\n");
}
