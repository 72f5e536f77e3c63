/**
 * The offline outbox (ADR 027): field forms submitted without a connection are kept
 * whole in IndexedDB (through `idb`) — every field, photos as blobs — under the device's UUID for
 * the submission (`submissionId`, which the server upserts by). They are sent when the connection
 * returns; a record leaves the "waiting" state only with the server's receipt (the id of what it
 * stored), so a cut connection mid-send only means a resend, which the server answers with the
 * record it already holds. A refusal (validation, EUDR rules) comes back onto the record; a stale
 * edit (409) keeps both versions for the user to choose. Nothing here is ever dropped silently.
 *
 * Only pages that queue or show the outbox import this module (it stays out of other bundles).
 */
import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { formDataOf, type OutboxKind, type OutboxRecord, type OutboxStatus, type StoredField } from "./outbox-fields";
import {
  ACCOUNT_DEACTIVATED,
  ERROR_HEADER,
  OUTBOX_HEADER,
  OUTBOX_TEXT,
  PROOF_HEADER,
  RECEIPT_HEADER,
} from "./outbox-light";

export type { OutboxKind, OutboxRecord, OutboxStatus, StoredField };
export { OUTBOX_TEXT };

const DAY_MS = 24 * 60 * 60 * 1000;
/** A "sending" record older than this was cut mid-send (tab closed, signal lost): send it again. */
const STALE_SENDING_MS = 60_000;
/** Sent records are shown (receipt only, fields dropped) for this long, then forgotten. */
const KEEP_SENT_MS = 7 * DAY_MS;

interface OutboxDb extends DBSchema {
  records: { key: string; value: OutboxRecord; indexes: { status: OutboxStatus } };
}

const DB_NAME = "eip-outbox";
let dbPromise: Promise<IDBPDatabase<OutboxDb>> | null = null;

export function outboxDb() {
  dbPromise ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(db) {
      const records = db.createObjectStore("records", { keyPath: "submissionId" });
      records.createIndex("status", "status");
    },
  });
  return dbPromise;
}

/** For tests: forget the open connection (fake-indexeddb is reset between them). */
export function resetOutboxDbForTests() {
  dbPromise = null;
}

export { fieldsOf, fixLinkOf, formDataOf, textOf } from "./outbox-fields";

/** Stores a submission (or replaces the one with the same submissionId: a corrected record) as waiting. */
export async function enqueue(
  input: Pick<OutboxRecord, "submissionId" | "kind" | "label" | "url" | "fields" | "owner" | "fixUrl">,
  now = Date.now(),
) {
  const db = await outboxDb();
  const earlier = await db.get("records", input.submissionId);
  const record: OutboxRecord = {
    ...input,
    status: "waiting",
    attempts: earlier?.attempts ?? 0,
    createdAt: earlier?.createdAt ?? now,
    updatedAt: now,
  };
  await db.put("records", record);
  announce();
  return record;
}

export async function listRecords(): Promise<OutboxRecord[]> {
  const all = await (await outboxDb()).getAll("records");
  return all.sort((a, b) => a.createdAt - b.createdAt);
}

export async function getRecord(submissionId: string) {
  return (await outboxDb()).get("records", submissionId);
}

export async function removeRecord(submissionId: string) {
  await (await outboxDb()).delete("records", submissionId);
  announce();
}

export type OutboxCounts = Record<OutboxStatus, number>;
export async function counts(): Promise<OutboxCounts> {
  const out: OutboxCounts = { waiting: 0, sending: 0, failed: 0, conflict: 0, sent: 0 };
  for (const r of await listRecords()) out[r.status]++;
  return out;
}

/** Not yet on the server: everything but "sent". */
export async function pendingCount() {
  const c = await counts();
  return c.waiting + c.sending + c.failed + c.conflict;
}

/** What one send attempt learned from the server (or its absence). */
export type SendOutcome =
  | { kind: "sent"; receipt: string }
  | { kind: "retry"; reason: string }
  | { kind: "signed-out"; reason: string }
  | { kind: "failed"; reason: string; fieldErrors?: Record<string, string[]> }
  | { kind: "conflict"; reason: string; conflict: NonNullable<OutboxRecord["conflict"]> };

export { ERROR_HEADER, OUTBOX_HEADER, RECEIPT_HEADER };

const LOGIN_PATH = /(^\/portals$)|(\/login$)|(-login$)/;

