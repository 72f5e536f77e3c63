/**
 * The report request: one zod schema shared by the /generate-reports form (conform,
 * JavaScript on or off), its action and POST /api/reports. Messages live once in REPORT_MESSAGES.
 * Whether the person may have the kind, and whether the exporter exists, are judged on the
 * server (worker/auth/report-access.ts, worker/api/reports.ts), never here.
 */
import { z } from "zod";
import type { ReportViewer } from "../auth/report-access";
import { REPORT_KINDS } from "../auth/report-access";
import { COUNTIES } from "../content/counties";
import { CROPS } from "../domain/commodities";
import {
  isMonitoringPeriod,
  MONITORING_PERIODS,
  type MonitoringPeriod,
  PERIOD_LABEL,
  periodRange,
} from "../domain/monitoring";
import { MAX_REPORT_YEARS, normalizeParams, type ReportParams } from "../domain/reports/report-content";

export const REPORT_MESSAGES = {
  kind: "Choose the kind of report: national, county, commodity or exporter",
  from: "Enter the start date as YYYY-MM-DD, like 2026-01-01",
  to: "Enter the end date as YYYY-MM-DD, like 2026-03-31",
  order: "The start date must be on or before the end date",
  tooLong: `A report can cover at most ${MAX_REPORT_YEARS} years: choose a later start date or an earlier end date`,
  future: "The end date cannot be in the future",
  county: "Choose one of Liberia's 15 counties for a county report",
  commodity: "Choose the commodity for a commodity report",
  exporterId: "Choose a licensed exporter from the list",
  csrf: "The form could not be verified. Please reload the page and try again.",
  period: `Choose one of the fixed periods: ${MONITORING_PERIODS.map((p) => PERIOD_LABEL[p]).join(", ")}`,
  observerRange: `Oversight observers choose one of the fixed periods (${MONITORING_PERIODS.map((p) => PERIOD_LABEL[p]).join(", ")}): custom date ranges are open to regulator staff only, so that two close ranges cannot be subtracted to reveal a small figure`,
} as const;

/** A real calendar date written yyyy-mm-dd (2026-02-30 is refused). */
const isoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
    }, message);

/** The last day a report starting on `from` may end on: the day before its 5th anniversary. */
export function latestEnd(from: string): string {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + MAX_REPORT_YEARS);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * {kind, from, to, county?, commodity?, exporterId?} → the kind and its normalised parameters
 * (only those the kind uses). County and commodity are required for their kinds; the exporter
 * is optional (without one, the report covers every licensed exporter).
 */
export const ReportRequestSchema = z
  .object({
    kind: z.enum(REPORT_KINDS, { error: REPORT_MESSAGES.kind }),
    /** A fixed period (the only choice of oversight observers); else `from` and `to`. */
    period: z.enum(MONITORING_PERIODS, { error: REPORT_MESSAGES.period }).optional(),
    from: isoDate(REPORT_MESSAGES.from).optional(),
    to: isoDate(REPORT_MESSAGES.to).optional(),
    county: z.enum(COUNTIES, { error: REPORT_MESSAGES.county }).optional(),
    commodity: z.enum(CROPS, { error: REPORT_MESSAGES.commodity }).optional(),
    exporterId: z
      .string({ error: REPORT_MESSAGES.exporterId })
      .trim()
      .min(1, REPORT_MESSAGES.exporterId)
      .max(80, REPORT_MESSAGES.exporterId)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.period) {
      if (!v.from) ctx.addIssue({ code: "custom", path: ["from"], message: REPORT_MESSAGES.from });
      if (!v.to) ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.to });
    }
    if (v.from && v.to) {
      if (v.from > v.to) ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.order });
      else if (v.to > latestEnd(v.from))
        ctx.addIssue({ code: "custom", path: ["from"], message: REPORT_MESSAGES.tooLong });
    }
    if (v.to && v.to > todayUtc()) ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.future });
    if (v.kind === "county" && !v.county)
      ctx.addIssue({ code: "custom", path: ["county"], message: REPORT_MESSAGES.county });
    if (v.kind === "commodity" && !v.commodity)
      ctx.addIssue({ code: "custom", path: ["commodity"], message: REPORT_MESSAGES.commodity });
  })
  .transform((v) => ({
    kind: v.kind,
    ...(v.period ? { period: v.period } : {}),
    ...normalizeParams(v.kind, { ...v, from: v.from ?? "", to: v.to ?? "" } as ReportParams),
  }));

export type ReportRequest = z.infer<typeof ReportRequestSchema>;

const isObserver = (viewer: ReportViewer) => viewer.role === "monitoring_observer";

/**
 * The request with its dates: a fixed period becomes its dates on `now`'s day. Oversight
 * observers get the fixed periods only (docs/decisions/012-oversight-reports.md): two close
 * day-level ranges could be subtracted to reveal what suppression hides. Other roles may use either.
 */
export function datedRequest(
  input: ReportRequest,
  viewer: ReportViewer,
  now: Date,
): { ok: true; value: ReportRequest } | { ok: false; message: string } {
  const { period, ...rest } = input;
  if (!period)
    return isObserver(viewer) ? { ok: false, message: REPORT_MESSAGES.observerRange } : { ok: true, value: rest };
  return { ok: true, value: { ...rest, ...periodRange(period, now) } };
}

/** Whether a stored report covers a fixed period as of the day it was requested (what an observer may see). */
export function coversFixedPeriod(params: Pick<ReportParams, "from" | "to">, createdAt: string): boolean {
  const day = new Date(`${createdAt.slice(0, 10)}T12:00:00Z`);
  return MONITORING_PERIODS.some((p) => {
    const r = periodRange(p, day);
    return r.from === params.from && r.to === params.to;
  });
}

/** Whether `viewer` may see a report of these parameters: observers only fixed periods. */
export const periodVisibleTo = (viewer: ReportViewer, params: ReportParams, createdAt: string) =>
  !isObserver(viewer) || coversFixedPeriod(params, createdAt);

export { isMonitoringPeriod, type MonitoringPeriod };

/** The form's starting values: the year so far. */
export function defaultPeriod(today = todayUtc()) {
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}
