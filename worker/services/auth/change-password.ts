import type { Database } from "#db/client";
import { findUserById, logAuthEvent, setPasswordStatement } from "#db/queries/users";
import { AUTH_MESSAGES } from "#worker/auth/messages";
import { createSession, revokeUserSessions, type Session, type SessionDeps, sessionCookie } from "#worker/auth/session";
import { auditEntry } from "../platform/audit";
import { revokeAccountDevices } from "../push/revoke-devices";
import type { Failure, FieldErrors } from "../result";
import { isCommonPassword } from "./common-passwords";
import { hashPassword, verifyPassword } from "./password";

type Input = { currentPassword: string; newPassword: string };
/** Success stays flat (worker/api/auth.ts reads it so); a refusal is a `Failure` with field messages. */
type Changed =
  | { ok: true; message: string; token: string; cookie: string; session: Session }
  | (Failure & { status: 400 | 401; errors?: FieldErrors });

/**
 * Changes the signed-in user's password: the current one must be right, the new one must not
 * be common or the same. Every other session of the user ends; a fresh one replaces this one; every
 * push device of the account is removed in the same batch.
 */
export async function changePassword(
  input: Input,
  session: Session,
  deps: SessionDeps & { db: Database },
): Promise<Changed> {
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
  // Every push device goes with the old password (ADR 028): the person subscribes again where wanted.
  const devices = await revokeAccountDevices(deps.db, user, user.id, "password_changed");
  await deps.db.batch([
    setPasswordStatement(deps.db, user.id, passwordHash, false),
    auditEntry(
      deps.db,
      user,
      "user.change_password",
      "user",
      user.id,
      { mustChangePassword: user.mustChangePassword },
      { mustChangePassword: false },
    ),
    ...devices,
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
