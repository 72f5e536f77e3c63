import { and, desc, eq, gte, isNull, lte, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { auditLog, batches, batchOrigins, farmers, landPlots, plotAssessments, users } from "../schema";
import { farmerRefColumns } from "./farmers";
import { pageWithTotal } from "./paging";

/** What a list of plots shows of each: code, crop, area, verdicts and bounding box. */
export const plotSummaryColumns = {
  id: landPlots.id,
  plotCode: landPlots.plotCode,
  farmerId: landPlots.farmerId,
  ...plotVerdictColumns(),
};
export type PlotSummary = { [K in keyof typeof plotSummaryColumns]: (typeof landPlots.$inferSelect)[K] };

/** A plot's crop, area, county, verdicts and bounding box (plot lists and batch origins show these). */
export function plotVerdictColumns() {
  return {
    crop: landPlots.crop,
    areaHectares: landPlots.areaHectares,
    county: landPlots.county,
    riskLevel: landPlots.riskLevel,
    validationState: landPlots.validationState,
    minLon: landPlots.minLon,
    minLat: landPlots.minLat,
    maxLon: landPlots.maxLon,
    maxLat: landPlots.maxLat,
    /** active | retired (a retired plot supplies no new purchase). */
    status: landPlots.status,
    version: landPlots.version,
  };
}

/** A farmer's plots by plot code (land_plots_farmer_id_idx); land_plots.farmer_id holds the FRM ID. */
export async function plotsOfFarmer(db: Database, farmerId: string, limit = 200): Promise<PlotSummary[]> {
  return db
    .select(plotSummaryColumns)
    .from(landPlots)
    .where(eq(landPlots.farmerId, farmerId))
    .orderBy(landPlots.plotCode)
    .limit(limit);
}

export type BBox = { minLon: number; minLat: number; maxLon: number; maxLat: number };

/**
 * Plots whose bounding box overlaps `box` (index: land_plots_bbox_idx). Not awaited, so it can
 * also go into a caller's `db.batch` (the bulk import checks a whole slice in one round trip).
 */
export function plotsInBox(db: Database, box: BBox, limit = 500) {
  return db
    .select({
      id: landPlots.id,
      plotCode: landPlots.plotCode,
      farmerId: landPlots.farmerId,
      geometry: landPlots.geometry,
    })
    .from(landPlots)
    .where(
      and(
        lte(landPlots.minLon, box.maxLon),
        gte(landPlots.maxLon, box.minLon),
        lte(landPlots.minLat, box.maxLat),
        gte(landPlots.maxLat, box.minLat),
      ),
    )
    .limit(limit);
}

export type PlotRow = typeof landPlots.$inferSelect;
export type NewPlotRow = typeof landPlots.$inferInsert;

/** The farmer a plot is registered to (farmers.farmer_id is unique: FRM + 6 digits). */
export async function farmerForPlot(db: Database, farmerId: string) {
  const [row] = await db
    .select({
      ...farmerRefColumns(),
      status: farmers.status,
    })
    .from(farmers)
    .where(eq(farmers.farmerId, farmerId))
    .limit(1);
  return row ?? null;
}

/** The plot stored for one submission (idempotency key, unique). */
export async function plotByImportKey(db: Database, importKey: string) {
  const [row] = await db.select().from(landPlots).where(eq(landPlots.importKey, importKey)).limit(1);
  return row ?? null;
}

export async function plotById(db: Database, id: string) {
  const [row] = await db.select().from(landPlots).where(eq(landPlots.id, id)).limit(1);
  return row ?? null;
}

/** Plot codes already given to a farmer's plots (index: land_plots_farmer_id_idx). */
export async function plotCodesOfFarmer(db: Database, farmerId: string) {
  const rows = await db
    .select({ plotCode: landPlots.plotCode })
    .from(landPlots)
    .where(eq(landPlots.farmerId, farmerId));
  return rows.map((r) => r.plotCode);
}

/** The insert statement of one plot, to run in a `db.batch()` with its audit row. */
export function insertPlot(db: Database, row: NewPlotRow) {
  return db.insert(landPlots).values(row);
}

/** One plot with its farmer's name (null name when the farmer row is missing). */
export async function plotWithFarmer(db: Database, id: string) {
  const [row] = await db
    .select({ plot: landPlots, firstName: farmers.firstName, lastName: farmers.lastName })
    .from(landPlots)
    .leftJoin(farmers, eq(farmers.farmerId, landPlots.farmerId))
    .where(eq(landPlots.id, id))
    .limit(1);
  if (!row) return null;
  return { ...row.plot, farmerName: row.firstName == null ? null : `${row.firstName} ${row.lastName}`.trim() };
}

/** `risk` is a stored verdict, or "not_assessed" for plots without one. */
export type PlotFilter = { county?: string; crop?: string; risk?: string; validation?: string };

function plotWhere(f: PlotFilter): SQL | undefined {
  // Each filter is an equality on an indexed column (land_plots_<col>_idx).
  const parts: SQL[] = [];
  if (f.county) parts.push(eq(landPlots.county, f.county));
  if (f.crop) parts.push(eq(landPlots.crop, f.crop));
  if (f.risk === "not_assessed") parts.push(isNull(landPlots.riskLevel));
  else if (f.risk) parts.push(eq(landPlots.riskLevel, f.risk));
  if (f.validation) parts.push(eq(landPlots.validationState, f.validation));
  return parts.length ? and(...parts) : undefined;
}

/** What every list of plots names first: the plot, its farmer's ID and name (farmers left-joined). */
export const plotAndFarmerColumns = {
  id: landPlots.id,
  plotCode: landPlots.plotCode,
  farmerId: landPlots.farmerId,
  firstName: farmers.firstName,
  lastName: farmers.lastName,
};

/** One page of plots, newest first, with the farmer's name and the total for the filter. */
export async function listPlots(db: Database, filter: PlotFilter, page: number, pageSize: number) {
  const where = plotWhere(filter);
  const list = db
    .select({
      ...plotAndFarmerColumns,
      county: landPlots.county,
      crop: landPlots.crop,
      geometryType: landPlots.geometryType,
      areaHectares: landPlots.areaHectares,
      riskLevel: landPlots.riskLevel,
      validationState: landPlots.validationState,
      createdAt: landPlots.createdAt,
    })
    .from(landPlots)
    .leftJoin(farmers, eq(farmers.farmerId, landPlots.farmerId))
    .where(where)
    .orderBy(desc(landPlots.createdAt), desc(landPlots.id));
  const [rows, total] = await pageWithTotal(db, list, { table: landPlots, where }, { page, pageSize });
  return {
    rows: rows.map(({ firstName, lastName, ...r }) => ({
      ...r,
      farmerName: firstName == null ? null : `${firstName} ${lastName}`.trim(),
    })),
    total,
  };
}

/** Risk verdicts of a plot, newest first (index: plot_assessments_plot_id_idx). */
export async function assessmentsOfPlot(db: Database, plotId: string, limit = 50) {
  return db
    .select()
    .from(plotAssessments)
    .where(eq(plotAssessments.plotId, plotId))
    .orderBy(desc(plotAssessments.assessedAt))
    .limit(limit);
}

/** Batches that drew on a plot (batch_origins → batches), newest first. */
export async function batchesOfPlot(db: Database, plotId: string, limit = 100) {
  return db
    .select({
      batchCode: batches.batchCode,
      commodity: batches.commodity,
      weightG: batches.weightG,
      originWeightG: batchOrigins.weightG,
      status: batches.status,
      complianceStatus: batches.complianceStatus,
      createdAt: batches.createdAt,
    })
    .from(batchOrigins)
    .innerJoin(batches, eq(batches.id, batchOrigins.batchId))
    .where(eq(batchOrigins.plotId, plotId))
    .orderBy(desc(batches.createdAt))
    .limit(limit);
}

/** Audit trail of a plot, newest first (index: audit_log_entity_idx). */
export async function auditOfPlot(db: Database, plotId: string, limit = 100) {
  const rows = await db
    .select({ entry: auditLog, firstName: users.firstName, lastName: users.lastName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.entityType, "land_plot"), eq(auditLog.entityId, plotId)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map(({ entry, firstName, lastName }) => ({
    ...entry,
    actorName: firstName == null ? null : `${firstName} ${lastName}`.trim(),
  }));
}
