/**
 * Another account's sessions, for the system administrator (issue 12, /agritrace-admin-portal):
 * list them from the D1 index and end one. The ending is the one /profile/sessions uses
 * (worker/auth/session.ts `revokeSession`: the KV token first, so it is refused even if the index
 * write fails), then the index row and the audit row in one batch.
 */
import { findOwnSessionRow, listLiveSessionRows, revokeSessionRowStatement } from "#db/queries/sessions";
import { findUserById } from "#db/queries/users";
import { isSessionLive, revokeSession, type SessionDeps } from "#worker/auth/session";
import { MANAGE_MESSAGES } from "../auth/manage-users";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { SESSION_MESSAGES, type SessionView } from "../profile/sessions";
import { fail, ok, type Result } from "../result";

export type UserSessionsDeps = Pick<ServiceDeps, "db" | "actor" | "now"> & { sessions: SessionDeps };

export const ADMIN_ONLY = "Only the AgriTrace System Administrator can see or end another account's sessions";

export async function listUserSessions(
  input: { userId: string },
  deps: UserSessionsDeps,
): Promise<Result<{ sessions: Omit<SessionView, "current">[] }>> {
  if (deps.actor.role !== "system_administrator") return fail(403, ADMIN_ONLY);
  const target = await findUserById(deps.db, input.userId);
  if (!target) return fail(404, MANAGE_MESSAGES.notFound);
  const rows = await listLiveSessionRows(deps.db, target.id, deps.now().toISOString());
  const live = await Promise.all(rows.map((r) => isSessionLive(deps.sessions, r.hash)));
  return ok({
    sessions: rows
      .filter((_, i) => live[i])
      .map((r) => ({
        id: r.publicId,
        device: r.device,
        place: r.place,
        createdAt: r.createdAt,
        lastSeenAt: r.lastSeenAt,
      })),
  });
}

/** Ends one session of the account; a session of another account, unknown or ended is the same 404. */
export async function revokeUserSession(
  input: { userId: string; sessionId: string },
  deps: UserSessionsDeps,
): Promise<Result<{ message: string }>> {
  const { db, actor } = deps;
  if (actor.role !== "system_administrator") return fail(403, ADMIN_ONLY);
  const row = await findOwnSessionRow(db, input.userId, input.sessionId);
  if (!row || row.revokedAt || !(await isSessionLive(deps.sessions, row.hash))) {
    return fail(404, SESSION_MESSAGES.notFound);
  }
  await revokeSession({ ...deps.sessions, db: undefined }, { hash: row.hash, id: row.userId });
  const at = deps.now().toISOString();
  await db.batch([
    revokeSessionRowStatement(db, row.hash, at),
    auditEntry(
      db,
      actor,
      "session.admin_revoke",
      "session",
      row.publicId,
      { device: row.device, place: row.place },
      { userId: row.userId, revokedAt: at },
    ),
  ]);
  return ok({ message: SESSION_MESSAGES.ended });
}
