/**
 * Oversight reports: the `reports` rows (status, progress, cached PDF) and the
 * aggregate queries behind a report's figures. Every figure comes from a GROUP BY in SQLite:
 * no row of farmers, plots or batches is ever read into the Worker, only their counts and sums.
 */
import { and, desc, eq, exists, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { batches, farmerCrops, farmers, landPlots, reports, users } from "../schema";
import { NOW_SQL } from "./clock";
import { exportFacts, purchaseFacts } from "./figures";

export type ReportRow = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;

export function insertReport(db: Database, row: NewReport) {
  return db.insert(reports).values(row);
}

export async function getReport(db: Database, id: string) {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  return row ?? null;
}

/**
 * Recent reports, newest first. `kinds`: only these kinds; `readyOrOwnedBy`: only ready reports
 * plus this user's own (an observer does not need others' unfinished requests).
 */
export async function recentReports(
  db: Database,
  opts: { kinds: readonly string[]; readyOrOwnedBy?: string; status?: string; limit?: number },
) {
  if (!opts.kinds.length) return [];
  const parts: (SQL | undefined)[] = [inArray(reports.kind, [...opts.kinds])];
  if (opts.readyOrOwnedBy) parts.push(or(eq(reports.status, "ready"), eq(reports.createdBy, opts.readyOrOwnedBy)));
  if (opts.status) parts.push(eq(reports.status, opts.status));
  return db
    .select()
    .from(reports)
    .where(and(...parts))
    .orderBy(desc(reports.createdAt))
    .limit(opts.limit ?? 20);
}

/** A report of the same kind and parameters still being built (a repeated click joins it). */
export function activeReportFor(db: Database, kind: string, params: string, updatedAfter: string) {
  return newestReportLike(
    db,
    kind,
    params,
    inArray(reports.status, ["queued", "building"]),
    gte(reports.updatedAt, updatedAfter),
  );
}

/** The newest report of this kind and parameters that also meets `more`, or null. */
async function newestReportLike(db: Database, kind: string, params: string, ...more: SQL[]) {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.kind, kind), eq(reports.params, params), ...more))
    .orderBy(desc(reports.createdAt))
    .limit(1);
  return row ?? null;
}

/** A finished report built from exactly this data: its PDF can be served again. */
export async function readyReportWithHash(
  db: Database,
  kind: string,
  params: string,
  dataHash: string,
  exceptId: string,
) {
  return newestReportLike(
    db,
    kind,
    params,
    eq(reports.dataHash, dataHash),
    eq(reports.status, "ready"),
    sql`${reports.id} <> ${exceptId}`,
  );
}

/**
 * Takes a report for one builder: a queued one, or one whose builder went silent (no progress
 * since `staleBefore`). Exactly one concurrent caller gets true, so the request's background
 * build, a page refresh and the cron handler never build the same report twice.
 */
export async function claimReport(db: Database, id: string, staleBefore: string) {
  const result = await db
    .update(reports)
    .set({ status: "building", progress: 5, error: null, updatedAt: NOW_SQL })
    .where(
      and(
        eq(reports.id, id),
        or(eq(reports.status, "queued"), and(eq(reports.status, "building"), lt(reports.updatedAt, staleBefore))),
      ),
    )
    .returning({ id: reports.id });
  return result.length === 1;
}

export function updateReport(
  db: Database,
  id: string,
  patch: Partial<Pick<ReportRow, "status" | "progress" | "dataHash" | "r2Key" | "error">>,
) {
  return db
    .update(reports)
    .set({ ...patch, updatedAt: NOW_SQL })
    .where(eq(reports.id, id));
}

/** Reports not finished: queued, or building without progress since `staleBefore` (oldest first). */
export async function stalledReports(db: Database, staleBefore: string, limit = 5) {
  return db
    .select()
    .from(reports)
    .where(or(eq(reports.status, "queued"), and(eq(reports.status, "building"), lt(reports.updatedAt, staleBefore))))
    .orderBy(reports.createdAt)
    .limit(limit);
}

/** Licensed exporters (for the by-exporter choice): id and company, by company name. */
export async function listExporters(db: Database) {
  return db
    .select({ id: users.id, companyName: users.companyName, loginId: users.loginId })
    .from(users)
    .where(eq(users.role, "exporter"))
    .orderBy(sql`coalesce(${users.companyName}, ${users.loginId})`);
}

export async function findExporter(db: Database, id: string) {
  const [row] = await db
    .select({ id: users.id, companyName: users.companyName, loginId: users.loginId })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, "exporter")))
    .limit(1);
  return row ?? null;
}

