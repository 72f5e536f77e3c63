/**
 * An administrator changes an account's role. Rules (ADR 005 "Who manages whom"):
 * - the actor must manage both the account's role and the new one (an office administrator moves
 *   field and trade accounts among themselves, never into or out of the executive roles);
 * - nobody changes their own role (an administrator cannot demote themselves);
 * - the last active system administrator keeps the role.
 * Role and audit row are one batch; the account's sessions then end (their tokens carry the role).
 */
import { setUserRoleStatement } from "#db/queries/admin";
import { countActiveWithRole, findUserById } from "#db/queries/users";
import { ROLE_LABEL, type Role } from "#worker/auth/roles";
import type { SessionDeps } from "#worker/auth/session";
import { endSessionsOf, MANAGE_MESSAGES, mayManage } from "../auth/manage-users";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";

export const ROLE_MESSAGES = {
  self: "You cannot change your own role",
  lastAdministrator: "The last active system administrator cannot be given another role",
  same: (role: Role) => `This account already has the role ${ROLE_LABEL[role]}`,
} as const;

export type ChangeRoleDeps = Pick<ServiceDeps, "db" | "actor"> & { sessions: SessionDeps };

export async function changeRole(
  input: { userId: string; role: Role },
  deps: ChangeRoleDeps,
): Promise<Result<{ message: string; sessionsEnded: number }>> {
  const { db, actor } = deps;
  if (input.userId === actor.id) return fail(400, ROLE_MESSAGES.self);
  const target = await findUserById(db, input.userId);
  if (!target) return fail(404, MANAGE_MESSAGES.notFound);
  if (!mayManage(actor.role, target.role)) return fail(403, MANAGE_MESSAGES.forbidden(actor.role, target.role));
  if (!mayManage(actor.role, input.role)) return fail(403, MANAGE_MESSAGES.forbidden(actor.role, input.role));
  if (target.role === input.role) return fail(409, ROLE_MESSAGES.same(input.role));
  if (
    target.role === "system_administrator" &&
    target.active &&
    (await countActiveWithRole(db, target.role, target.id)) === 0
  ) {
    return fail(409, ROLE_MESSAGES.lastAdministrator);
  }
  await db.batch([
    setUserRoleStatement(db, target.id, input.role),
    auditEntry(db, actor, "user.change_role", "user", target.id, { role: target.role }, { role: input.role }),
  ]);
  const sessionsEnded = await endSessionsOf(target, "role changed", deps);
  return ok({ message: `The role is now ${ROLE_LABEL[input.role]}`, sessionsEnded });
}
