/**
 * Which aggregate reports each account may generate, list and download. Enforced on
 * the server by worker/api/reports.ts and app/routes/generate-reports.server.ts; the pages only
 * use it to offer the right choices. See the reports ADR for the reasoning.
 *
 * Every report holds aggregate figures only (counts, hectares, tonnages, verdict shares) — no
 * farmer names, IDs or plot codes. The by-exporter report is the one that names someone: the
 * licensed exporting companies and their export tonnages, which are commercially sensitive.
 * So regulator staff see every kind; among oversight observers, auditors (who audit the
 * regulator and the licensees) see every kind, while donors and NGOs see the national, county
 * and commodity reports only. An observer whose entity type is missing or unknown gets the
 * narrowest set.
 */
import { can } from "./permissions";
import type { EntityType, Role } from "./roles";

export const REPORT_KINDS = ["national", "county", "commodity", "exporter"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The kinds that contain no company names: open to every oversight entity. */
export const AGGREGATE_ONLY_KINDS: readonly ReportKind[] = ["national", "county", "commodity"];

export type ReportViewer = { role: Role; entityType?: EntityType | string | null };

/**
 * The report kinds `viewer` may see (generate, list, open, download). Empty for roles without
 * the downloadReports permission.
 */
export function reportKindsFor(viewer: ReportViewer): readonly ReportKind[] {
  if (!can(viewer.role, "downloadReports")) return [];
  if (viewer.role !== "monitoring_observer") return REPORT_KINDS;
  return viewer.entityType === "auditor" ? REPORT_KINDS : AGGREGATE_ONLY_KINDS;
}

/** Whether `viewer` may generate a report of `kind` (generation needs its own permission too). */
export function mayGenerateReport(viewer: ReportViewer, kind: ReportKind): boolean {
  return can(viewer.role, "generateReports") && reportKindsFor(viewer).includes(kind);
}

/** Whether `viewer` may see (status, download) a report of `kind`. */
export function maySeeReport(viewer: ReportViewer, kind: string): boolean {
  return (reportKindsFor(viewer) as readonly string[]).includes(kind);
}

/** Why a viewer may not see `kind`, in words for a 403. */
export function reportRefusal(viewer: ReportViewer, kind: string): string {
  if (viewer.role === "monitoring_observer" && kind === "exporter") {
    return "By-exporter reports name licensed exporting companies: they are open to regulator staff and auditors only";
  }
  return "You do not have permission to see this report";
}