/** Reads a page's answer to a resent form (the page actions add the headers of app/lib/page-form.server.ts). */
export function outcomeOf(response: Response): SendOutcome {
  const receipt = response.headers.get(RECEIPT_HEADER);
  if (receipt && response.status < 300) return { kind: "sent", receipt };
  const url = response.url ? new URL(response.url) : null;
  const path = url?.pathname ?? "";
  // A page that answers with a redirect to what it stored (…/<id>?created=<submissionId>): the id is the receipt.
  if (response.redirected && response.ok && url?.searchParams.has("created"))
    return { kind: "sent", receipt: decodeURIComponent(path.split("/").pop() ?? "") };
  if (response.redirected && LOGIN_PATH.test(path)) return { kind: "signed-out", reason: OUTBOX_TEXT.signIn };
  const raw = response.headers.get(ERROR_HEADER);
  let detail: {
    code?: string;
    message?: string;
    fieldErrors?: Record<string, string[]>;
    conflict?: OutboxRecord["conflict"];
  } = {};
  try {
    detail = raw ? JSON.parse(decodeURIComponent(raw)) : {};
  } catch {
    detail = {};
  }
  // The account was deactivated while the work waited: the server says so to this phone only.
  if ((response.status === 401 || response.status === 403) && detail.code === ACCOUNT_DEACTIVATED)
    return { kind: "signed-out", reason: OUTBOX_TEXT.deactivated };
  if (response.status === 401) return { kind: "signed-out", reason: OUTBOX_TEXT.signIn };
  // A refusal the page gave with its reason (e.g. "more than 48 hours ago: ask a supervisor") stays on the record.
  if (response.status === 403 && raw)
    return { kind: "failed", reason: detail.message ?? OUTBOX_TEXT.refusedAccount, fieldErrors: detail.fieldErrors };
  if (response.status === 403) return { kind: "signed-out", reason: OUTBOX_TEXT.refusedAccount };
  if (response.status === 409 && detail.conflict)
    return { kind: "conflict", reason: detail.message ?? OUTBOX_TEXT.conflict, conflict: detail.conflict };
  if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429)
    return {
      kind: "failed",
      reason: detail.message ?? `The server refused it (HTTP ${response.status}).`,
      fieldErrors: detail.fieldErrors,
    };
  return { kind: "retry", reason: OUTBOX_TEXT.serverError };
}

/**
 * The session of the moment of sending: its CSRF token and whose it is; `{ signedOut }` when the
 * server said why there is none (the account was deactivated); null when simply signed out.
 */
export type SessionAnswer = { token: string; loginId: string } | { signedOut: string } | null;

export type SendDeps = {
  fetch: typeof fetch;
  /** The current session's CSRF token, or null when signed out (a fresh session sends the work). */
  csrf: () => Promise<SessionAnswer>;
  /** The outbox proof kept for this person (worker/auth/outbox-proof.ts), if any. */
  proof?: (loginId: string) => string | null;
  now?: () => number;
};

const PROOF_KEY = "eip.outboxProof";
function proofs(): Record<string, string> {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(PROOF_KEY) ?? "{}");
    return v && typeof v === "object" ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}
/** The outbox proof the server gave `loginId`'s last live session on this phone. */
export function proofFor(loginId: string): string | null {
  return proofs()[loginId] ?? null;
}
function keepProof(loginId: string, proof: string) {
  try {
    localStorage.setItem(PROOF_KEY, JSON.stringify({ ...proofs(), [loginId]: proof }));
  } catch {
    // Storage full or off: the phone then only says "sign in again" if the account is refused.
  }
}

function tellServiceWorker(message: { type: "SIGNED_OUT" } | { type: "ACCOUNT"; loginId: string }) {
  try {
    navigator.serviceWorker?.controller?.postMessage(message);
  } catch {
    // No service worker (JavaScript tests, old browsers): nothing is kept to wipe.
  }
}

/**
 * The signed-in user's token, from the session of this moment (not the one the form was shown in).
 * `owner`: whose records wait, so that with no session the server can tell that person's phone
 * (by their proof) that the account was deactivated.
 */
export async function freshSession(owner?: string): Promise<SessionAnswer> {
  const proof = owner ? proofFor(owner) : null;
  const res = await fetch("/outbox/session", {
    headers: { Accept: "application/json", ...(proof ? { [PROOF_HEADER]: proof } : {}) },
    cache: "no-store",
  });
  const body = (await res.json().catch(() => ({}))) as {
    csrf?: string;
    loginId?: string;
    proof?: string;
    code?: string;
  };
  // The field pages kept offline belong to the session's account (public/sw.js): an ended session
  // wipes them, another account's session re-keys them.
  if (res.status === 401) tellServiceWorker({ type: "SIGNED_OUT" });
  if (!res.ok) return body.code === ACCOUNT_DEACTIVATED ? { signedOut: OUTBOX_TEXT.deactivated } : null;
  if (body.loginId) tellServiceWorker({ type: "ACCOUNT", loginId: body.loginId });
  if (body.loginId && body.proof) keepProof(body.loginId, body.proof);
  return body.csrf && body.loginId ? { token: body.csrf, loginId: body.loginId } : null;
}

async function update(submissionId: string, change: Partial<OutboxRecord>) {
  const db = await outboxDb();
  const tx = db.transaction("records", "readwrite");
  const current = await tx.store.get(submissionId);
  if (current) await tx.store.put({ ...current, ...change });
  await tx.done;
  return current;
}

