/**
 * My sessions (/profile/sessions, /api/profile/sessions): list them from the D1 index, end one, or
 * end every other. KV stays the truth about validity (ADR 003 "The session index in D1"): a row is
 * shown only while its KV record lives, and an ending deletes the KV record FIRST, so the token is
 * refused even if the index write or its audit row then fails.
 */
import {
  findOwnSessionRow,
  listLiveSessionRows,
  revokeSessionRowStatement,
  revokeUserSessionRowsStatement,
} from "#db/queries/sessions";
import { isSessionLive, revokeSession, revokeUserSessions, type Session, type SessionDeps } from "#worker/auth/session";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { revokeSessionDevices } from "../push/revoke-devices";
import { fail, ok, type Result } from "../result";

export type SessionView = {
  id: string;
  device: string;
  place: string | null;
  createdAt: string;
  lastSeenAt: string;
  /** The session this request came with ("this device"). */
  current: boolean;
};

export type MySessionsDeps = Pick<ServiceDeps, "db" | "actor" | "now"> & { sessions: SessionDeps };

export const SESSION_MESSAGES = {
  notFound: "Session not found",
  ended: "The session is ended: that device is signed out",
  endedThis: "This device is signed out",
  noOthers: "No other device was signed in",
  endedOthers: (n: number) => `Signed out ${n} other ${n === 1 ? "device" : "devices"}`,
} as const;

/** KV deletes only: the index rows are marked by the caller, in one batch with the audit row. */
const kvOnly = (deps: SessionDeps): SessionDeps => ({ ...deps, db: undefined });

type SessionsDeps = Pick<ServiceDeps, "db" | "now"> & { sessions: SessionDeps };
type SessionRow = NonNullable<Awaited<ReturnType<typeof findOwnSessionRow>>>;

/** An account's live sessions (KV is the truth), latest seen first; `inUse` is known live without asking KV. */
export async function liveSessionsOf(userId: string, deps: SessionsDeps, inUse?: string) {
  const rows = await listLiveSessionRows(deps.db, userId, deps.now().toISOString());
  const live = await Promise.all(rows.map((r) => r.hash === inUse || isSessionLive(deps.sessions, r.hash)));
  return rows
    .filter((_, i) => live[i])
    .map((r) => ({
      hash: r.hash,
      view: { id: r.publicId, device: r.device, place: r.place, createdAt: r.createdAt, lastSeenAt: r.lastSeenAt },
    }));
}

/** One live session of the account by its public id; another account's, unknown or ended is the same null. */
export async function liveSessionOf(userId: string, sessionId: string, deps: SessionsDeps) {
  const row = await findOwnSessionRow(deps.db, userId, sessionId);
  return !row || row.revokedAt || !(await isSessionLive(deps.sessions, row.hash)) ? null : row;
}

/**
 * Ends the session: its KV token first, then its index row, the audit row `action` and the removal
 * of the push devices it registered (signed out there, ADR 028) in one batch.
 */
export async function endSession(
  row: SessionRow,
  action: "session.revoke" | "session.admin_revoke",
  after: Record<string, unknown>,
  deps: SessionsDeps & Pick<ServiceDeps, "actor">,
) {
  const { db } = deps;
  await revokeSession(kvOnly(deps.sessions), { hash: row.hash, id: row.userId });
  const at = deps.now().toISOString();
  const devices = await revokeSessionDevices(db, deps.actor, row.userId, { only: row.hash }, "session_ended");
  await db.batch([
    revokeSessionRowStatement(db, row.hash, at),
    auditEntry(
      db,
      deps.actor,
      action,
      "session",
      row.publicId,
      { device: row.device, place: row.place },
      { ...after, revokedAt: at },
    ),
    ...devices,
  ]);
}

/** The caller's live sessions, latest seen first; the one in use is marked `current`. */
export async function listMySessions(
  current: Pick<Session, "hash">,
  deps: MySessionsDeps,
): Promise<Result<{ sessions: SessionView[] }>> {
  const live = await liveSessionsOf(deps.actor.id, deps, current.hash);
  return ok({ sessions: live.map((s) => ({ ...s.view, current: s.hash === current.hash })) });
}

/**
 * Ends one of the caller's sessions by its public id. Another account's id, an unknown one or an
 * ended one is the same 404: nothing tells whether it exists.
 */
export async function revokeMySession(
  input: { sessionId: string },
  current: Pick<Session, "hash">,
  deps: MySessionsDeps,
): Promise<Result<{ message: string; current: boolean }>> {
  const row = await liveSessionOf(deps.actor.id, input.sessionId, deps);
  if (!row) return fail(404, SESSION_MESSAGES.notFound);
  await endSession(row, "session.revoke", {}, deps);
  const isCurrent = row.hash === current.hash;
  return ok({ message: isCurrent ? SESSION_MESSAGES.endedThis : SESSION_MESSAGES.ended, current: isCurrent });
}

/** Ends every session of the caller but the one in use ("sign out all other devices"), with their push devices. */
export async function revokeOtherSessions(
  current: Pick<Session, "hash">,
  deps: MySessionsDeps,
): Promise<Result<{ message: string; ended: number }>> {
  const { db, actor } = deps;
  const ended = await revokeUserSessions(kvOnly(deps.sessions), actor.id, current.hash);
  const at = deps.now().toISOString();
  const devices = await revokeSessionDevices(db, actor, actor.id, { except: current.hash }, "session_ended");
  await db.batch([
    revokeUserSessionRowsStatement(db, actor.id, at, current.hash),
    auditEntry(db, actor, "session.revoke_others", "user", actor.id, null, { sessionsEnded: ended, at }),
    ...devices,
  ]);
  return ok({ message: ended ? SESSION_MESSAGES.endedOthers(ended) : SESSION_MESSAGES.noOthers, ended });
}
