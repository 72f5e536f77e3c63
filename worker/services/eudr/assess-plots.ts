/**
 * Deforestation risk of stored plots against the active reference layers (docs/eudr-rules.md
 * "convergence of evidence", ADR 008). The verdict itself is worker/domain/assess-risk.ts;
 * this service feeds it real data and stores each verdict with its evidence:
 * plot_assessments (history), land_plots.riskLevel/assessedAt (latest) and an audit row,
 * all in one batch per chunk of plots.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/client";
import {
  insertAssessmentStatements,
  type NewPlotAssessment,
  type PlotForAssessment,
  plotsWithCandidateFeatures,
  updatePlotRiskStatement,
} from "#db/queries/plot-assessments";
import { farmerAccountsOf } from "#db/queries/plot-visits";
import { activeLayersWithExtent, type CandidateFeature, runBatch } from "#db/queries/reference-layers";
import {
  type AreaGeometry,
  assessPlotRisk,
  type Evidence,
  type LayerKind,
  type ReferenceLayer,
  type Verdict,
} from "#worker/domain/assess-risk";
import { verdictRulesetVersion } from "#worker/domain/ruleset";
import type { PlotGeometry } from "#worker/domain/validate-geometry";
import type { AuditActor } from "../deps";
import { notifyStatement } from "../notifications/notify";
import { auditEntry } from "../platform/audit";

/** Evidence as stored: the layer's data date and sample flag travel with the verdict. */
export type StoredEvidence = Evidence & { sourceDate: string; sample: boolean };
export type PlotVerdict = {
  assessmentId: string;
  plotId: string;
  plotCode: string;
  verdict: Verdict;
  reasons: string[];
  evidence: StoredEvidence[];
  assessedAt: string;
  validationState: string;
};
export type ActiveLayer = Awaited<ReturnType<typeof activeLayersWithExtent>>[number];

export type AssessPlotsDeps = {
  db: Database;
  actor: AuditActor | null;
  jobId?: string | null;
  now?: () => Date;
  /** Extra statements for each chunk's write batch (a job advances its cursor atomically with the verdicts). */
  afterChunk?: (chunk: PlotVerdict[]) => BatchItem<"sqlite">[];
  /** Active layers, when the caller already loaded them (a job slice reads them once). */
  layers?: ActiveLayer[];
};

/** Plots per read + write round trip: 50 plots ≈ 150 statements in one D1 batch. */
export const ASSESS_CHUNK = 50;

const touches = (f: CandidateFeature, p: PlotForAssessment) =>
  f.minLon <= p.maxLon && f.maxLon >= p.minLon && f.minLat <= p.maxLat && f.maxLat >= p.minLat;

function validationSummary(raw: string): string {
  try {
    const issues = JSON.parse(raw) as { errors?: { message?: string }[] } | { message?: string }[];
    const list = Array.isArray(issues) ? issues : (issues.errors ?? []);
    const messages = list.map((e) => e?.message).filter((m): m is string => typeof m === "string");
    return messages.length ? `: ${messages.slice(0, 3).join("; ")}` : "";
  } catch {
    return "";
  }
}

/**
 * One plot's verdict. A plot whose geometry failed validation is never "low": its shape cannot
 * be trusted to show where it is, so a low result becomes "more information needed"; a high one
 * (e.g. inside a protected area) stays high.
 */
export function verdictForPlot(
  plot: PlotForAssessment,
  layers: ActiveLayer[],
  candidatesByLayer: Map<string, CandidateFeature[]>,
  parse: (f: CandidateFeature) => AreaGeometry,
): { verdict: Verdict; reasons: string[]; evidence: StoredEvidence[] } {
  let geometry: PlotGeometry;
  try {
    geometry = JSON.parse(plot.geometry) as PlotGeometry;
  } catch {
    return {
      verdict: "more_information_needed",
      reasons: ["The plot's stored geometry cannot be read: redraw the plot before it can be assessed."],
      evidence: [],
    };
  }
  const meta = new Map(layers.map((l) => [l.id, l]));
  const reference: ReferenceLayer[] = layers.map((l) => ({
    id: l.id,
    name: l.name,
    kind: l.kind as LayerKind,
    version: l.version,
    source: l.source,
    extent: [l.minLon, l.minLat, l.maxLon, l.maxLat],
    features: (candidatesByLayer.get(l.id) ?? []).filter((f) => touches(f, plot)).map(parse),
  }));
  let result: ReturnType<typeof assessPlotRisk>;
  try {
    result = assessPlotRisk(geometry, reference);
  } catch (error) {
    return {
      verdict: "more_information_needed",
      reasons: [
        `The plot could not be intersected with the layers (${error instanceof Error ? error.message : String(error)}): check its geometry.`,
      ],
      evidence: [],
    };
  }
  const evidence: StoredEvidence[] = result.evidence.map((e) => ({
    ...e,
    sourceDate: meta.get(e.layerId)?.sourceDate ?? "",
    sample: Boolean(meta.get(e.layerId)?.sample),
  }));
  let { verdict } = result;
  const reasons = [...result.reasons];
  if (plot.validationState !== "valid") {
    reasons.unshift(
      `The plot's geometry is not valid${validationSummary(plot.validationIssues)} — it cannot be cleared as low risk until it is corrected.`,
    );
    if (verdict === "low") verdict = "more_information_needed";
  }
  if (evidence.some((e) => e.sample)) {
    reasons.push(
      "Some evidence comes from SAMPLE layers (not authoritative): use this verdict for demonstration only.",
    );
  }
  return { verdict, reasons, evidence };
}

