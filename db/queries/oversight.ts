/**
 * SQL of the executive dashboards (/dg-dashboard, /ddgots-dashboard, /ddgaf-dashboard)
 * and of the staff figures of /api/dashboard/metrics. Read-only aggregates over the whole registry,
 * each filtered by a date range (`from` inclusive, `until` exclusive, both YYYY-MM-DD) and, where it
 * makes sense, a county and a commodity. Every query is a GROUP BY or a COUNT reading an index
 * (see the `oversight_*` indexes of migration "oversight_indexes"), so the pages stay fast on the
 * bench's 100,000-farmer registry; lists are paged with LIMIT/OFFSET.
 */
import { and, eq, gte, like, lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { batches } from "../schema";
import { realCertificate } from "./certificates";
import { exportFacts, purchaseFacts } from "./figures";

export type OversightFilter = {
  /** First day counted (YYYY-MM-DD). */
  from: string;
  /** The day after the last day counted (YYYY-MM-DD): ISO timestamps of the last day sort before it. */
  until: string;
  county: string | null;
  commodity: string | null;
};

const n = (v: unknown) => Number(v ?? 0);

// ── National figures (DG) ────────────────────────────────────────────────────────────────────

/** Farmers registered in the range (county: the farmer's; commodity: a crop the farmer grows). */
export async function farmersRegistered(db: Database, f: OversightFilter): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`
    SELECT count(*) AS n FROM farmers
    WHERE registration_date >= ${f.from} AND registration_date < ${f.until}
      ${f.county ? sql`AND county = ${f.county}` : sql``}
      ${f.commodity ? sql`AND EXISTS (SELECT 1 FROM farmer_crops fc WHERE fc.farmer_id = farmers.id AND fc.crop = ${f.commodity})` : sql``}`);
  return n(row?.n);
}

const plotWhere = (f: OversightFilter) => sql`
  status = 'active' AND created_at >= ${f.from} AND created_at < ${f.until}
  ${f.county ? sql`AND county = ${f.county}` : sql``}
  ${f.commodity ? sql`AND crop = ${f.commodity}` : sql``}`;

/** Active plots mapped in the range: how many, how many with valid geometry, and each risk verdict. */
export async function plotFigures(db: Database, f: OversightFilter) {
  const rows = await db.all<{ risk: string | null; valid: number; n: number }>(sql`
    SELECT risk_level AS risk, sum(validation_state = 'valid') AS valid, count(*) AS n
    FROM land_plots WHERE ${plotWhere(f)} GROUP BY risk_level`);
  const risk = { low: 0, high: 0, more_information_needed: 0, not_assessed: 0 };
  let mapped = 0;
  let valid = 0;
  for (const r of rows) {
    mapped += n(r.n);
    valid += n(r.valid);
    const key = r.risk === "low" || r.risk === "high" || r.risk === "more_information_needed" ? r.risk : "not_assessed";
    risk[key] += n(r.n);
  }
  return { mapped, valid, risk };
}

/** Per county: active plots mapped in the range and how many of them are high risk (the choropleth). */
export async function plotsByCounty(db: Database, f: OversightFilter) {
  const rows = await db.all<{ county: string | null; n: number; high: number }>(sql`
    SELECT county, count(*) AS n, sum(risk_level = 'high') AS high
    FROM land_plots WHERE ${plotWhere({ ...f, county: null })} GROUP BY county`);
  return rows.map((r) => ({ county: r.county, mapped: n(r.n), high: n(r.high) }));
}

/**
 * Weight purchased and exported per month, commodity and batch county, as every figure counts them
 * (db/queries/figures.ts): the weight and date at the purchase, and the weight that left and when.
 */
export async function custodyVolumes(db: Database, f: OversightFilter) {
  const volumes = async (stage: "purchased" | "exported") => {
    const facts = stage === "purchased" ? purchaseFacts(db) : exportFacts(db);
    const month = sql<string>`substr(${facts.at}, 1, 7)`;
    const rows = await db
      .select({ month, commodity: batches.commodity, county: batches.county, g: sql<number>`sum(${facts.weightG})` })
      .from(facts)
      .innerJoin(batches, eq(batches.id, facts.batchId))
      .where(
        and(
          gte(facts.at, f.from),
          lt(facts.at, f.until),
          f.county ? like(batches.county, `%${f.county}%`) : undefined,
          f.commodity ? eq(batches.commodity, f.commodity) : undefined,
        ),
      )
      .groupBy(month, batches.commodity, batches.county);
    return rows.map((r) => ({ stage, ...r, g: n(r.g) }));
  };
  return [...(await volumes("purchased")), ...(await volumes("exported"))];
}

