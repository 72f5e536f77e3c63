import { data } from "react-router";
import { assessmentsOfPlot, auditOfPlot, batchesOfPlot, plotWithFarmer } from "#db/queries/land-plots";
import { versionsOfPlot, visitsOfPlot } from "#db/queries/plot-visits";
import { can } from "#worker/auth/permissions";
import { EUDR_CHECKS, PLOT_TITLES, type PlotCheck, QUALITY_CHECKS } from "#worker/content/land-plots";
import { evidenceSummary, reasonsOf } from "#worker/domain/assessment-evidence";
import type { Issue, PlotGeometry, Position } from "#worker/domain/validate-geometry";
import { VISIT_DECISION_LABEL, type VisitDecision } from "#worker/domain/visit-queue";
import { fieldScope } from "#worker/services/plots/plot-access";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { notFound, shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/land-plot-details";

export type CheckState = "passed" | "failed" | "warning" | "not applicable" | "not confirmed";

/**
 * Each rule's outcome for a stored plot. Invalid geometry is never stored as valid, so a valid
 * plot has passed every EUDR rule; quality findings are warnings kept with the plot.
 */
function checkStates(
  checks: PlotCheck[],
  type: string,
  stored: { errors: Issue[]; warnings: Issue[] },
  valid: boolean,
) {
  const kind = type === "Point" ? "point" : "polygon";
  return checks.map((c) => {
    const found = [...stored.errors, ...stored.warnings].filter((i) => i.rule === c.rule);
    let state: CheckState;
    if (c.applies !== "all" && c.applies !== kind) state = "not applicable";
    else if (stored.errors.some((i) => i.rule === c.rule)) state = "failed";
    else if (stored.warnings.some((i) => i.rule === c.rule)) state = "warning";
    else state = valid ? "passed" : "not confirmed";
    return { rule: c.rule, label: c.label, state, messages: found.map((i) => i.message) };
  });
}

/** The vertices of each ring without the closing repeat (the point itself for a Point). */
function verticesOf(geometry: PlotGeometry): { ring: string; positions: Position[] }[] {
  if (geometry.type === "Point") return [{ ring: "Point", positions: [geometry.coordinates] }];
  const polygons = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
  return polygons.flatMap((rings, p) =>
    rings.map((ring, r) => ({
      ring: `${polygons.length > 1 ? `Polygon ${p + 1}, ` : ""}${r === 0 ? "boundary" : `hole ${r}`}`,
      positions: ring.slice(0, -1),
    })),
  );
}

function changedFields(before: string | null, after: string | null): string[] {
  const parse = (t: string | null) => {
    try {
      return t ? (JSON.parse(t) as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const a = parse(before);
  const b = parse(after);
  if (!before) return [];
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]) && k !== "updatedAt",
  );
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireRole(request, "readRegistry", PLOT_TITLES.details);
  const { db } = pageDeps();
  const plot = await plotWithFarmer(db, params.id);
  if (!plot) notFound("No land plot with this ID", { href: "/land-plots-list", label: "Back to the land plots" });
  const [assessments, batches, audit, visits, versions, scope] = await Promise.all([
    assessmentsOfPlot(db, plot.id),
    batchesOfPlot(db, plot.id),
    auditOfPlot(db, plot.id),
    visitsOfPlot(db, plot.id),
    versionsOfPlot(db, plot.id),
    fieldScope(db, session),
  ]);
  // The field pages (visit, edit) open only for a plot in the person's assigned county: offer them only then.
  const inScope = scope.county === null || scope.county === plot.county;
  // An older verdict judged an older boundary: show that outline next to it (ADR 019).
  const oldGeometry = new Map(versions.map((v) => [v.version, JSON.parse(v.geometry) as PlotGeometry]));
  const geometry = JSON.parse(plot.geometry) as PlotGeometry;
  const issues = JSON.parse(plot.validationIssues || "{}") as { errors?: Issue[]; warnings?: Issue[] };
  const stored = { errors: issues.errors ?? [], warnings: issues.warnings ?? [] };
  const valid = plot.validationState === "valid";
  const { geometry: _g, validationIssues: _v, importKey: _k, ...fields } = plot;
  return data(
    {
      user: await shellUser(session),
      canEdit: can(session.role, "editPlots"),
      plot: fields,
      geometry,
      vertices: verticesOf(geometry),
      eudrChecks: checkStates(EUDR_CHECKS, geometry.type, stored, valid),
      qualityChecks: checkStates(QUALITY_CHECKS, geometry.type, stored, valid),
      warnings: stored.warnings,
      assessments: assessments.map((a) => ({
        id: a.id,
        verdict: a.verdict,
        assessedAt: a.assessedAt,
        evidence: evidenceSummary(a.evidence),
        reasons: reasonsOf(a.reasons),
        plotVersion: a.plotVersion,
        judgedGeometry: a.plotVersion === plot.version ? null : (oldGeometry.get(a.plotVersion) ?? null),
      })),
      visits: visits.map((v) => ({
        id: v.id,
        visitedOn: v.visitedOn,
        decision: VISIT_DECISION_LABEL[v.decision as VisitDecision] ?? v.decision,
        findings: v.findings,
        latitude: v.latitude,
        longitude: v.longitude,
        plotVersion: v.plotVersion,
        inspectorName: v.inspectorName,
        photos: (JSON.parse(v.photoKeys) as string[]).length,
      })),
      versions: versions.map((v) => ({
        version: v.version,
        areaHectares: v.areaHectares,
        replacedAt: v.replacedAt,
        reason: v.reason,
        geometry: oldGeometry.get(v.version)!,
      })),
      canVisit: can(session.role, "recordVisits") && plot.status === "active" && inScope,
      canEditBoundary: can(session.role, "editPlots") && plot.status === "active" && inScope,
      canReadBatches: can(session.role, "readBatches"),
      batches,
      audit: audit.map((e) => ({
        id: e.id,
        action: e.action,
        actorName: e.actorName,
        actorRole: e.actorRole,
        createdAt: e.createdAt,
        changed: changedFields(e.before, e.after),
      })),
      created: new URL(request.url).searchParams.get("created"),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}
