/**
 * Who may work on which plot in the field (ADR 005 "Land inspection"): the permission, then the
 * assignment. A land inspector or field agent whose account names a county works on the plots
 * that lie in that county (land_plots.county, from the boundary data); one without a county, and
 * office staff, work nationwide. Checked here, inside every service, never from the URL alone.
 */
import type { Database } from "#db/client";
import { type PlotRow, plotById } from "#db/queries/land-plots";
import { countyOfUser, type QueueScope } from "#db/queries/plot-visits";
import { can, type Permission } from "#worker/auth/permissions";
import type { Role } from "#worker/auth/roles";
import type { Actor } from "../deps";
import { fail, ok, type Result } from "../result";

/** Roles whose work is assigned by county. */
const COUNTY_SCOPED: readonly Role[] = ["land_inspector", "field_agent"];

/** The plots an actor is assigned: one county, or all (county null). */
export async function fieldScope(db: Database, actor: Actor): Promise<QueueScope> {
  if (!COUNTY_SCOPED.includes(actor.role)) return { county: null };
  return { county: await countyOfUser(db, actor.id) };
}

export const NOT_ASSIGNED = (county: string) =>
  `This plot is not in your assigned county (${county}): it is another inspector's to visit`;

/** The plot, when the actor holds `permission` and the plot is theirs to work on. */
export async function plotForFieldWork(
  db: Database,
  actor: Actor,
  plotId: string,
  permission: Permission,
): Promise<Result<PlotRow>> {
  if (!can(actor.role, permission)) return fail(403, "Your role cannot do this");
  const plot = await plotById(db, plotId);
  if (!plot) return fail(404, "No land plot with this ID");
  const scope = await fieldScope(db, actor);
  if (scope.county && plot.county !== scope.county) return fail(403, NOT_ASSIGNED(scope.county));
  return ok(plot);
}