/** Certificates issued in the range, by what they are now: valid, expired (past their date) or revoked. */
export async function certificateFigures(db: Database, f: OversightFilter, nowIso: string) {
  const [row] = await db.all<{ issued: number; valid: number; expired: number; revoked: number }>(sql`
    SELECT count(*) AS issued,
      sum(status = 'valid' AND expires_at > ${nowIso}) AS valid,
      sum(status = 'expired' OR (status = 'valid' AND expires_at <= ${nowIso})) AS expired,
      sum(status = 'revoked') AS revoked
    FROM certificates WHERE issued_at >= ${f.from} AND issued_at < ${f.until} AND ${realCertificate()}`);
  return { issued: n(row?.issued), valid: n(row?.valid), expired: n(row?.expired), revoked: n(row?.revoked) };
}

// ── Alerts (DG) ──────────────────────────────────────────────────────────────────────────────

export type AlertRow = { kind: string; ref: string; label: string; at: string; total: number };
const PAGE = 10;

/** Plots judged high risk in the range (newest first). */
export async function highRiskPlots(db: Database, f: OversightFilter) {
  return db.all<AlertRow>(sql`
    SELECT 'high_risk' AS kind, id AS ref, plot_code AS label, assessed_at AS at, count(*) OVER () AS total
    FROM land_plots WHERE risk_level = 'high' AND status = 'active'
      AND assessed_at >= ${f.from} AND assessed_at < ${f.until}
      ${f.county ? sql`AND county = ${f.county}` : sql``}
      ${f.commodity ? sql`AND crop = ${f.commodity}` : sql``}
    ORDER BY assessed_at DESC LIMIT ${PAGE}`);
}

/** Plots the registry marks as a possible double claim (visit queue rank 5). */
export async function doubleClaimPlots(db: Database, f: OversightFilter) {
  return db.all<AlertRow>(sql`
    SELECT 'double_claim' AS kind, id AS ref, plot_code AS label, created_at AS at, count(*) OVER () AS total
    FROM land_plots WHERE visit_priority = 5
      ${f.county ? sql`AND county = ${f.county}` : sql``}
      ${f.commodity ? sql`AND crop = ${f.commodity}` : sql``}
    ORDER BY created_at DESC LIMIT ${PAGE}`);
}

/** Batches created in the range with a volume plausibility flag, or held for review. */
export async function batchAlerts(db: Database, f: OversightFilter, kind: "volume_flag" | "held_for_review") {
  return db.all<AlertRow>(sql`
    SELECT ${kind} AS kind, batch_code AS ref, batch_code AS label, created_at AS at, count(*) OVER () AS total
    FROM batches
    WHERE ${kind === "volume_flag" ? sql`volume_flag = 1` : sql`compliance_status = 'held_for_review'`}
      AND created_at >= ${f.from} AND created_at < ${f.until}
      ${f.county ? sql`AND county LIKE ${`%${f.county}%`}` : sql``}
      ${f.commodity ? sql`AND commodity = ${f.commodity}` : sql``}
    ORDER BY created_at DESC LIMIT ${PAGE}`);
}

/** Valid certificates that expire between now and `soonIso` (soonest first). */
export async function certificatesExpiring(db: Database, nowIso: string, soonIso: string) {
  return db.all<AlertRow>(sql`
    SELECT 'expiring' AS kind, certificate_number AS ref, certificate_number AS label, expires_at AS at,
           count(*) OVER () AS total
    FROM certificates WHERE status = 'valid' AND expires_at > ${nowIso} AND expires_at <= ${soonIso} AND ${realCertificate()}
    ORDER BY expires_at LIMIT ${PAGE}`);
}

// ── Licensing queues (DG approves, DDGOTS recommends) ───────────────────────────────────────

export async function licencesInStatus(db: Database, status: string, page: number) {
  return db.all<{
    id: string;
    type: string;
    companyName: string;
    county: string | null;
    updatedAt: string;
    total: number;
  }>(sql`
    SELECT id, type, company_name AS companyName, county, updated_at AS updatedAt, count(*) OVER () AS total
    FROM licences WHERE status = ${status} ORDER BY updated_at, id LIMIT ${PAGE} OFFSET ${(page - 1) * PAGE}`);
}

