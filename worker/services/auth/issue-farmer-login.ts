import { isUniqueViolation } from "#db/errors";
import { findFarmer, insertFarmerAccountStatement, setFarmerUserStatement } from "#db/queries/farmers";
import type { AuditActor, ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { generateTemporaryPassword } from "../registry/register-farmer";
import { fail, ok, type Result } from "../result";
import { hashPassword } from "./password";

export type IssuedLogin = { farmerId: string; temporaryPassword: string };

/**
 * Gives a registered farmer without a login (e.g. one from a bulk import, ADR 009) their
 * sign-in account: login ID = farmer ID, a temporary password shown once to the inspector, and a
 * forced change at first sign-in. Account, link and audit rows are one batch.
 */
export async function issueFarmerLogin(
  farmerId: string,
  deps: Pick<ServiceDeps, "db"> & {
    actor: AuditActor;
    hash?: (p: string) => Promise<string>;
    newPassword?: () => string;
  },
): Promise<Result<IssuedLogin>> {
  const found = await findFarmer(deps.db, farmerId);
  if (!found) return fail(404, `No farmer with ID ${farmerId}`);
  const { farmer } = found;
  if (farmer.userId) return fail(409, `Farmer ${farmerId} already has a login`);
  const temporaryPassword = (deps.newPassword ?? generateTemporaryPassword)();
  const userId = crypto.randomUUID();
  const passwordHash = await (deps.hash ?? hashPassword)(temporaryPassword);
  try {
    await deps.db.batch([
      insertFarmerAccountStatement(deps.db, {
        id: userId,
        farmerId,
        firstName: farmer.firstName,
        lastName: farmer.lastName,
        county: farmer.county,
        phone: farmer.phone,
        passwordHash,
      }),
      setFarmerUserStatement(deps.db, farmerId, userId),
      auditEntry(deps.db, deps.actor, "user.create", "user", userId, null, {
        loginId: farmerId,
        role: "farmer",
        mustChangePassword: true,
      }),
      auditEntry(deps.db, deps.actor, "farmer.issue_login", "farmer", farmerId, { userId: null }, { userId }),
    ]);
  } catch (error) {
    // Two inspectors pressed the button at once: the login ID is unique, the first one won.
    if (isUniqueViolation(error)) {
      return fail(409, `Farmer ${farmerId} already has a login`);
    }
    throw error;
  }
  return ok({ farmerId, temporaryPassword });
}
