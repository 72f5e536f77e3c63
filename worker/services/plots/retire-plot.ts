/**
 * Retiring a plot (ADR 019): never a deletion. The plot, its versions, verdicts and the
 * batches it supplied stay; it leaves the verification queue and can no longer supply a new
 * purchase (worker/services/batches/create-batch.ts, purchase-lookup.ts).
 */
import type { Database } from "#db/client";
import { type PlotRow, plotById } from "#db/queries/land-plots";
import { retirePlotStatement } from "#db/queries/plot-visits";
import type { Actor } from "../deps";
import { auditEntry } from "../platform/audit";
import { type FieldWrite, fail, ok, type Result } from "../result";
import { STALE_EDIT } from "./edit-plot-boundary";
import { plotForFieldWork } from "./plot-access";

export type RetirePlotInput = FieldWrite & { plotId: string; reason: string };

export async function retirePlot(
  input: RetirePlotInput,
  deps: { db: Database; actor: Actor; now: () => Date },
): Promise<Result<{ plot: PlotRow }>> {
  const { db, actor, now } = deps;
  const access = await plotForFieldWork(db, actor, input.plotId, "retirePlots");
  if (!access.ok) return access;
  const plot = access.value;
  if (plot.status === "retired") return fail(409, "This plot is already retired");
  if (input.baseVersion !== undefined && input.baseVersion !== plot.version) return fail(409, STALE_EDIT(plot.version));
  const at = now().toISOString();
  await db.batch([
    retirePlotStatement(db, plot.id, { reason: input.reason, at, by: actor.id }),
    auditEntry(
      db,
      actor,
      "plot.retire",
      "land_plot",
      plot.id,
      { status: plot.status },
      { status: "retired", reason: input.reason, retiredAt: at },
    ),
  ]);
  return ok({ plot: (await plotById(db, plot.id))! });
}
