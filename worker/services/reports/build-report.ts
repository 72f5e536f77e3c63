/**
 * Oversight reports, requested and built in the background:
 *
 * 1. `requestReport` records the request (`reports` row, status queued, with its audit row)
 *    and answers at once; a repeat of a request still being built joins it instead.
 * 2. `buildReport` (started with waitUntil; resumed by a page refresh or the cron handler)
 *    claims the row, gathers the figures (progress 10), and — like certificates — reuses the
 *    PDF of a ready report with the same kind, parameters and data hash; otherwise renders
 *    (progress 60) and stores the PDF in R2 under a content-addressed key (progress 100).
 * 3. `continueReports` (cron) finishes requests whose builder stopped, and gives up on any
 *    older than an hour so a report that cannot be built does not retry forever.
 *
 * The PDF code (pdf-lib, fontkit, ~2 MB of fonts) is imported lazily: only a build loads it.
 */
import type { Database } from "#db/client";
import {
  activeReportFor,
  claimReport,
  entityTypeOf,
  getReport,
  insertReport,
  type ReportRow,
  readyReportWithHash,
  stalledReports,
  updateReport,
} from "#db/queries/reports";
import type { ReportViewer } from "#worker/auth/report-access";
import type { Role } from "#worker/auth/roles";
import {
  canonicalJson,
  normalizeParams,
  type ReportKind,
  type ReportParams,
} from "#worker/domain/reports/report-content";
import type { AuditActor } from "../deps";
import { auditEntry } from "../platform/audit";
import { gatherReportData } from "./report-data";

export type ReportFiles = Pick<R2Bucket, "put" | "head">;
export type BuildReportDeps = { db: Database; files: ReportFiles; now?: () => Date };

/** A builder silent for this long is presumed dead: another may take the report over. */
export const REPORT_LEASE_MS = 60_000;
/** A request not ready after this long is marked failed (it would otherwise be retried forever). */
export const REPORT_GIVE_UP_MS = 60 * 60 * 1000;

export const REPORT_PROGRESS = { claimed: 5, gathered: 10, rendered: 60, stored: 100 } as const;

/**
 * Who is asking, with the oversight entity type (donor | ngo | auditor) read from the account in
 * D1 — never from the client, and not kept in the session.
 */
export async function reportViewer(
  user: { id: string; role: Role },
  db: Database,
): Promise<ReportViewer & { id: string }> {
  const entityType = user.role === "monitoring_observer" ? await entityTypeOf(db, user.id) : null;
  return { id: user.id, role: user.role, entityType };
}

/** R2 key of a report PDF: addressed by its data hash, which covers kind, parameters and figures. */
export const reportKey = (dataHash: string) => `reports/${dataHash}.pdf`;

/** A report as the API and the pages show it (parameters parsed, no storage key). */
export function reportView(r: ReportRow) {
  return {
    id: r.id,
    kind: r.kind as ReportKind,
    params: JSON.parse(r.params) as ReportParams,
    status: r.status as "queued" | "building" | "ready" | "failed",
    progress: r.progress,
    dataHash: r.dataHash,
    error: r.error,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    pdfUrl: r.status === "ready" ? `/api/reports/${r.id}/pdf` : null,
  };
}
/**
 * Records a report request (queued) with its audit row. A request equal to one still queued or
 * building (same kind and parameters, builder alive) returns that one: a double click or a
 * second user asking for the same figures does not start a second build.
 */
export async function requestReport(
  input: { kind: ReportKind } & ReportParams,
  deps: { db: Database; actor: AuditActor; now?: () => Date },
): Promise<{ report: ReportRow; joined: boolean }> {
  const now = (deps.now ?? (() => new Date()))();
  const params = canonicalJson(normalizeParams(input.kind, input));
  const active = await activeReportFor(
    deps.db,
    input.kind,
    params,
    new Date(now.getTime() - REPORT_LEASE_MS).toISOString(),
  );
  if (active) return { report: active, joined: true };
  const id = crypto.randomUUID();
  await deps.db.batch([
    insertReport(deps.db, { id, kind: input.kind, params, status: "queued", progress: 0, createdBy: deps.actor.id }),
    auditEntry(deps.db, deps.actor, "report.request", "report", id, null, {
      kind: input.kind,
      params: JSON.parse(params),
    }),
  ]);
  return { report: (await getReport(deps.db, id))!, joined: false };
}

export type BuildOutcome = { id: string; status: string; cached?: boolean; error?: string };

/**
 * Builds one report if it is free to build (queued, or its builder went silent). Never throws:
 * a failure is stored on the row (status failed, with the reason) for the person waiting.
 */
export async function buildReport(id: string, deps: BuildReportDeps): Promise<BuildOutcome> {
  const now = deps.now ?? (() => new Date());
  const staleBefore = new Date(now().getTime() - REPORT_LEASE_MS).toISOString();
  if (!(await claimReport(deps.db, id, staleBefore))) {
    const row = await getReport(deps.db, id);
    return { id, status: row?.status ?? "missing" };
  }
  try {
    const row = (await getReport(deps.db, id))!;
    const params = JSON.parse(row.params) as ReportParams;
    const kind = row.kind as ReportKind;
    const { data, dataHash } = await gatherReportData(kind, params, { db: deps.db });
    await updateReport(deps.db, id, { dataHash, progress: REPORT_PROGRESS.gathered });

    // Cache: the same kind, parameters and figures were built before and their PDF is still stored.
    const cached = await readyReportWithHash(deps.db, kind, row.params, dataHash, id);
    if (cached?.r2Key && (await deps.files.head(cached.r2Key))) {
      await updateReport(deps.db, id, { status: "ready", progress: REPORT_PROGRESS.stored, r2Key: cached.r2Key });
      return { id, status: "ready", cached: true };
    }

    const { renderReport } = await import("#worker/domain/reports/render-report");
    const rendered = await renderReport(data, { dataHash, generatedAt: now().toISOString() });
    await updateReport(deps.db, id, { progress: REPORT_PROGRESS.rendered });
    const key = reportKey(dataHash);
    await deps.files.put(key, rendered.bytes, {
      httpMetadata: { contentType: "application/pdf" },
      customMetadata: { reportId: id, kind, dataHash },
    });
    await updateReport(deps.db, id, { status: "ready", progress: REPORT_PROGRESS.stored, r2Key: key });
    return { id, status: "ready", cached: false };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error("report build failed", id, error);
    await updateReport(deps.db, id, {
      status: "failed",
      error: `The report could not be built: ${message}`.slice(0, 500),
    });
    return { id, status: "failed", error: message };
  }
}

/**
 * Cron: builds reports left queued or whose builder stopped; marks failed any request older
 * than REPORT_GIVE_UP_MS. Returns what it did (kept in cron_runs).
 */
export async function continueReports(deps: BuildReportDeps, limit = 5): Promise<{ reports: BuildOutcome[] }> {
  const now = deps.now ?? (() => new Date());
  const staleBefore = new Date(now().getTime() - REPORT_LEASE_MS).toISOString();
  const giveUpBefore = new Date(now().getTime() - REPORT_GIVE_UP_MS).toISOString();
  const out: BuildOutcome[] = [];
  for (const r of await stalledReports(deps.db, staleBefore, limit)) {
    if (r.createdAt < giveUpBefore) {
      await updateReport(deps.db, r.id, {
        status: "failed",
        error: "The report could not be built in time. Please request it again.",
      });
      out.push({ id: r.id, status: "failed" });
      continue;
    }
    out.push(await buildReport(r.id, deps));
  }
  return { reports: out };
}
