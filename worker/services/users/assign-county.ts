/**
 * Assigns an inspector's (or field agent's) county (/inspector-management). The county
 * on the account is the assignment land inspectors and field agents already work by
 * (worker/services/plots/plot-access.ts: one county, or all when none). Change and audit row are
 * one batch.
 */
import { setUserCountyStatement } from "#db/queries/admin";
import { findUserById } from "#db/queries/users";
import { INSPECTORS, type Role } from "#worker/auth/roles";
import { MANAGE_MESSAGES, mayManage } from "../auth/manage-users";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";

export const COUNTY_SCOPED_ROLES: readonly Role[] = [...INSPECTORS, "field_agent"];
export const COUNTY_MESSAGES = {
  notInspector: "Only inspectors and field agents are assigned a county",
  same: (county: string) => `This account is already assigned to ${county}`,
} as const;

export async function assignCounty(
  input: { userId: string; county: string },
  deps: Pick<ServiceDeps, "db" | "actor">,
): Promise<Result<{ message: string }>> {
  const { db, actor } = deps;
  const target = await findUserById(db, input.userId);
  if (!target) return fail(404, MANAGE_MESSAGES.notFound);
  if (!mayManage(actor.role, target.role)) return fail(403, MANAGE_MESSAGES.forbidden(actor.role, target.role));
  if (!COUNTY_SCOPED_ROLES.includes(target.role as Role)) return fail(409, COUNTY_MESSAGES.notInspector);
  if (target.county === input.county) return fail(409, COUNTY_MESSAGES.same(input.county));
  await db.batch([
    setUserCountyStatement(db, target.id, input.county),
    auditEntry(db, actor, "user.assign_county", "user", target.id, { county: target.county }, { county: input.county }),
  ]);
  return ok({ message: `Assigned to ${input.county}` });
}
