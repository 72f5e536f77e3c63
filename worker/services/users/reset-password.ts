/**
 * An administrator resets an account's password: a new temporary password, shown once,
 * which the person must change at their next sign-in (`must_change_password`, the temporary
 * password flow of farmer logins). Password, audit row and the removal of every push device of the
 * account (ADR 028) are one batch; every session of the account then ends, so whoever held it must
 * sign in with the new password.
 */
import { findUserById, setPasswordStatement } from "#db/queries/users";
import type { SessionDeps } from "#worker/auth/session";
import { endSessionsOf, MANAGE_MESSAGES, mayManage } from "../auth/manage-users";
import { hashPassword } from "../auth/password";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { revokeAccountDevices } from "../push/revoke-devices";
import { generateTemporaryPassword } from "../registry/register-farmer";
import { fail, ok, type Result } from "../result";

export const RESET_MESSAGES = {
  self: "You cannot reset your own password here: use Change password",
} as const;

export type ResetPasswordDeps = Pick<ServiceDeps, "db" | "actor"> & {
  sessions: SessionDeps;
  hash?: (p: string) => Promise<string>;
  newPassword?: () => string;
};

export async function resetPassword(
  input: { userId: string },
  deps: ResetPasswordDeps,
): Promise<Result<{ loginId: string; temporaryPassword: string; sessionsEnded: number }>> {
  const { db, actor } = deps;
  if (input.userId === actor.id) return fail(400, RESET_MESSAGES.self);
  const target = await findUserById(db, input.userId);
  if (!target) return fail(404, MANAGE_MESSAGES.notFound);
  if (!mayManage(actor.role, target.role)) return fail(403, MANAGE_MESSAGES.forbidden(actor.role, target.role));
  const temporaryPassword = (deps.newPassword ?? generateTemporaryPassword)();
  const passwordHash = await (deps.hash ?? hashPassword)(temporaryPassword);
  await db.batch([
    setPasswordStatement(db, target.id, passwordHash, true),
    auditEntry(
      db,
      actor,
      "user.reset_password",
      "user",
      target.id,
      { mustChangePassword: target.mustChangePassword },
      { mustChangePassword: true },
    ),
    ...(await revokeAccountDevices(db, actor, target.id, "password_reset")),
  ]);
  const sessionsEnded = await endSessionsOf(target, "password reset", deps);
  return ok({ loginId: target.loginId, temporaryPassword, sessionsEnded });
}
