/**
 * The land inspector's work on plots (ADR 019): the verification queue, field visits,
 * superseded boundary versions and retirement. The queue reads land_plots.visit_priority through
 * land_plots_visit_queue_idx / land_plots_county_visit_queue_idx.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client";
import { farmers, landPlots, plotVersions, plotVisits, users } from "../schema";
import { NOW_SQL } from "./clock";
import { plotAndFarmerColumns } from "./land-plots";

export type PlotVisitRow = typeof plotVisits.$inferSelect;
export type NewPlotVisit = typeof plotVisits.$inferInsert;
export type NewPlotVersion = typeof plotVersions.$inferInsert;

/** Which plots a queue shows: all, or one county's (where the plot lies, land_plots.county). */
export type QueueScope = { county: string | null };
/** The sort origin: the inspector's position, with the longitude scale for its latitude. */
export type QueueOrigin = { lat: number; lon: number; lonScale: number };

function queueWhere(scope: QueueScope): SQL {
  const inQueue = isNotNull(landPlots.visitPriority);
  return scope.county ? and(eq(landPlots.county, scope.county), inQueue)! : inQueue;
}

/**
 * One page of the queue: by rank, then by distance from `origin` when given (squared,
 * longitude scaled — worker/domain/visit-queue.ts), then by id. The rank is read in index order;
 * only the distance within ranks needs a sort.
 */
export function visitQueueStatements(
  db: Database,
  scope: QueueScope,
  origin: QueueOrigin | null,
  page: number,
  pageSize: number,
) {
  const where = queueWhere(scope);
  const order = origin
    ? [
        asc(landPlots.visitPriority),
        sql`((((${landPlots.minLon} + ${landPlots.maxLon}) / 2 - ${origin.lon}) * ${origin.lonScale}) * (((${landPlots.minLon} + ${landPlots.maxLon}) / 2 - ${origin.lon}) * ${origin.lonScale}) + (((${landPlots.minLat} + ${landPlots.maxLat}) / 2 - ${origin.lat}) * (((${landPlots.minLat} + ${landPlots.maxLat}) / 2 - ${origin.lat}))))`,
        asc(landPlots.id),
      ]
    : [asc(landPlots.visitPriority), asc(landPlots.id)];
  return [
    db
      .select({
        ...plotAndFarmerColumns,
        crop: landPlots.crop,
        county: landPlots.county,
        declaredCounty: landPlots.declaredCounty,
        areaHectares: landPlots.areaHectares,
        riskLevel: landPlots.riskLevel,
        validationState: landPlots.validationState,
        version: landPlots.version,
        lastVisitedAt: landPlots.lastVisitedAt,
        priority: landPlots.visitPriority,
        minLon: landPlots.minLon,
        minLat: landPlots.minLat,
        maxLon: landPlots.maxLon,
        maxLat: landPlots.maxLat,
      })
      .from(landPlots)
      .leftJoin(farmers, eq(farmers.farmerId, landPlots.farmerId))
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ priority: landPlots.visitPriority, n: count() })
      .from(landPlots)
      .where(where)
      .groupBy(landPlots.visitPriority),
  ] as const;
}

/** The page and the count per rank, in one round trip. */
export async function visitQueuePage(
  db: Database,
  scope: QueueScope,
  origin: QueueOrigin | null,
  page: number,
  pageSize: number,
) {
  const [rows, byRank] = await db.batch(visitQueueStatements(db, scope, origin, page, pageSize));
  return {
    rows: rows.map(({ firstName, lastName, ...r }) => ({
      ...r,
      farmerName: firstName == null ? null : `${firstName} ${lastName}`.trim(),
    })),
    byRank: byRank.map((r) => ({ priority: r.priority ?? 0, n: r.n })),
    total: byRank.reduce((n, r) => n + r.n, 0),
  };
}

/** The county an inspector works in (users.county), or null when unassigned. */
export async function countyOfUser(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ county: users.county }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.county ?? null;
}

/** The farmer's account (to notify), by FRM ID; null when the farmer has no login. */
export async function farmerAccountOf(db: Database, farmerId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: farmers.userId })
    .from(farmers)
    .where(eq(farmers.farmerId, farmerId))
    .limit(1);
  return row?.userId ?? null;
}