/** Parses layer features once each, however many plots they touch. */
export function featureParser() {
  const parsed = new Map<number, AreaGeometry>();
  return (f: CandidateFeature) => {
    let g = parsed.get(f.id);
    if (!g) {
      g = JSON.parse(f.geometry) as AreaGeometry;
      parsed.set(f.id, g);
    }
    return g;
  };
}

/**
 * The verdicts of a chunk of plots (read with their candidate features) and what stores them,
 * NOT yet written: the verdict rows (plot_assessments, with the rule-set version), and the
 * statements for the latest risk level, the `plot.assess` audit rows and the farmer's
 * "found high risk" notice. assessPlots writes them in its batch; the re-check job (ADR 029)
 * writes them in the batch of its slice.
 */
export async function assessmentStatements(
  db: Database,
  input: { plots: PlotForAssessment[]; features: CandidateFeature[] },
  layers: ActiveLayer[],
  deps: {
    actor: AuditActor | null;
    jobId?: string | null;
    assessedAt: string;
    parse?: (f: CandidateFeature) => AreaGeometry;
  },
): Promise<{ chunk: PlotVerdict[]; rows: NewPlotAssessment[]; statements: BatchItem<"sqlite">[] }> {
  const { plots, features } = input;
  const { assessedAt } = deps;
  const parse = deps.parse ?? featureParser();
  const rulesetVersion = verdictRulesetVersion(layers);
  const byLayer = new Map<string, CandidateFeature[]>();
  for (const f of features) {
    const list = byLayer.get(f.layerId);
    if (list) list.push(f);
    else byLayer.set(f.layerId, [f]);
  }
  const chunk: PlotVerdict[] = [];
  const rows: NewPlotAssessment[] = [];
  const statements: BatchItem<"sqlite">[] = [];
  for (const plot of plots) {
    const { verdict, reasons, evidence } = verdictForPlot(plot, layers, byLayer, parse);
    const assessmentId = crypto.randomUUID();
    rows.push({
      id: assessmentId,
      plotId: plot.id,
      verdict,
      evidence: JSON.stringify(evidence),
      reasons: JSON.stringify(reasons),
      assessedAt,
      assessedBy: deps.actor?.id ?? null,
      jobId: deps.jobId ?? null,
      plotVersion: plot.version,
      rulesetVersion,
    });
    statements.push(updatePlotRiskStatement(db, plot.id, verdict, assessedAt));
    statements.push(
      auditEntry(
        db,
        deps.actor,
        "plot.assess",
        "land_plot",
        plot.id,
        { riskLevel: plot.riskLevel, assessedAt: plot.assessedAt },
        {
          riskLevel: verdict,
          assessedAt,
          assessmentId,
          jobId: deps.jobId ?? null,
          rulesetVersion,
          layers: evidence.map((e) => `${e.layerName} ${e.version}`),
        },
      ),
    );
    chunk.push({
      assessmentId,
      plotId: plot.id,
      plotCode: plot.plotCode,
      verdict,
      reasons,
      evidence,
      assessedAt,
      validationState: plot.validationState,
    });
  }
  // "A plot of mine is found high risk" (a push notice, ADR 028): the farmer's notice, when it newly turns high.
  const turnedHigh = plots.filter(
    (p) => p.riskLevel !== "high" && chunk.find((c) => c.plotId === p.id)?.verdict === "high",
  );
  if (turnedHigh.length) {
    const accounts = await farmerAccountsOf(db, [...new Set(turnedHigh.map((p) => p.farmerId))]);
    for (const plot of turnedHigh) {
      const userId = accounts.get(plot.farmerId);
      if (!userId) continue;
      statements.push(
        notifyStatement(
          db,
          {
            userId,
            kind: "plot_high_risk",
            title: `Plot ${plot.plotCode} is found high risk`,
            body: `The deforestation check found plot ${plot.plotCode} high risk. Open your dashboard to see why, and ask your field agent what to do next.`,
            link: "/farmer-dashboard",
            subject: { type: "land_plot", id: plot.id },
            dedupeKey: `plot_high_risk:${plot.id}:${assessedAt}`,
          },
          new Date(assessedAt),
        ),
      );
    }
  }
  return { chunk, rows, statements };
}

/**
 * Assesses plots by id against every active layer and stores the verdicts. Reads are batched:
 * per chunk of 50 plots, one D1 round trip loads the plots and every candidate layer feature
 * (bounding boxes touching), and one batch writes verdicts, latest risk levels and audit rows.
 * Unknown ids are returned in `missing`.
 */
export async function assessPlots(
  plotIds: string[],
  deps: AssessPlotsDeps,
): Promise<{ results: PlotVerdict[]; missing: string[] }> {
  const { db } = deps;
  const ids = [...new Set(plotIds)];
  const layers = deps.layers ?? (await activeLayersWithExtent(db));
  const parse = featureParser();
  const results: PlotVerdict[] = [];
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += ASSESS_CHUNK) {
    const part = ids.slice(i, i + ASSESS_CHUNK);
    const read = await plotsWithCandidateFeatures(db, part);
    for (const plot of read.plots) found.add(plot.id);
    const assessedAt = (deps.now?.() ?? new Date()).toISOString();
    const { chunk, rows, statements } = await assessmentStatements(db, read, layers, {
      actor: deps.actor,
      jobId: deps.jobId,
      assessedAt,
      parse,
    });
    await runBatch(db, [...insertAssessmentStatements(db, rows), ...statements, ...(deps.afterChunk?.(chunk) ?? [])]);
    results.push(...chunk);
  }
  return { results, missing: ids.filter((id) => !found.has(id)) };
}