export async function permitsInStatus(db: Database, status: string, page: number) {
  return db.all<{ id: string; shipmentCode: string; exporter: string; updatedAt: string; total: number }>(sql`
    SELECT p.id, s.code AS shipmentCode, coalesce(u.company_name, u.login_id, '') AS exporter,
           p.updated_at AS updatedAt, count(*) OVER () AS total
    FROM export_permits p JOIN shipments s ON s.id = p.shipment_id LEFT JOIN users u ON u.id = p.exporter_id
    WHERE p.status = ${status} ORDER BY p.updated_at, p.id LIMIT ${PAGE} OFFSET ${(page - 1) * PAGE}`);
}

// ── Operations (DDGOTS) ──────────────────────────────────────────────────────────────────────

export const PIPELINE_STAGES = ["warehouse", "port", "land"] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

/**
 * The open items of one inspection stage, oldest first: warehouse — batches dispatched to a
 * warehouse inspector and not yet inspected; port — batches inspected at the warehouse, awaiting the
 * port; land — plots in the verification queue for a reason (ranks 1–8; "never visited" alone is
 * counted apart). `since` is when the item entered the stage.
 */
export async function pipeline(db: Database, stage: PipelineStage, f: OversightFilter, page: number) {
  const county = (col: string) =>
    f.county ? sql`AND ${sql.raw(col)} ${stage === "land" ? sql`= ${f.county}` : sql`LIKE ${`%${f.county}%`}`}` : sql``;
  const commodity = (col: string) => (f.commodity ? sql`AND ${sql.raw(col)} = ${f.commodity}` : sql``);
  const offset = (page - 1) * PAGE;
  if (stage === "warehouse")
    return db.all<{ ref: string; label: string; since: string; total: number }>(sql`
      SELECT b.batch_code AS ref, b.batch_code || ' — ' || b.commodity AS label, d.dispatched_at AS since,
             count(*) OVER () AS total
      FROM batch_dispatches d JOIN batches b ON b.id = d.batch_id
      WHERE b.status IN ('purchased', 'warehouse_received') ${county("b.county")} ${commodity("b.commodity")}
      ORDER BY d.dispatched_at, b.id LIMIT ${PAGE} OFFSET ${offset}`);
  if (stage === "port")
    return db.all<{ ref: string; label: string; since: string; total: number }>(sql`
      SELECT batch_code AS ref, batch_code || ' — ' || commodity AS label, updated_at AS since, count(*) OVER () AS total
      FROM batches WHERE status = 'warehouse_inspected' ${county("county")} ${commodity("commodity")}
      ORDER BY updated_at, id LIMIT ${PAGE} OFFSET ${offset}`);
  return db.all<{ ref: string; label: string; since: string; total: number }>(sql`
    SELECT id AS ref, plot_code || ' — ' || coalesce(county, '') AS label, created_at AS since, count(*) OVER () AS total
    FROM land_plots WHERE visit_priority BETWEEN 1 AND 8 ${county("county")} ${commodity("crop")}
    ORDER BY created_at, id LIMIT ${PAGE} OFFSET ${offset}`);
}

/** Warehouse grades given in the range, per commodity and grade. */
export async function gradeDistribution(db: Database, f: OversightFilter) {
  const rows = await db.all<{ commodity: string; grade: string; n: number }>(sql`
    SELECT i.commodity AS commodity, i.grade AS grade, count(*) AS n
    FROM batch_inspections i ${f.county ? sql`JOIN batches b ON b.id = i.batch_id` : sql``}
    WHERE i.inspected_at >= ${f.from} AND i.inspected_at < ${f.until}
      ${f.county ? sql`AND b.county LIKE ${`%${f.county}%`}` : sql``}
      ${f.commodity ? sql`AND i.commodity = ${f.commodity}` : sql``}
    GROUP BY i.commodity, i.grade ORDER BY i.commodity, i.grade`);
  return rows.map((r) => ({ ...r, n: n(r.n) }));
}

/**
 * Open items per inspector: a warehouse inspector's dispatched batches not yet inspected; a land
 * inspector's plots in the verification queue (ranks 1–8) of their county. Port inspectors share
 * one queue (the port stage of the pipeline), so they have no row of their own.
 */
