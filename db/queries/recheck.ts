/**
 * SQL of the rule-set re-check (ADR 029): the plots still judged under an older rule
 * set, the batches drawn from them and who to tell, the guarded review updates, and the jobs.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import {
  batches,
  batchOrigins,
  farmers,
  landPlots,
  plotAssessments,
  recheckJobs,
  shipmentBatches,
  users,
} from "../schema";
import { NOW_SQL } from "./clock";
import { plotForAssessmentColumns } from "./plot-assessments";

export type RecheckJobRow = typeof recheckJobs.$inferSelect;
export type NewRecheckJob = typeof recheckJobs.$inferInsert;

const chunk = <T>(xs: readonly T[], n = 90): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
};

/**
 * The id of a plot's latest risk verdict (index plot_assessments_plot_id_idx; rowid breaks ties
 * within the same millisecond), as a correlated subquery on land_plots.
 */
const latestVerdictId = sql`(SELECT pa.id FROM ${plotAssessments} pa WHERE pa.plot_id = land_plots.id
  ORDER BY pa.assessed_at DESC, pa.rowid DESC LIMIT 1)`;

/**
 * A plot is stale when it was last checked under another rule set than `version`, or when its
 * latest risk verdict was produced under another risk method or layer versions than `riskPart`
 * (the part of a verdict version after "+", worker/domain/ruleset.ts verdictRiskPart).
 */
const stale = (version: string, riskPart: string) =>
  or(
    ne(landPlots.rulesetVersion, version),
    sql`(SELECT substr(v.ruleset_version, instr(v.ruleset_version, '+') + 1) FROM ${plotAssessments} v
      WHERE v.id = ${latestVerdictId}) <> ${riskPart}`,
  );

/** How many plots were last checked under another rule set than `version`, or hold a stale verdict. */
export async function countStalePlots(db: Database, version: string, riskPart: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(landPlots).where(stale(version, riskPart));
  return row?.n ?? 0;
}

/** The next `limit` stale plots after `cursor` (id order), each with its latest risk verdict. */
export async function stalePlotsAfter(
  db: Database,
  version: string,
  riskPart: string,
  cursor: string | null,
  limit: number,
) {
  return db
    .select({
      ...plotForAssessmentColumns,
      declaredCounty: landPlots.declaredCounty,
      rulesetVersion: landPlots.rulesetVersion,
      reviewState: landPlots.reviewState,
      reviewReasons: landPlots.reviewReasons,
      verdictId: plotAssessments.id,
      verdict: plotAssessments.verdict,
      verdictReasons: plotAssessments.reasons,
      verdictVersion: plotAssessments.rulesetVersion,
    })
    .from(landPlots)
    .leftJoin(plotAssessments, eq(plotAssessments.id, latestVerdictId))
    .where(and(stale(version, riskPart), cursor ? gt(landPlots.id, cursor) : undefined))
    .orderBy(asc(landPlots.id))
    .limit(limit);
}
export type StalePlot = Awaited<ReturnType<typeof stalePlotsAfter>>[number];

/**
 * Records the verdict of today's rule set on a plot, only if it is still judged under an older
 * one (a second runner's write changes nothing). `review` null clears a review. When the re-check
 * stored a new risk verdict (`newVerdictId`), the guard is that this verdict is the plot's latest
 * (a second runner's verdict was never inserted, so its update changes nothing).
 */
export function setPlotReviewStatement(
  db: Database,
  plotId: string,
  version: string,
  review: { reasons: string[]; since: string } | null | "unchanged",
  newVerdictId: string | null = null,
) {
  const set =
    review === "unchanged"
      ? { rulesetVersion: version }
      : review
        ? {
            rulesetVersion: version,
            reviewState: "needs_review",
            reviewReasons: JSON.stringify(review.reasons),
            reviewSince: review.since,
          }
        : { rulesetVersion: version, reviewState: null, reviewReasons: null, reviewSince: null };
  return db
    .update(landPlots)
    .set({ ...set, updatedAt: NOW_SQL })
    .where(
      and(
        eq(landPlots.id, plotId),
        newVerdictId ? sql`${latestVerdictId} = ${newVerdictId}` : ne(landPlots.rulesetVersion, version),
      ),
    );
}

/** The batches drawn from the plots (origins), with their holder. */
export async function batchesFromPlots(db: Database, plotIds: readonly string[]) {
  const out: { plotId: string; batchId: string; batchCode: string; holderId: string | null }[] = [];
  for (const part of chunk(plotIds)) {
    if (!part.length) continue;
    out.push(
      ...(await db
        .selectDistinct({
          plotId: batchOrigins.plotId,
          batchId: batches.id,
          batchCode: batches.batchCode,
          holderId: batches.holderId,
        })
        .from(batchOrigins)
        .innerJoin(batches, eq(batches.id, batchOrigins.batchId))
        .where(inArray(batchOrigins.plotId, part))),
    );
  }
  return out;
}

/** The accounts of the farmers (by farmer ID), where they have one. */
export async function farmerAccounts(db: Database, farmerIds: readonly string[]) {
  const out: { farmerId: string; userId: string }[] = [];
  for (const part of chunk([...new Set(farmerIds)])) {
    const found = await db
      .select({ farmerId: farmers.farmerId, userId: farmers.userId })
      .from(farmers)
      .where(and(inArray(farmers.farmerId, part), isNotNull(farmers.userId)));
    for (const f of found) if (f.userId) out.push({ farmerId: f.farmerId, userId: f.userId });
  }
  return out;
}

