/**
 * Reads of the farmer's own dashboard and of the field agent's counts. Every read is
 * narrowed by the Farmer IDs (or the user id) the caller's session stands for, never by an id
 * from a URL: the service (worker/services/registry/farmer-dashboard.ts) passes them in.
 */
import { and, count, desc, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { batches, batchOrigins, certificates, farmers, landPlots, plotAssessments, purchases, users } from "../schema";
import { selectInParts } from "./chunks";
import { purchaseFacts } from "./figures";
import { plotForAssessmentColumns } from "./plot-assessments";

/** The register rows a farmer account stands for: linked by user id, or whose Farmer ID is the login ID. */
export async function farmersOfAccount(db: Database, userId: string, loginId: string) {
  return db
    .select()
    .from(farmers)
    .where(or(eq(farmers.userId, userId), eq(farmers.farmerId, loginId.toUpperCase())))
    .orderBy(farmers.farmerId)
    .limit(5);
}

/** The farmer's plots with what the dashboard prints: outline, area, validation and verdict. */
export async function ownPlots(db: Database, farmerIds: string[], limit = 50) {
  if (!farmerIds.length) return [];
  return db
    .select(plotForAssessmentColumns)
    .from(landPlots)
    .where(inArray(landPlots.farmerId, farmerIds))
    .orderBy(landPlots.plotCode)
    .limit(limit);
}

/** The latest stored verdict of each plot (plot_assessments_plot_id_idx finds each plot's newest row). */
export async function latestAssessments(db: Database, plotIds: string[]) {
  if (!plotIds.length) return [];
  return db
    .select({
      plotId: plotAssessments.plotId,
      verdict: plotAssessments.verdict,
      reasons: plotAssessments.reasons,
      evidence: plotAssessments.evidence,
      assessedAt: plotAssessments.assessedAt,
    })
    .from(plotAssessments)
    .where(
      and(
        inArray(plotAssessments.plotId, plotIds),
        sql`${plotAssessments.assessedAt} = (SELECT max(pa.assessed_at) FROM plot_assessments pa WHERE pa.plot_id = ${plotAssessments.plotId})`,
      ),
    )
    .orderBy(desc(plotAssessments.assessedAt));
}

/**
 * Purchases from the farmer: batches bought directly from her plots (not those later made by a
 * split or merge), newest first, with the weight drawn from her plots and who bought.
 */
export async function ownSales(db: Database, farmerIds: string[], limit = 50) {
  if (!farmerIds.length) return [];
  // What she sold is what was weighed and dated at the purchase (db/queries/figures.ts); the batch's
  // own weight and dates move on with drying, grading and re-weighing.
  const bought = purchaseFacts(db);
  return db
    .select({
      batchId: batches.id,
      batchCode: batches.batchCode,
      commodity: batches.commodity,
      weightG: sql<number>`coalesce(${bought.weightG}, ${batches.weightG})`,
      fromMyPlotsG: sql<number | null>`sum(${batchOrigins.weightG})`,
      createdAt: sql<string>`coalesce(${bought.at}, ${batches.createdAt})`,
      status: batches.status,
      complianceStatus: batches.complianceStatus,
      complianceReason: batches.complianceReason,
      buyerFirstName: users.firstName,
      buyerLastName: users.lastName,
      buyerCompany: users.companyName,
      /** What the buyer recorded paying (purchases), minor units per kg with the currency. */
      pricePerKgMinor: purchases.pricePerKgMinor,
      currency: purchases.currency,
    })
    .from(batchOrigins)
    .innerJoin(batches, eq(batches.id, batchOrigins.batchId))
    .leftJoin(users, eq(users.id, batches.createdBy))
    .leftJoin(purchases, eq(purchases.batchId, batches.id))
    .leftJoin(bought, eq(bought.batchId, batches.id))
    .where(and(inArray(batchOrigins.farmerId, farmerIds), isNull(batches.derivedBy)))
    .groupBy(batches.id)
    .orderBy(desc(sql`coalesce(${bought.at}, ${batches.createdAt})`))
    .limit(limit);
}

/** Valid certificates of some subjects (the farmer's own papers, or the batches she sold): the newest 100. */
export async function validCertificatesOfSubjects(db: Database, subjectType: string, subjectIds: string[]) {
  const rows = await selectInParts(subjectIds, (part) =>
    db
      .select({
        certificateNumber: certificates.certificateNumber,
        type: certificates.type,
        subjectId: certificates.subjectId,
        issuedAt: certificates.issuedAt,
        expiresAt: certificates.expiresAt,
      })
      .from(certificates)
      .where(
        and(
          eq(certificates.subjectType, subjectType),
          inArray(certificates.subjectId, part),
          eq(certificates.status, "valid"),
        ),
      )
      .orderBy(desc(certificates.issuedAt))
      .limit(100),
  );
  return rows.sort((a, b) => (a.issuedAt < b.issuedAt ? 1 : a.issuedAt > b.issuedAt ? -1 : 0)).slice(0, 100);
}

/** The farmer's own counts for /api/dashboard/metrics: plots by verdict. */
export async function ownPlotCounts(db: Database, farmerIds: string[]) {
  if (!farmerIds.length) return { plots: 0, decided: 0 };
  const [row] = await db
    .select({
      plots: count(),
      decided: sql<number>`coalesce(sum(case when ${landPlots.riskLevel} in ('low', 'high') then 1 else 0 end), 0)`,
    })
    .from(landPlots)
    .where(inArray(landPlots.farmerId, farmerIds));
  return { plots: row?.plots ?? 0, decided: Number(row?.decided ?? 0) };
}

/** How many farmers and plots one account registered since each date (YYYY-MM-DD, UTC). */
export async function registrationsBy(db: Database, userId: string, today: string, weekStart: string) {
  const [[f], [p]] = await db.batch([
    db
      .select({
        today: sql<number>`coalesce(sum(case when ${farmers.registrationDate} >= ${today} then 1 else 0 end), 0)`,
        week: count(),
      })
      .from(farmers)
      .where(and(eq(farmers.registeredBy, userId), gte(farmers.registrationDate, weekStart))),
    db
      .select({
        today: sql<number>`coalesce(sum(case when ${landPlots.createdAt} >= ${today} then 1 else 0 end), 0)`,
        week: count(),
      })
      .from(landPlots)
      .where(and(eq(landPlots.createdBy, userId), gte(landPlots.createdAt, weekStart))),
  ]);
  return {
    farmersToday: Number(f?.today ?? 0),
    farmersThisWeek: f?.week ?? 0,
    plotsToday: Number(p?.today ?? 0),
    plotsThisWeek: p?.week ?? 0,
  };
}
