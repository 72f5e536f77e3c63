import { and, asc, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { batches, farmers, landPlots, layerFeatures, plotAssessments, referenceLayers } from "../schema";
import { chunks } from "./chunks";
import { NOW_SQL } from "./clock";
import { farmerRefColumns } from "./farmers";
import { type CandidateFeature, runBatch } from "./reference-layers";

export type NewPlotAssessment = typeof plotAssessments.$inferInsert;

/** D1: ≤ 100 bound parameters per statement. */
const IDS_PER_SELECT = 99;
/** Bound parameters per plot_assessments row (10 columns, with plot_version and ruleset_version). */
const ASSESSMENT_ROWS_PER_INSERT = Math.floor(100 / 10);

/** What the assessment of one plot needs to know about it. */
export const plotForAssessmentColumns = {
  id: landPlots.id,
  plotCode: landPlots.plotCode,
  farmerId: landPlots.farmerId,
  geometry: landPlots.geometry,
  geometryType: landPlots.geometryType,
  areaHectares: landPlots.areaHectares,
  minLon: landPlots.minLon,
  minLat: landPlots.minLat,
  maxLon: landPlots.maxLon,
  maxLat: landPlots.maxLat,
  crop: landPlots.crop,
  county: landPlots.county,
  validationState: landPlots.validationState,
  validationIssues: landPlots.validationIssues,
  riskLevel: landPlots.riskLevel,
  assessedAt: landPlots.assessedAt,
  version: landPlots.version,
};
export type PlotForAssessment = Pick<typeof landPlots.$inferSelect, keyof typeof plotForAssessmentColumns>;

/**
 * Plots by id together with the features of ACTIVE layers whose bounding box touches any of
 * them (index layer_features_bbox_idx), in ONE D1 round trip: assessing a chunk of plots costs
 * one read. Each feature comes once even when it touches several plots.
 */
export async function plotsWithCandidateFeatures(db: Database, ids: string[]) {
  const parts = chunks([...new Set(ids)], IDS_PER_SELECT);
  const plotStatements = parts.map((part) =>
    db.select(plotForAssessmentColumns).from(landPlots).where(inArray(landPlots.id, part)),
  );
  const featureStatements = parts.map((part) =>
    db
      .select({
        id: layerFeatures.id,
        layerId: layerFeatures.layerId,
        geometry: layerFeatures.geometry,
        minLon: layerFeatures.minLon,
        minLat: layerFeatures.minLat,
        maxLon: layerFeatures.maxLon,
        maxLat: layerFeatures.maxLat,
      })
      .from(layerFeatures)
      .where(
        inArray(
          layerFeatures.id,
          sql`(SELECT f.id FROM ${landPlots} p JOIN ${layerFeatures} f
                 ON f.min_lon <= p.max_lon AND f.max_lon >= p.min_lon AND f.min_lat <= p.max_lat AND f.max_lat >= p.min_lat
               WHERE p.id IN (${sql.join(
                 part.map((id) => sql`${id}`),
                 sql`, `,
               )})
                 AND f.layer_id IN (SELECT id FROM ${referenceLayers} WHERE status = 'active'))`,
        ),
      ),
  );
  const results = await runBatch(db, [...plotStatements, ...featureStatements]);
  const plots = (results.slice(0, parts.length) as PlotForAssessment[][]).flat();
  const features = new Map<number, CandidateFeature>();
  for (const rows of results.slice(parts.length) as CandidateFeature[][]) for (const f of rows) features.set(f.id, f);
  return { plots: plots.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)), features: [...features.values()] };
}

/** A plot by its id or its plot code. */
export async function findPlotByIdOrCode(db: Database, key: string) {
  const [row] = await db
    .select(plotForAssessmentColumns)
    .from(landPlots)
    .where(or(eq(landPlots.id, key), eq(landPlots.plotCode, key)))
    .limit(1);
  return row ?? null;
}

/** Plot ids for plot codes or ids given by a person (either is accepted). */
export async function plotIdsForKeys(db: Database, keys: string[]) {
  const statements = chunks([...new Set(keys)], 49).map((part) =>
    db
      .select({ id: landPlots.id, plotCode: landPlots.plotCode })
      .from(landPlots)
      .where(or(inArray(landPlots.id, part), inArray(landPlots.plotCode, part))),
  );
  return ((await runBatch(db, statements)) as { id: string; plotCode: string }[][]).flat();
}

export function insertAssessmentStatements(db: Database, rows: NewPlotAssessment[]) {
  return chunks(rows, ASSESSMENT_ROWS_PER_INSERT).map((part) => db.insert(plotAssessments).values(part));
}

/**
 * Inserts one verdict only while `seenLatestId` is still the plot's latest (the re-check job,
 * ADR 029): a second runner re-assessing the same plot inserts nothing.
 */
export function insertAssessmentIfLatestStatement(db: Database, row: NewPlotAssessment, seenLatestId: string) {
  // Every column, in the table's order (drizzle's INSERT … SELECT names them all).
  return db
    .insert(plotAssessments)
    .select(sql`SELECT ${row.id}, ${row.plotId}, ${row.verdict}, ${row.evidence}, ${row.reasons}, ${row.assessedAt},
      ${row.assessedBy ?? null}, ${row.jobId ?? null}, ${row.plotVersion ?? 1}, ${row.rulesetVersion ?? "legacy"}
    WHERE (SELECT pa.id FROM ${plotAssessments} pa WHERE pa.plot_id = ${row.plotId}
      ORDER BY pa.assessed_at DESC, pa.rowid DESC LIMIT 1) = ${seenLatestId}`);
}