/** The active land inspectors of each county. */
export async function landInspectorsOf(db: Database, counties: readonly string[]) {
  const names = [...new Set(counties.filter(Boolean))];
  if (!names.length) return [];
  const variants = names.flatMap((c) => [c, c.replace(/ County$/, "")]);
  return db
    .select({ id: users.id, county: users.county })
    .from(users)
    .where(and(eq(users.role, "land_inspector"), inArray(users.county, variants)));
}

/** The plots under review among the origins of these batches (what holds a batch). */
export async function plotsUnderReviewOfBatches(db: Database, batchIds: readonly string[]) {
  const out: { batchId: string; plotCode: string; reviewReasons: string | null; reviewSince: string | null }[] = [];
  for (const part of chunk(batchIds)) {
    if (!part.length) continue;
    out.push(
      ...(await db
        .selectDistinct({
          batchId: batchOrigins.batchId,
          plotCode: landPlots.plotCode,
          reviewReasons: landPlots.reviewReasons,
          reviewSince: landPlots.reviewSince,
        })
        .from(batchOrigins)
        .innerJoin(landPlots, eq(landPlots.id, batchOrigins.plotId))
        .where(and(inArray(batchOrigins.batchId, part), eq(landPlots.reviewState, "needs_review")))),
    );
  }
  return out;
}

/** The plots under review of a certificate's subject: a batch (by code), a farmer (by ID) or a shipment (by code). */
export async function plotsUnderReviewOfSubject(db: Database, kind: string, reference: string) {
  const fields = { plotCode: landPlots.plotCode, reviewSince: landPlots.reviewSince };
  const underReview = eq(landPlots.reviewState, "needs_review");
  if (kind === "farmer")
    return db
      .select(fields)
      .from(landPlots)
      .where(and(eq(landPlots.farmerId, reference), underReview));
  if (kind === "batch")
    return db
      .selectDistinct(fields)
      .from(batches)
      .innerJoin(batchOrigins, eq(batchOrigins.batchId, batches.id))
      .innerJoin(landPlots, eq(landPlots.id, batchOrigins.plotId))
      .where(and(or(eq(batches.batchCode, reference), eq(batches.id, reference)), underReview));
  if (kind === "shipment")
    return db
      .selectDistinct(fields)
      .from(shipmentBatches)
      .innerJoin(
        sql`shipments`,
        sql`shipments.id = ${shipmentBatches.shipmentId} AND (shipments.code = ${reference} OR shipments.id = ${reference})`,
      )
      .innerJoin(batchOrigins, eq(batchOrigins.batchId, shipmentBatches.batchId))
      .innerJoin(landPlots, eq(landPlots.id, batchOrigins.plotId))
      .where(underReview);
  return [];
}

// ── Jobs ───────────────────────────────────────────────────────────────────────────────────

export function insertRecheckJobStatement(db: Database, job: NewRecheckJob) {
  return db.insert(recheckJobs).values(job);
}

export async function findRecheckJob(db: Database, id: string) {
  const [row] = await db.select().from(recheckJobs).where(eq(recheckJobs.id, id)).limit(1);
  return row ?? null;
}

export async function runningRecheckJob(db: Database) {
  const [row] = await db
    .select()
    .from(recheckJobs)
    .where(eq(recheckJobs.status, "running"))
    .orderBy(asc(recheckJobs.createdAt))
    .limit(1);
  return row ?? null;
}

export async function recentRecheckJobs(db: Database, limit = 10) {
  return db.select().from(recheckJobs).orderBy(desc(recheckJobs.createdAt)).limit(limit);
}

/** Moves a job on after a slice, only from the cursor it started the slice at (one runner wins). */
export function advanceRecheckJobStatement(
  db: Database,
  id: string,
  fromCursor: string | null,
  set: Partial<NewRecheckJob> & {
    add: { done: number; flagged: number; cleared: number; unchanged: number; reassessed: number };
  },
) {
  const { add, ...rest } = set;
  return db
    .update(recheckJobs)
    .set({
      ...rest,
      done: sql`${recheckJobs.done} + ${add.done}`,
      flagged: sql`${recheckJobs.flagged} + ${add.flagged}`,
      cleared: sql`${recheckJobs.cleared} + ${add.cleared}`,
      unchanged: sql`${recheckJobs.unchanged} + ${add.unchanged}`,
      reassessed: sql`${recheckJobs.reassessed} + ${add.reassessed}`,
      updatedAt: NOW_SQL,
    })
    .where(
      and(
        eq(recheckJobs.id, id),
        eq(recheckJobs.status, "running"),
        fromCursor === null ? sql`${recheckJobs.cursor} IS NULL` : eq(recheckJobs.cursor, fromCursor),
      ),
    )
    .returning({ id: recheckJobs.id });
}

export async function setRecheckJobStatus(db: Database, id: string, status: string, lastError: string | null) {
  await db
    .update(recheckJobs)
    .set({
      status,
      lastError,
      finishedAt: status === "running" ? null : new Date().toISOString(),
      updatedAt: NOW_SQL,
    })
    .where(eq(recheckJobs.id, id));
}
