/**
 * Another account's sessions, for the system administrator (/agritrace-admin-portal):
 * list them from the D1 index and end one. The ending is the one /profile/sessions uses
 * (worker/auth/session.ts `revokeSession`: the KV token first, so it is refused even if the index
 * write fails), then the index row and the audit row in one batch.
 */
import { findUserById } from "#db/queries/users";
import type { SessionDeps } from "#worker/auth/session";
import { MANAGE_MESSAGES } from "../auth/manage-users";
import type { ServiceDeps } from "../deps";
import { endSession, liveSessionOf, liveSessionsOf, SESSION_MESSAGES, type SessionView } from "../profile/sessions";
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
  return ok({ sessions: (await liveSessionsOf(target.id, deps)).map((s) => s.view) });
}

/** Ends one session of the account; a session of another account, unknown or ended is the same 404. */
export async function revokeUserSession(
  input: { userId: string; sessionId: string },
  deps: UserSessionsDeps,
): Promise<Result<{ message: string }>> {
  if (deps.actor.role !== "system_administrator") return fail(403, ADMIN_ONLY);
  const row = await liveSessionOf(input.userId, input.sessionId, deps);
  if (!row) return fail(404, SESSION_MESSAGES.notFound);
  await endSession(row, "session.admin_revoke", { userId: row.userId }, deps);
  return ok({ message: SESSION_MESSAGES.ended });
}
