/**
 * An account created by an administrator (/agritrace-admin-portal, the management pages
 * and POST /api/users), with the rules of `npm run user:create` (worker/contracts/users.ts). Who may
 * create which role is the hierarchy of worker/services/auth/manage-users.ts (ADR 005 "Who manages
 * whom"). The account gets a temporary password, shown once to the administrator and changed at
 * first sign-in (the flow farmers' logins already use). Account and audit row are one batch.
 */
import { isUniqueViolation } from "#db/errors";
import { insertAccountStatement } from "#db/queries/admin";
import { findUserByLoginId, normalizeLoginId } from "#db/queries/users";
import { canonicalLoginId, type UserCreateInput } from "#worker/contracts/users";
import { MANAGE_MESSAGES, mayManage } from "../auth/manage-users";
import { hashPassword } from "../auth/password";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { generateTemporaryPassword } from "../registry/register-farmer";
import { fail, ok, type Result } from "../result";

export type CreatedUser = { userId: string; loginId: string; role: string; temporaryPassword: string };
export type CreateUserDeps = Pick<ServiceDeps, "db" | "actor"> & {
  hash?: (p: string) => Promise<string>;
  newPassword?: () => string;
};

export const taken = (loginId: string) => `An account with login ID ${loginId} already exists`;

export async function createUser(input: UserCreateInput, deps: CreateUserDeps): Promise<Result<CreatedUser>> {
  const { db, actor } = deps;
  if (!mayManage(actor.role, input.role)) return fail(403, MANAGE_MESSAGES.forbidden(actor.role, input.role));
  const loginId = canonicalLoginId(input.role, input.loginId);
  if (await findUserByLoginId(db, loginId)) return fail(409, taken(loginId), { loginId: [taken(loginId)] });
  const temporaryPassword = (deps.newPassword ?? generateTemporaryPassword)();
  const hash = deps.hash ?? hashPassword;
  const [passwordHash, accessCodeHash] = await Promise.all([
    hash(temporaryPassword),
    input.accessCode ? hash(input.accessCode) : Promise.resolve(undefined),
  ]);
  const userId = crypto.randomUUID();
  const record = {
    loginId,
    role: input.role,
    firstName: input.firstName ?? "",
    lastName: input.lastName ?? "",
    county: input.county ?? null,
    phone: input.phone ?? null,
    companyName: input.companyName ?? null,
    organizationName: input.organizationName ?? null,
    department: input.department ?? null,
    entityType: input.entityType ?? null,
  };
  try {
    await db.batch([
      insertAccountStatement(db, {
        id: userId,
        ...record,
        loginIdNormalized: normalizeLoginId(loginId),
        passwordHash,
        accessCodeHash: accessCodeHash ?? null,
        active: true,
        mustChangePassword: true,
        isDemo: false,
      }),
      auditEntry(db, actor, "user.create", "user", userId, null, {
        ...record,
        active: true,
        mustChangePassword: true,
        createdBy: actor.role,
      }),
    ]);
  } catch (error) {
    // Two administrators created the same login ID at once: the unique index decided.
    if (isUniqueViolation(error)) return fail(409, taken(loginId), { loginId: [taken(loginId)] });
    throw error;
  }
  return ok({ userId, loginId, role: input.role, temporaryPassword });
}
