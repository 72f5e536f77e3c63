/**
 * /api/monitoring: the oversight dashboard's aggregates and event feed. Fixed periods and whole
 * counties only (ADR 025: no free date ranges, so small cells cannot be recovered).
 */
import { z } from "zod";
import { COUNTIES } from "../content/counties";
import { MONITORING_PERIODS } from "../domain/monitoring";

export const MonitoringQuerySchema = z.object({
  period: z.enum(MONITORING_PERIODS, { error: "Choose one of the listed periods" }).default("all"),
  county: z.enum(COUNTIES, { error: "Choose a county of Liberia" }).optional(),
});
