/**
 * Signing out (the /logout form and POST /api/auth/logout): the push devices this session
 * registered are removed first, audited, so the next person on a shared phone gets none of this
 * account's notices (ADR 028); then the session ends (its token is refused from now on). If D1
 * refuses the removal, nothing has changed and signing out again retries it.
 */
import type { Database } from "#db/client";
import { revokeSession, type Session, type SessionDeps } from "#worker/auth/session";
import { revokeSessionDevices, runInBatch } from "../push/revoke-devices";

export async function signOut(session: Pick<Session, "id" | "role" | "hash">, deps: SessionDeps & { db: Database }) {
  const actor = { id: session.id, role: session.role };
  await runInBatch(deps.db, await revokeSessionDevices(deps.db, actor, session.id, { only: session.hash }, "sign_out"));
  await revokeSession(deps, session);
}
