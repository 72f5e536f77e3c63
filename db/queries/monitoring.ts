/**
 * The oversight monitoring dashboard: certificate counts and the anonymised event feed.
 * Counts and kinds only: no farmer, plot, batch or certificate identifier leaves the database.
 */
import { and, desc, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { assessmentJobs, auditLog, certificates } from "../schema";
import { realCertificate } from "./certificates";

/** Certificates issued in [from, end), by their status now (valid, expired, revoked, superseded); test documents never count. */
export async function certificatesByStatus(db: Database, from: string, end: string) {
  return db
    .select({ status: certificates.status, n: sql<number>`count(*)` })
    .from(certificates)
    .where(and(gte(certificates.issuedAt, from), lt(certificates.issuedAt, end), realCertificate()))
    .groupBy(certificates.status);
}

/** The audit actions the public feed shows, and nothing else of the audit row but its time. */
export const FEED_ACTIONS = ["batch.exported", "shipment.export", "certificate.issue", "certificate.revoke"] as const;

/** The latest feed events since `since`: the action and its time only. */
export async function recentFeedAudit(db: Database, since: string, limit: number) {
  return db
    .select({ action: auditLog.action, at: auditLog.createdAt })
    .from(auditLog)
    .where(and(inArray(auditLog.action, [...FEED_ACTIONS]), gte(auditLog.createdAt, since)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/** County risk assessments finished since `since`: the county and the time only. */
export async function recentCountyAssessments(db: Database, since: string, limit: number) {
  return db
    .select({ county: assessmentJobs.scopeValue, at: assessmentJobs.finishedAt })
    .from(assessmentJobs)
    .where(
      and(
        eq(assessmentJobs.scope, "county"),
        eq(assessmentJobs.status, "done"),
        isNotNull(assessmentJobs.finishedAt),
        gte(assessmentJobs.finishedAt, since),
      ),
    )
    .orderBy(desc(assessmentJobs.finishedAt))
    .limit(limit);
}
