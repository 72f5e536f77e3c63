/**
 * Fault-injecting stand-ins for the Worker's bindings (docs/fault-injection.md): a D1Database, a
 * KVNamespace and an R2Bucket that pass every call to the real local store, except the one call
 * the plan names, which fails the way the real store fails.
 *
 * Kinds of fault:
 * - `refused`: the store refuses before doing anything ("D1_ERROR: overloaded", KV 503, R2 500).
 * - `lost`: the store does the work, then the answer is lost (a timeout after commit). The harder
 *   case: the caller cannot tell whether anything was written, so only an idempotent retry is safe.
 *
 * A D1 "call" is one statement run (`run`/`first`/`all`/`raw`) or one `batch` (one transaction);
 * a KV call one `get`/`put`/`delete`/`list`; an R2 call one `put` (reads are not faulted).
 */

export type Store = "d1" | "kv" | "r2";
export type FaultKind = "refused" | "lost";
/** Fail the `at`-th call (1-based) to `store`, as `kind`. */
export type Fault = { store: Store; at: number; kind: FaultKind };
/** What each store was asked, in order (the probe run reads the counts from it). */
export type Trace = Record<Store, string[]>;

/** The error texts the real stores answer with (what `onApiError` must recognise). */
export const FAULT_TEXT: Record<Store, Record<FaultKind, string>> = {
  d1: {
    refused: "D1_ERROR: D1 DB is overloaded. Requests queued for too long.",
    lost: "D1_ERROR: Network connection lost.",
  },
  kv: { refused: "KV PUT failed: 503 Service Unavailable", lost: "KV PUT failed: 504 Gateway Timeout" },
  r2: {
    refused: "put: We encountered an internal error. Please try again. (10001)",
    lost: "put: Network connection lost.",
  },
};

/** A fault plan shared by the three stand-ins of one request (or one service call). */
export class Faults {
  readonly trace: Trace = { d1: [], kv: [], r2: [] };
  constructor(readonly fault: Fault | null = null) {}

  /** Runs `work` as the next call to `store`, failing it if the plan says so. */
  async gate<T>(store: Store, what: string, work: () => Promise<T>): Promise<T> {
    this.trace[store].push(what);
    const f = this.fault;
    if (!f || f.store !== store || f.at !== this.trace[store].length) return work();
    if (f.kind === "refused") throw new Error(FAULT_TEXT[store].refused);
    await work();
    throw new Error(FAULT_TEXT[store].lost);
  }
}

const STATEMENT_CALLS = new Set(["first", "run", "all", "raw"]);

/** A D1Database whose statements and batches pass through `faults`. */
export function faultyD1(db: D1Database, faults: Faults): D1Database {
  const realOf = new WeakMap<object, D1PreparedStatement>();
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (typeof prop === "string" && STATEMENT_CALLS.has(prop)) {
          const call = Reflect.get(target, prop, target) as (...a: unknown[]) => Promise<unknown>;
          return (...args: unknown[]) => faults.gate("d1", `${prop} ${sqlOf(target)}`, () => call.apply(target, args));
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    realOf.set(proxy, stmt);
    return proxy;
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => wrap(target.prepare(sql));
      if (prop === "batch")
        return (statements: D1PreparedStatement[]) =>
          faults.gate("d1", `batch of ${statements.length}`, () =>
            target.batch(statements.map((s) => realOf.get(s) ?? s)),
          );
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function sqlOf(stmt: D1PreparedStatement): string {
  const text = (stmt as unknown as { statement?: string }).statement ?? "";
  return text.replace(/\s+/g, " ").slice(0, 60);
}

/** A KVNamespace whose get/put/delete/list pass through `faults`. */
export function faultyKV(kv: KVNamespace, faults: Faults): KVNamespace {
  return new Proxy(kv, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "get" || prop === "put" || prop === "delete" || prop === "list")
        return (...args: unknown[]) =>
          faults.gate("kv", `${prop} ${String(args[0]).split(":")[0]}`, () => value.apply(target, args));
      return value.bind(target);
    },
  });
}

/** An R2Bucket whose puts pass through `faults` (reads, lists and deletes are left alone). */
export function faultyR2(r2: R2Bucket, faults: Faults): R2Bucket {
  return new Proxy(r2, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "put")
        return (...args: unknown[]) => faults.gate("r2", `put ${String(args[0])}`, () => value.apply(target, args));
      return value.bind(target);
    },
  });
}

/** The Worker's bindings with D1, KV and R2 passed through one fault plan. */
export function faultyEnv<E extends { DB: D1Database; SESSIONS: KVNamespace; CERTS: R2Bucket }>(
  env: E,
  faults: Faults,
): E {
  return {
    ...env,
    DB: faultyD1(env.DB, faults),
    SESSIONS: faultyKV(env.SESSIONS, faults),
    CERTS: faultyR2(env.CERTS, faults),
  };
}