/** Sends one record and stores what came back. A record becomes "sent" only with a receipt. */
export async function sendOne(record: OutboxRecord, session: { token: string }, deps: SendDeps): Promise<SendOutcome> {
  const now = deps.now ?? Date.now;
  await update(record.submissionId, { status: "sending", updatedAt: now(), attempts: record.attempts + 1 });
  let outcome: SendOutcome;
  try {
    const form = formDataOf(record.fields.filter(([name]) => name !== "csrf"));
    form.set("csrf", session.token);
    const proof = deps.proof?.(record.owner);
    const response = await deps.fetch(record.url, {
      method: "POST",
      body: form,
      headers: { [OUTBOX_HEADER]: "1", ...(proof ? { [PROOF_HEADER]: proof } : {}) },
      credentials: "same-origin",
    });
    outcome = outcomeOf(response);
    await response.body?.cancel().catch(() => undefined);
  } catch {
    outcome = { kind: "retry", reason: OUTBOX_TEXT.noConnection };
  }
  const at = now();
  if (outcome.kind === "sent") {
    // The receipt is all that stays: the fields (and photos) leave the phone now that the server has them.
    await update(record.submissionId, {
      status: "sent",
      receipt: outcome.receipt,
      sentAt: at,
      updatedAt: at,
      fields: [],
      reason: undefined,
      fieldErrors: undefined,
      conflict: undefined,
    });
  } else if (outcome.kind === "failed") {
    await update(record.submissionId, {
      status: "failed",
      reason: outcome.reason,
      fieldErrors: outcome.fieldErrors,
      updatedAt: at,
    });
  } else if (outcome.kind === "conflict") {
    await update(record.submissionId, {
      status: "conflict",
      reason: outcome.reason,
      conflict: outcome.conflict,
      updatedAt: at,
    });
  } else {
    await update(record.submissionId, { status: "waiting", reason: outcome.reason, updatedAt: at });
  }
  announce();
  return outcome;
}

let flushing: Promise<FlushReport> | null = null;
export type FlushReport = { sent: number; failed: number; waiting: number; signedOut?: string };

/**
 * Sends every waiting record, one at a time (a phone on 2G does better with one upload at a
 * time). One flush at a time per page; across tabs the Web Locks API keeps it to one.
 */
export function flush(deps: SendDeps): Promise<FlushReport> {
  if (flushing) return flushing;
  const locks = typeof navigator !== "undefined" && navigator.locks ? navigator.locks : null;
  const run = async (): Promise<FlushReport> => {
    const now = deps.now ?? Date.now;
    const report: FlushReport = { sent: 0, failed: 0, waiting: 0 };
    await prune(now());
    // Holding the lock, no other tab is sending: a "sending" record was cut off (page closed mid-send).
    const due = (await listRecords()).filter(
      (r) => r.status === "waiting" || (r.status === "sending" && (locks || now() - r.updatedAt > STALE_SENDING_MS)),
    );
    if (due.length === 0) return report;
    const session = await deps.csrf().catch((): undefined => undefined);
    if (session === undefined) {
      report.waiting = due.length;
      return report;
    }
    if (session === null || "signedOut" in session) {
      const reason = session?.signedOut ?? OUTBOX_TEXT.signIn;
      for (const r of due) await update(r.submissionId, { status: "waiting", reason });
      announce();
      return { ...report, waiting: due.length, signedOut: reason };
    }
    for (const record of due) {
      if (record.owner && record.owner !== session.loginId) {
        // Another person signed in on this phone: their session does not send this person's work.
        report.waiting++;
        continue;
      }
      const outcome = await sendOne(record, session, deps);
      if (outcome.kind === "sent") report.sent++;
      else if (outcome.kind === "failed" || outcome.kind === "conflict") report.failed++;
      else {
        report.waiting++;
        if (outcome.kind === "signed-out") report.signedOut = outcome.reason;
        // No connection or signed out: the rest would fail the same way; try them next time.
        if (outcome.kind === "signed-out" || outcome.reason === OUTBOX_TEXT.noConnection) break;
      }
    }
    return report;
  };
  const locked = (): Promise<FlushReport> =>
    typeof navigator !== "undefined" && navigator.locks ? navigator.locks.request("eip-outbox-flush", run) : run();
  flushing = locked().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Sent records older than a week are forgotten (their receipt was shown for that long). */
async function prune(now: number) {
  const db = await outboxDb();
  for (const r of await db.getAllFromIndex("records", "status", "sent")) {
    if (now - (r.sentAt ?? r.updatedAt) > KEEP_SENT_MS) await db.delete("records", r.submissionId);
  }
}

/** Asks the browser to keep this site's storage under pressure (spec: queued work must not be evicted). */
export async function requestPersistence(): Promise<boolean | null> {
  if (typeof navigator === "undefined" || !navigator.storage?.persist) return null;
  if (await navigator.storage.persisted()) return true;
  return navigator.storage.persist();
}

export const OUTBOX_EVENT = "eip-outbox-change";
function announce() {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(OUTBOX_EVENT));
}
