import { can } from "#worker/auth/permissions";
import { isRole } from "#worker/auth/roles";
import type { AuditActor } from "../deps";
import { type Failure, fail } from "../result";

/** Price entry belongs to regulator staff (`managePrices`, ADR 005); checked in every write, not only by the route. */
export function refuseUnlessPriceStaff(actor: AuditActor): Failure | null {
  if (isRole(actor.role) && can(actor.role, "managePrices")) return null;
  return fail(403, "Only regulator staff may enter world prices, exchange rates and farm-gate formulas");
}