/** The oversight entity type (donor | ngo | auditor) of a user; null for other accounts. */
export async function entityTypeOf(db: Database, userId: string) {
  const [row] = await db.select({ entityType: users.entityType }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.entityType ?? null;
}

/** What a report's figures are filtered by. `end` is the day after the period (exclusive). */
export type AggregateFilter = { from: string; end: string; county?: string; commodity?: string; exporterId?: string };

/**
 * The statements of every aggregate a report needs, to run together in one `db.batch()` (one
 * round trip). Sums are rounded in SQL to 0.01 so the same rows always give the same figures,
 * whatever order SQLite adds them in (the figures are hashed).
 */
export function aggregateStatements(db: Database, f: AggregateFilter) {
  const period = (col: AnySQLiteColumn) => and(gte(col, f.from), lt(col, f.end));
  const growsCommodity = (commodity: string) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(farmerCrops)
        .where(and(eq(farmerCrops.farmerId, farmers.farmerId), eq(farmerCrops.crop, commodity))),
    );
  const farmerFilter = [
    f.county ? eq(farmers.county, f.county) : undefined,
    f.commodity ? growsCommodity(f.commodity) : undefined,
  ];

  const farmersByCounty = db
    .select({ county: farmers.county, n: sql<number>`count(*)` })
    .from(farmers)
    .where(and(period(farmers.registrationDate), ...farmerFilter))
    .groupBy(farmers.county);

  const farmersByEnd = db
    .select({ n: sql<number>`count(*)` })
    .from(farmers)
    .where(and(lt(farmers.registrationDate, f.end), ...farmerFilter));

  const risk = sql<string>`coalesce(${landPlots.riskLevel}, 'not_assessed')`;
  const plots = db
    .select({
      county: landPlots.county,
      crop: landPlots.crop,
      validation: landPlots.validationState,
      risk,
      n: sql<number>`count(*)`,
      ha: sql<number>`round(sum(${landPlots.areaHectares}), 4)`,
    })
    .from(landPlots)
    .where(
      and(
        period(landPlots.createdAt),
        f.county ? eq(landPlots.county, f.county) : undefined,
        f.commodity ? eq(landPlots.crop, f.commodity) : undefined,
      ),
    )
    .groupBy(landPlots.county, landPlots.crop, landPlots.validationState, risk);

  const closed = sql<number>`(${batches.status} in ('split', 'merged'))`;
  const batchFilter = [
    period(batches.createdAt),
    f.county ? eq(batches.county, f.county) : undefined,
    f.commodity ? eq(batches.commodity, f.commodity) : undefined,
  ];
  const batchGroups = db
    .select({
      county: batches.county,
      commodity: batches.commodity,
      compliance: batches.complianceStatus,
      closed,
      n: sql<number>`count(*)`,
      g: sql<number>`sum(${batches.weightG})`,
    })
    .from(batches)
    .where(and(...batchFilter))
    .groupBy(batches.county, batches.commodity, batches.complianceStatus, closed);

  // Purchases and exports as every figure counts them (db/queries/figures.ts).
  const bought = purchaseFacts(db);
  const purchaseMonth = sql<string>`substr(${bought.at}, 1, 7)`;
  const purchaseGroups = db
    .select({
      county: batches.county,
      commodity: batches.commodity,
      month: purchaseMonth,
      n: sql<number>`count(*)`,
      g: sql<number>`sum(${bought.weightG})`,
    })
    .from(bought)
    .innerJoin(batches, eq(batches.id, bought.batchId))
    .where(
      and(
        gte(bought.at, f.from),
        lt(bought.at, f.end),
        f.county ? eq(batches.county, f.county) : undefined,
        f.commodity ? eq(batches.commodity, f.commodity) : undefined,
      ),
    )
    .groupBy(batches.county, batches.commodity, purchaseMonth);

  const left = exportFacts(db);
  const exportMonth = sql<string>`substr(${left.at}, 1, 7)`;
  const exportGroups = db
    .select({
      county: batches.county,
      commodity: batches.commodity,
      compliance: batches.complianceStatus,
      exporterId: left.exporterId,
      month: exportMonth,
      n: sql<number>`count(*)`,
      g: sql<number>`sum(${left.weightG})`,
    })
    .from(left)
    .innerJoin(batches, eq(batches.id, left.batchId))
    .where(
      and(
        gte(left.at, f.from),
        lt(left.at, f.end),
        f.county ? eq(batches.county, f.county) : undefined,
        f.commodity ? eq(batches.commodity, f.commodity) : undefined,
        f.exporterId ? eq(left.exporterId, f.exporterId) : undefined,
      ),
    )
    .groupBy(batches.county, batches.commodity, batches.complianceStatus, sql`${left.exporterId}`, exportMonth);

  return [farmersByCounty, farmersByEnd, plots, batchGroups, purchaseGroups, exportGroups] as const;
}

/** Runs `aggregateStatements` in one batch. */
export async function runAggregates(db: Database, f: AggregateFilter) {
  const [farmersByCounty, farmersByEnd, plots, batchGroups, purchaseGroups, exportGroups] = await db.batch(
    aggregateStatements(db, f),
  );
  return { farmersByCounty, farmersByEnd: farmersByEnd[0]?.n ?? 0, plots, batchGroups, purchaseGroups, exportGroups };
}

/** Company names (or exporter IDs) of the given exporter accounts. */
export async function exporterNames(db: Database, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const out = new Map<string, string>();
  // D1 allows 100 bound parameters per statement.
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await db
      .select({ id: users.id, companyName: users.companyName, loginId: users.loginId })
      .from(users)
      .where(inArray(users.id, ids.slice(i, i + 90)));
    for (const r of rows) out.set(r.id, r.companyName?.trim() || r.loginId);
  }
  return out;
}

/**
 * Farmers registered before `end`, counted by county, set of crops ("Cocoa|Rubber", A–Z) and
 * slice (how many of `boundaries` are on or before the registration date): the counts the
 * small-cell suppression of every report is decided on (worker/domain/reports/report-suppression.ts).
 */
export async function farmerCellCounts(db: Database, end: string, boundaries: readonly string[]) {
  const slice = boundaries.length
    ? sql.join(
        boundaries.map((b) => sql`(${farmers.registrationDate} >= ${b})`),
        sql` + `,
      )
    : sql`0`;
  // Qualified by hand: drizzle writes a lone table's columns unqualified, which the subquery would
  // resolve to its own table.
  const crops = sql<
    string | null
  >`(SELECT group_concat(fc.crop, '|') FROM (SELECT crop FROM farmer_crops fc0 WHERE fc0.farmer_id = "farmers"."farmer_id" ORDER BY crop) fc)`;
  return db
    .select({ county: farmers.county, crops, slice: sql<number>`${slice}`, n: sql<number>`count(*)` })
    .from(farmers)
    .where(lt(farmers.registrationDate, end))
    .groupBy(farmers.county, crops, sql`${slice}`);
}