/** Farmers' accounts by FRM ID (only farmers with a login), chunked under D1's 100 bound values. */
export async function farmerAccountsOf(db: Database, farmerIds: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let i = 0; i < farmerIds.length; i += 90) {
    const rows = await db
      .select({ farmerId: farmers.farmerId, userId: farmers.userId })
      .from(farmers)
      .where(inArray(farmers.farmerId, farmerIds.slice(i, i + 90)));
    for (const r of rows) if (r.userId) found.set(r.farmerId, r.userId);
  }
  return found;
}

export async function visitBySubmission(db: Database, submissionId: string) {
  const [row] = await db.select().from(plotVisits).where(eq(plotVisits.submissionId, submissionId)).limit(1);
  return row ?? null;
}

export function insertVisitStatement(db: Database, row: NewPlotVisit) {
  return db.insert(plotVisits).values(row);
}

/** The plot remembers its latest visit: the queue rank follows from it. */
export function markVisitedStatement(
  db: Database,
  plotId: string,
  visit: { visitedAt: string; version: number; decision: string },
) {
  return db
    .update(landPlots)
    .set({
      lastVisitedAt: visit.visitedAt,
      visitedVersion: visit.version,
      lastVisitDecision: visit.decision,
      updatedAt: NOW_SQL,
    })
    .where(eq(landPlots.id, plotId));
}

/** Field visits of a plot, newest first (plot_visits_plot_id_idx). */
export async function visitsOfPlot(db: Database, plotId: string, limit = 50) {
  const rows = await db
    .select({ visit: plotVisits, firstName: users.firstName, lastName: users.lastName })
    .from(plotVisits)
    .leftJoin(users, eq(users.id, plotVisits.inspectorId))
    .where(eq(plotVisits.plotId, plotId))
    .orderBy(desc(plotVisits.createdAt), desc(plotVisits.id))
    .limit(limit);
  return rows.map(({ visit, firstName, lastName }) => ({
    ...visit,
    inspectorName: firstName == null ? null : `${firstName} ${lastName}`.trim(),
  }));
}

export async function visitOfPlotById(db: Database, plotId: string, visitId: string) {
  const [row] = await db
    .select()
    .from(plotVisits)
    .where(and(eq(plotVisits.plotId, plotId), eq(plotVisits.id, visitId)))
    .limit(1);
  return row ?? null;
}

// ── Versions ──

export function insertPlotVersionStatement(db: Database, row: NewPlotVersion) {
  return db.insert(plotVersions).values(row);
}

export async function versionBySubmission(db: Database, submissionId: string) {
  const [row] = await db.select().from(plotVersions).where(eq(plotVersions.submissionId, submissionId)).limit(1);
  return row ?? null;
}

/** Superseded versions of a plot, newest first. */
export async function versionsOfPlot(db: Database, plotId: string) {
  return db.select().from(plotVersions).where(eq(plotVersions.plotId, plotId)).orderBy(desc(plotVersions.version));
}

/**
 * The new boundary replaces the current one, only if the plot is still at `baseVersion` (a
 * concurrent edit makes this a no-op; the unique (plot_id, version) of the archived row then
 * fails the whole batch). The old verdict judged the old boundary: it is cleared until the
 * re-assessment stores a new one.
 */
export function replaceBoundaryStatement(
  db: Database,
  plotId: string,
  baseVersion: number,
  next: Pick<
    typeof landPlots.$inferInsert,
    | "geometry"
    | "geometryType"
    | "areaHectares"
    | "minLon"
    | "minLat"
    | "maxLon"
    | "maxLat"
    | "county"
    | "validationState"
    | "validationIssues"
  >,
) {
  return db
    .update(landPlots)
    .set({
      ...next,
      version: baseVersion + 1,
      riskLevel: null,
      assessedAt: null,
      updatedAt: NOW_SQL,
    })
    .where(and(eq(landPlots.id, plotId), eq(landPlots.version, baseVersion)));
}

export function retirePlotStatement(
  db: Database,
  plotId: string,
  retirement: { reason: string; at: string; by: string },
) {
  return db
    .update(landPlots)
    .set({
      status: "retired",
      retiredReason: retirement.reason,
      retiredAt: retirement.at,
      retiredBy: retirement.by,
      updatedAt: NOW_SQL,
    })
    .where(and(eq(landPlots.id, plotId), eq(landPlots.status, "active")));
}