export async function inspectorWorkload(db: Database) {
  const rows = await db.all<{ id: string; role: string; name: string; county: string | null; open: number }>(sql`
    SELECT u.id, u.role, trim(u.first_name || ' ' || u.last_name) AS name, u.county,
      CASE u.role
        WHEN 'warehouse_inspector' THEN (SELECT count(*) FROM batch_dispatches d JOIN batches b ON b.id = d.batch_id
             WHERE d.warehouse_inspector_id = u.id AND b.status IN ('purchased', 'warehouse_received'))
        ELSE (SELECT count(*) FROM land_plots p WHERE p.county = u.county AND p.visit_priority BETWEEN 1 AND 8)
      END AS open
    FROM users u WHERE u.active = 1 AND u.role IN ('warehouse_inspector', 'land_inspector')
    ORDER BY open DESC, u.role, name LIMIT 200`);
  return rows.map((r) => ({ ...r, open: n(r.open) }));
}

/** Batches waiting for a compliance decision (pending or held for review), oldest first. */
export async function certificationQueue(db: Database, f: OversightFilter, page: number) {
  return db.all<{ ref: string; commodity: string; compliance: string; since: string; total: number }>(sql`
    SELECT batch_code AS ref, commodity, compliance_status AS compliance, updated_at AS since, count(*) OVER () AS total
    FROM batches
    WHERE compliance_status IN ('pending', 'held_for_review') AND status NOT IN ('split', 'merged', 'rejected', 'exported')
      ${f.county ? sql`AND county LIKE ${`%${f.county}%`}` : sql``}
      ${f.commodity ? sql`AND commodity = ${f.commodity}` : sql``}
    ORDER BY updated_at, id LIMIT ${PAGE} OFFSET ${(page - 1) * PAGE}`);
}

// ── Finance and staff (DDGAF) ────────────────────────────────────────────────────────────────

/** Unpaid invoices issued in the range, oldest first. */
export async function outstandingInvoices(db: Database, f: OversightFilter, page: number) {
  return db.all<{
    id: string;
    number: string;
    feeType: string;
    amountMinor: number;
    currency: string;
    issuedOn: string;
    dueOn: string;
    payer: string;
    total: number;
  }>(sql`
    SELECT i.id, i.number, i.fee_type AS feeType, i.amount_minor AS amountMinor, i.currency, i.issued_on AS issuedOn,
           i.due_on AS dueOn, coalesce(u.company_name, u.login_id, '') AS payer, count(*) OVER () AS total
    FROM fee_invoices i LEFT JOIN users u ON u.id = i.payer_id
    WHERE i.status = 'billed' AND i.issued_on >= ${f.from} AND i.issued_on < ${f.until}
    ORDER BY i.issued_on, i.number LIMIT ${PAGE} OFFSET ${(page - 1) * PAGE}`);
}

/** The regulator's and platform's staff accounts that are active, per role and department. */
export async function staffByRole(db: Database) {
  const rows = await db.all<{ role: string; department: string | null; n: number }>(sql`
    SELECT role, department, count(*) AS n FROM users
    WHERE active = 1 AND role NOT IN ('farmer', 'buyer', 'exporter', 'monitoring_observer')
    GROUP BY role, department ORDER BY role, department`);
  return rows.map((r) => ({ ...r, n: n(r.n) }));
}

// ── /api/dashboard/metrics (staff) ───────────────────────────────────────────────────────────

/** Active plots; open inspection items (warehouse, port, land ranks 1–8); inspections done (warehouse, port, field visits). */
export async function staffMetrics(db: Database) {
  const [row] = await db.all<{ farms: number; pending: number; completed: number }>(sql`
    SELECT
      (SELECT count(*) FROM land_plots WHERE status = 'active') AS farms,
      (SELECT count(*) FROM batch_dispatches d JOIN batches b ON b.id = d.batch_id
         WHERE b.status IN ('purchased', 'warehouse_received'))
      + (SELECT count(*) FROM batches WHERE status = 'warehouse_inspected')
      + (SELECT count(*) FROM land_plots WHERE visit_priority BETWEEN 1 AND 8) AS pending,
      (SELECT count(*) FROM batch_inspections) + (SELECT count(*) FROM port_inspections)
      + (SELECT count(*) FROM plot_visits) AS completed`);
  return { farms: n(row?.farms), pending: n(row?.pending), completed: n(row?.completed) };
}
