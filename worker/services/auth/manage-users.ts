/**
 * Account administration: who may switch whose account off and on again.
 * The hierarchy is docs/decisions/005-role-access.md "Who manages whom":
 * - the system administrator manages every account, but the last active system administrator
 *   can never be deactivated;
 * - an office administrator manages field and trade accounts and observers, never executives
 *   or administrators;
 * - nobody deactivates their own account.
 * The change and its audit row are one batch (deactivation: with the removal of every push device
 * of the account, ADR 028); deactivation then ends the account's sessions.
 */
import { countActiveWithRole, findUserById, logAuthEvent, setUserActiveStatement } from "#db/queries/users";
import { EXECUTIVES, isRole, ROLE_LABEL, ROLES, type Role } from "#worker/auth/roles";
import { revokeUserSessions, type SessionDeps } from "#worker/auth/session";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { revokeAccountDevices } from "../push/revoke-devices";
import { fail, ok, type Result } from "../result";

/** Executives and administrators: managed by the system administrator only. */
export const SYSTEM_MANAGED_ONLY = [
  ...EXECUTIVES,
  "office_admin",
  "system_administrator",
] as const satisfies readonly Role[];

/** Field and trade accounts, and the oversight observers: what an office administrator manages. */
export const OFFICE_MANAGED: readonly Role[] = ROLES.filter(
  (r) => !(SYSTEM_MANAGED_ONLY as readonly Role[]).includes(r),
);

/** Who may manage (deactivate, reactivate) accounts of which roles. */
export const MANAGES: Partial<Record<Role, readonly Role[]>> = {
  system_administrator: ROLES,
  office_admin: OFFICE_MANAGED,
};

export function mayManage(actor: Role, target: string): boolean {
  return isRole(target) && (MANAGES[actor] ?? []).includes(target);
}

export const MANAGE_MESSAGES = {
  notFound: "User not found",
  self: "You cannot deactivate your own account",
  lastAdministrator: "The last active system administrator cannot be deactivated",
  alreadyInactive: "This account is already deactivated",
  alreadyActive: "This account is already active",
  forbidden: (actor: Role, target: string) =>
    `An ${ROLE_LABEL[actor]} cannot manage ${isRole(target) ? ROLE_LABEL[target] : target} accounts`,
} as const;

export type ManageUsersDeps = Pick<ServiceDeps, "db" | "actor"> & { sessions: SessionDeps };
export type ManageUserInput = { userId: string };

/**
 * Ends every session of the account after a change its tokens must not outlive (deactivation,
 * a new role, a reset password), logged as the auth event "sessions_revoked" with `why`.
 */
export async function endSessionsOf(target: { id: string; loginId: string }, why: string, deps: ManageUsersDeps) {
  const sessionsEnded = await revokeUserSessions(deps.sessions, target.id);
  await logAuthEvent(deps.db, {
    event: "sessions_revoked",
    userId: target.id,
    loginId: target.loginId,
    detail: `${why} by ${deps.actor.role} ${deps.actor.id}`,
  });
  return sessionsEnded;
}

/** The target, if the actor may manage it; the refusal otherwise. */
async function managedTarget(input: ManageUserInput, deps: ManageUsersDeps) {
  const target = await findUserById(deps.db, input.userId);
  if (!target) return fail(404, MANAGE_MESSAGES.notFound);
  if (!mayManage(deps.actor.role, target.role))
    return fail(403, MANAGE_MESSAGES.forbidden(deps.actor.role, target.role));
  return ok(target);
}

/** Deactivates an account (audited `user.deactivate`), removes its push devices and ends all its sessions. */
export async function deactivateUser(
  input: ManageUserInput,
  deps: ManageUsersDeps,
): Promise<Result<{ message: string; sessionsEnded: number }>> {
  const { db, actor } = deps;
  if (input.userId === actor.id) return fail(400, MANAGE_MESSAGES.self);
  const found = await managedTarget(input, deps);
  if (!found.ok) return found;
  const target = found.value;
  if (!target.active) return fail(409, MANAGE_MESSAGES.alreadyInactive);
  if (target.role === "system_administrator" && (await countActiveWithRole(db, target.role, target.id)) === 0) {
    return fail(409, MANAGE_MESSAGES.lastAdministrator);
  }
  await db.batch([
    setUserActiveStatement(db, target.id, false),
    auditEntry(db, actor, "user.deactivate", "user", target.id, { active: true }, { active: false }),
    ...(await revokeAccountDevices(db, actor, target.id, "deactivated")),
  ]);
  const sessionsEnded = await endSessionsOf(target, "deactivated", deps);
  return ok({ message: "User deactivated", sessionsEnded });
}

/** Lets a deactivated account sign in again (audited `user.reactivate`). */
export async function reactivateUser(
  input: ManageUserInput,
  deps: ManageUsersDeps,
): Promise<Result<{ message: string }>> {
  const found = await managedTarget(input, deps);
  if (!found.ok) return found;
  const target = found.value;
  if (target.active) return fail(409, MANAGE_MESSAGES.alreadyActive);
  await deps.db.batch([
    setUserActiveStatement(deps.db, target.id, true),
    auditEntry(deps.db, deps.actor, "user.reactivate", "user", target.id, { active: false }, { active: true }),
  ]);
  return ok({ message: "User reactivated" });
}
