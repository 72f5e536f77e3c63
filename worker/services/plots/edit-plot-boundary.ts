/**
 * A new boundary for a registered plot (ADR 019). It goes through EVERY check a new
 * plot goes through — the same `preparePlot` as registration (EUDR geometry rules, Liberia's
 * borders, double claims against other farmers' plots) — and is refused with nothing stored when
 * any rule fails. When it passes, in one batch: the old boundary is archived in plot_versions,
 * land_plots takes the new one under the SAME id with version + 1, and the audit row. Then the
 * plot is re-assessed (worker/services/eudr/assess-plots.ts); older verdicts and batch origins
 * keep naming the version they judged. `baseVersion` must be the version the editor saw (409
 * otherwise); `submissionId` makes a resend harmless.
 */
import type { Database } from "#db/client";
import { isUniqueViolation } from "#db/errors";
import { farmerForPlot, type PlotRow, plotById, plotsInBox } from "#db/queries/land-plots";
import { insertPlotVersionStatement, replaceBoundaryStatement, versionBySubmission } from "#db/queries/plot-visits";
import type { Issue, OtherPlot, PlotGeometry } from "#worker/domain/validate-geometry";
import type { WrittenDecimals } from "#worker/domain/written-decimals";
import type { Actor } from "../deps";
import { assessPlots, type PlotVerdict } from "../eudr/assess-plots";
import { auditEntry } from "../platform/audit";
import { type FieldWrite, fail, ok, type Result } from "../result";
import { plotForFieldWork } from "./plot-access";
import { claimSearchBox, preparePlot } from "./register-plot";

export type EditBoundaryInput = FieldWrite & {
  plotId: string;
  geojson: unknown;
  decimals?: WrittenDecimals;
  /** For a Point: the declared area (the current one when absent). */
  declaredAreaHectares?: unknown;
  reason?: string | null;
};

export type EditBoundaryValue = {
  created: boolean;
  plot: PlotRow;
  warnings: Issue[];
  assessment: PlotVerdict | null;
};

export const STALE_EDIT = (version: number) =>
  `This plot was changed since you opened it (it is now at version ${version}). Reload it and make your change again.`;

export async function editPlotBoundary(
  input: EditBoundaryInput,
  deps: { db: Database; actor: Actor; now: () => Date },
): Promise<Result<EditBoundaryValue>> {
  const { db, actor, now } = deps;
  const access = await plotForFieldWork(db, actor, input.plotId, "editPlots");
  if (!access.ok) return access;
  const plot = access.value;
  if (input.submissionId) {
    const done = await versionBySubmission(db, input.submissionId);
    if (done && done.plotId === plot.id) return ok({ created: false, plot, warnings: [], assessment: null });
    if (done) return fail(409, "This submission was already used for another plot");
  }
  if (plot.status !== "active") return fail(409, "This plot is retired: its boundary can no longer be changed");
  if (input.baseVersion !== undefined && input.baseVersion !== plot.version) return fail(409, STALE_EDIT(plot.version));

  const farmer = await farmerForPlot(db, plot.farmerId);
  if (!farmer) return fail(409, `The plot's farmer ${plot.farmerId} is no longer registered`);
  const box = claimSearchBox(input.geojson);
  // Every other plot nearby, never the plot's own current boundary.
  const others: OtherPlot[] = box
    ? (await plotsInBox(db, box))
        .filter((p) => p.id !== plot.id)
        .map((p) => ({ ...p, geometry: JSON.parse(p.geometry) as PlotGeometry }))
    : [];
  const prepared = preparePlot(
    {
      farmerId: plot.farmerId,
      geojson: input.geojson,
      crop: plot.crop ?? "",
      county: plot.declaredCounty,
      declaredAreaHectares:
        input.declaredAreaHectares ?? (plot.geometryType === "Point" ? plot.areaHectares : undefined),
      decimals: input.decimals,
    },
    { farmer, others, plotCode: plot.plotCode, createdBy: plot.createdBy, id: plot.id },
  );
  if (!prepared.ok) return fail(422, "The new boundary is not valid: nothing was changed", prepared.errors);
  const { row, warnings } = prepared;
  const at = now().toISOString();
  const next = {
    geometry: row.geometry,
    geometryType: row.geometryType,
    areaHectares: row.areaHectares,
    minLon: row.minLon,
    minLat: row.minLat,
    maxLon: row.maxLon,
    maxLat: row.maxLat,
    county: row.county,
    validationState: row.validationState,
    validationIssues: row.validationIssues ?? "{}",
    // A plot under review keeps its old rule-set version: the re-check job clears it, with its
    // notices and audit row (ADR 029); otherwise the new boundary passed today's rules.
    rulesetVersion: plot.reviewState ? plot.rulesetVersion : (row.rulesetVersion ?? plot.rulesetVersion),
  };
  try {
    await db.batch([
      insertPlotVersionStatement(db, {
        id: crypto.randomUUID(),
        plotId: plot.id,
        version: plot.version,
        geometry: plot.geometry,
        geometryType: plot.geometryType,
        areaHectares: plot.areaHectares,
        county: plot.county,
        validationIssues: plot.validationIssues,
        validFrom: plot.updatedAt,
        replacedAt: at,
        replacedBy: actor.id,
        reason: input.reason?.trim() || null,
        submissionId: input.submissionId ?? null,
      }),
      replaceBoundaryStatement(db, plot.id, plot.version, next),
      auditEntry(
        db,
        actor,
        "plot.edit_boundary",
        "land_plot",
        plot.id,
        { version: plot.version, geometry: plot.geometry, areaHectares: plot.areaHectares, riskLevel: plot.riskLevel },
        {
          version: plot.version + 1,
          geometry: next.geometry,
          areaHectares: next.areaHectares,
          reason: input.reason ?? null,
        },
      ),
    ]);
  } catch (error) {
    // Another edit of the same version won the race (plot_versions is unique on plot + version).
    if (isUniqueViolation(error, "plot_versions")) {
      const current = await plotById(db, plot.id);
      return fail(409, STALE_EDIT(current?.version ?? plot.version + 1));
    }
    throw error;
  }
  // The old verdict judged the old boundary: judge the new one now (ADR 008).
  const { results } = await assessPlots([plot.id], { db, actor, now });
  return ok({ created: true, plot: (await plotById(db, plot.id))!, warnings, assessment: results[0] ?? null });
}
