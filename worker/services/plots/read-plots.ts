/**
 * The registry's reads of land plots for /api/plots: a filtered page of plots, and one plot with
 * its risk verdicts and the batches bought from it. A stored plot is shown with its geometry and
 * issues as JSON and its idempotency key named `submissionId` (`plotView`).
 */
import type { Database } from "#db/client";
import {
  assessmentsOfPlot,
  batchesOfPlot,
  listPlots,
  type PlotFilter,
  type PlotRow,
  plotWithFarmer,
} from "#db/queries/land-plots";
import type { PlotGeometry } from "#worker/domain/validate-geometry";
import { fail, ok } from "../result";

/** A stored plot as the API shows it: geometry and issues as JSON, the submission id named so. */
export function plotView({ importKey, geometry, validationIssues, ...plot }: PlotRow & { farmerName?: string | null }) {
  return {
    ...plot,
    submissionId: importKey,
    geometry: JSON.parse(geometry) as PlotGeometry,
    validationIssues: JSON.parse(validationIssues) as unknown,
  };
}

/** One page of plots, newest first, with the farmer's name and the total for the filter. */
export function listLandPlots(input: { filter: PlotFilter; page: number; pageSize: number }, deps: { db: Database }) {
  return listPlots(deps.db, input.filter, input.page, input.pageSize);
}

/** A plot with its verdicts (evidence and reasons as JSON) and the batches bought from it. */
export async function readLandPlot(id: string, deps: { db: Database }) {
  const { db } = deps;
  const plot = await plotWithFarmer(db, id);
  if (!plot) return fail(404, "No land plot with this ID");
  const [assessments, batches] = await Promise.all([assessmentsOfPlot(db, plot.id), batchesOfPlot(db, plot.id)]);
  return ok({
    plot: plotView(plot),
    assessments: assessments.map((a) => ({
      ...a,
      evidence: JSON.parse(a.evidence) as unknown,
      reasons: JSON.parse(a.reasons) as unknown,
    })),
    batches,
  });
}
