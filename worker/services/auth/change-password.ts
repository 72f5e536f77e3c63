import { eq, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { findUserById, logAuthEvent } from "#db/queries/users";
import { auditLog, users } from "#db/schema";
import { AUTH_MESSAGES } from "#worker/auth/messages";
import { createSession, revokeUserSessions, type Session, type SessionDeps, sessionCookie } from "#worker/auth/session";
import { isCommonPassword } from "./common-passwords";
import { hashPassword, verifyPassword } from "./password";

type Input = { currentPassword: string; newPassword: string };
type Result =
  | { ok: true; message: string; token: string; cookie: string; session: Session }
  | { ok: false; status: 400 | 401; message: string; errors?: Record<string, string[]> };

/**
 * Changes the signed-in user's password: the current one must be right, the new one must not
 * be common or the same. Every other session of the user ends; a fresh one replaces this one.
 */
export async function changePassword(
  input: Input,
  session: Session,
  deps: SessionDeps & { db: Database },
): Promise<Result> {
  const user = await findUserById(deps.db, session.id);
  if (!user) return { ok: false, status: 401, message: AUTH_MESSAGES.sessionExpired };
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    const message = "The current password is not correct";
    return { ok: false, status: 400, message, errors: { currentPassword: [message] } };
  }
  if (isCommonPassword(input.newPassword)) {
    return {
      ok: false,
      status: 400,
      message: AUTH_MESSAGES.commonPassword,
      errors: { newPassword: [AUTH_MESSAGES.commonPassword] },
    };
  }
  if (input.newPassword === input.currentPassword) {
    const message = "Choose a password different from the current one";
    return { ok: false, status: 400, message, errors: { newPassword: [message] } };
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.batch([
    deps.db
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
      .where(eq(users.id, user.id)),
    deps.db.insert(auditLog).values({
      actorId: user.id,
      actorRole: user.role,
      action: "password_changed",
      entityType: "user",
      entityId: user.id,
      before: JSON.stringify({ mustChangePassword: user.mustChangePassword }),
      after: JSON.stringify({ mustChangePassword: false }),
    }),
  ]);
  await revokeUserSessions(deps, user.id);
  const fresh = await createSession(deps, {
    id: session.id,
    role: session.role,
    userType: session.userType,
    loginId: session.loginId,
    name: session.name,
    mustChangePassword: false,
  });
  await logAuthEvent(deps.db, { event: "password_changed", userId: user.id, loginId: user.loginId });
  return {
    ok: true,
    message: AUTH_MESSAGES.passwordChanged,
    token: fresh.token,
    cookie: sessionCookie(fresh.token),
    session: fresh,
  };
}