/** land_plots keeps the latest verdict; plot_assessments keeps them all. */
export function updatePlotRiskStatement(db: Database, plotId: string, riskLevel: string, assessedAt: string) {
  return db.update(landPlots).set({ riskLevel, assessedAt, updatedAt: NOW_SQL }).where(eq(landPlots.id, plotId));
}

/** Every verdict of one plot, newest first (rowid breaks ties within the same millisecond). */
export async function assessmentHistory(db: Database, plotId: string, limit = 100) {
  return db
    .select()
    .from(plotAssessments)
    .where(eq(plotAssessments.plotId, plotId))
    .orderBy(desc(plotAssessments.assessedAt), desc(sql`${plotAssessments}.rowid`))
    .limit(limit);
}

/** Latest verdicts across all plots, with the plot code, for the assessment page. */
export async function recentAssessments(db: Database, limit = 20) {
  return db
    .select({
      id: plotAssessments.id,
      plotId: plotAssessments.plotId,
      plotCode: landPlots.plotCode,
      county: landPlots.county,
      verdict: plotAssessments.verdict,
      evidence: plotAssessments.evidence,
      reasons: plotAssessments.reasons,
      assessedAt: plotAssessments.assessedAt,
      jobId: plotAssessments.jobId,
    })
    .from(plotAssessments)
    .leftJoin(landPlots, eq(landPlots.id, plotAssessments.plotId))
    .orderBy(desc(plotAssessments.assessedAt), desc(sql`${plotAssessments}.rowid`))
    .limit(limit);
}

// ── Scopes: which plots a request or a job is about (reads farmers, batches, batch_lineage) ──

export type FarmerRef = {
  id: string;
  farmerId: string;
  firstName: string;
  lastName: string;
  county: string;
  district: string | null;
  community: string | null;
};

/** A farmer by registry ID (FRM…, any case) or internal id. */
export async function findFarmer(db: Database, key: string): Promise<FarmerRef | null> {
  const [row] = await db
    .select({
      ...farmerRefColumns(),
      district: farmers.district,
      community: farmers.community,
    })
    .from(farmers)
    .where(or(eq(farmers.farmerId, key.trim().toUpperCase()), eq(farmers.id, key.trim())))
    .limit(1);
  return row ?? null;
}

/** land_plots.farmer_id may hold the farmer's internal id or registry ID: both are matched. */
export const farmerKeys = (f: Pick<FarmerRef, "id" | "farmerId">) => [...new Set([f.id, f.farmerId])];

export async function findBatchByCode(db: Database, code: string) {
  const [row] = await db
    .select({ id: batches.id, batchCode: batches.batchCode, commodity: batches.commodity })
    .from(batches)
    .where(eq(batches.batchCode, code.trim()))
    .limit(1);
  return row ?? null;
}

/** A resolved scope: the condition that selects its plots. */
export type PlotScope =
  | { scope: "county"; county: string }
  | { scope: "farmer"; farmerKeys: string[] }
  /** A batch's plots: its own origins and those inherited from every batch it was split or merged from. */
  | { scope: "batch"; batchId: string }
  | { scope: "plots"; plotIds: string[] }
  | { scope: "all" };

function scopeCondition(scope: PlotScope) {
  switch (scope.scope) {
    case "county":
      return eq(landPlots.county, scope.county);
    // Lists go in as ONE JSON parameter: D1 allows 100 bound parameters per statement.
    case "farmer":
      return sql`${landPlots.farmerId} IN (SELECT value FROM json_each(${JSON.stringify(scope.farmerKeys)}))`;
    case "batch":
      // batch_lineage followed upwards: a derived batch inherits the origins of all its ancestors.
      return sql`${landPlots.id} IN (SELECT plot_id FROM batch_origins WHERE batch_id IN (
        WITH RECURSIVE anc(id) AS (
          SELECT ${scope.batchId}
          UNION
          SELECT l.parent_batch_id FROM batch_lineage l JOIN anc ON l.child_batch_id = anc.id
        )
        SELECT id FROM anc))`;
    case "plots":
      return sql`${landPlots.id} IN (SELECT value FROM json_each(${JSON.stringify(scope.plotIds)}))`;
    case "all":
      return undefined;
  }
}

/** How many plots a scope holds. */
export async function countPlotsInScope(db: Database, scope: PlotScope) {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(landPlots).where(scopeCondition(scope));
  return Number(row?.n ?? 0);
}

/** The next `limit` plot ids of a scope after `cursor`, in id order (how a job resumes). */
export async function plotIdsInScope(db: Database, scope: PlotScope, cursor: string | null, limit: number) {
  const rows = await db
    .select({ id: landPlots.id })
    .from(landPlots)
    .where(and(scopeCondition(scope), cursor ? gt(landPlots.id, cursor) : undefined))
    .orderBy(asc(landPlots.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** What an EUDR GeoJSON export needs per plot: geometry, area, producer and place. */
export async function plotsForExport(db: Database, scope: PlotScope, limit = 20_000) {
  return db
    .select({
      id: landPlots.id,
      plotCode: landPlots.plotCode,
      geometry: landPlots.geometry,
      geometryType: landPlots.geometryType,
      areaHectares: landPlots.areaHectares,
      crop: landPlots.crop,
      county: landPlots.county,
      validationState: landPlots.validationState,
      validationIssues: landPlots.validationIssues,
      riskLevel: landPlots.riskLevel,
      farmerKey: landPlots.farmerId,
      farmerId: farmers.farmerId,
      firstName: farmers.firstName,
      lastName: farmers.lastName,
      farmerCounty: farmers.county,
      district: farmers.district,
      community: farmers.community,
    })
    .from(landPlots)
    .leftJoin(farmers, or(eq(farmers.id, landPlots.farmerId), eq(farmers.farmerId, landPlots.farmerId)))
    .where(scopeCondition(scope))
    .orderBy(asc(landPlots.plotCode))
    .limit(limit);
}
