/**
 * Gathers the figures of one oversight report from D1 — six GROUP BY queries in one
 * round trip (db/queries/reports.ts) — and shapes them into `ReportData`, with its data hash.
 * Aggregates only: no farmer, plot or batch identifier leaves the database.
 */

import type { Database } from "#db/client";
import { exporterNames, farmerCellCounts, runAggregates } from "#db/queries/reports";
import { COUNTIES } from "#worker/content/counties";
import { CROPS } from "#worker/domain/commodities";
import {
  COMPLIANCE_KEYS,
  type CommodityRow,
  type ComplianceKey,
  type CountHa,
  type CountKg,
  type CountyRow,
  dayAfter,
  type ExporterRow,
  monthsBetween,
  normalizeParams,
  REPORT_FORMAT,
  type ReportData,
  type ReportKind,
  type ReportParams,
  RISK_KEYS,
  type RiskKey,
  reportDataHash,
  VALIDATION_KEYS,
  type ValidationKey,
} from "#worker/domain/reports/report-content";
import {
  applySuppression,
  planSuppression,
  sliceBoundaries,
  zeroCommodity,
  zeroCounty,
} from "#worker/domain/reports/report-suppression";
import { gramsToKg } from "#worker/domain/weight";

export type ReportDataDeps = { db: Database };

export const COUNTY_NOT_RECORDED = "County not recorded";
export const CROP_NOT_RECORDED = "Crop not recorded";

const round2 = (n: number) => Math.round(n * 100) / 100;
const zeroKg = (): CountKg => ({ count: 0, weightKg: 0 });
const zeroHa = (): CountHa => ({ count: 0, hectares: 0 });
const byKeys = <K extends string, V>(keys: readonly K[], make: () => V) =>
  Object.fromEntries(keys.map((k) => [k, make()])) as Record<K, V>;
const asCompliance = (s: string): ComplianceKey =>
  (COMPLIANCE_KEYS as readonly string[]).includes(s) ? (s as ComplianceKey) : "pending";
const asRisk = (s: string): RiskKey => ((RISK_KEYS as readonly string[]).includes(s) ? (s as RiskKey) : "not_assessed");
const asValidation = (s: string): ValidationKey => (s === "valid" ? "valid" : "invalid");

/** Counties in the spec's order, then "County not recorded"; crops in CROPS order, then others A–Z. */
function countyOrder(a: string, b: string) {
  const ia = (COUNTIES as readonly string[]).indexOf(a);
  const ib = (COUNTIES as readonly string[]).indexOf(b);
  return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b);
}
function cropOrder(a: string, b: string) {
  const rank = (c: string) =>
    c === CROP_NOT_RECORDED
      ? 999
      : (CROPS as readonly string[]).indexOf(c) < 0
        ? 500
        : (CROPS as readonly string[]).indexOf(c);
  return rank(a) - rank(b) || a.localeCompare(b);
}

/**
 * The published figures of a report of `kind` for `params` (dates yyyy-mm-dd, inclusive): the
 * raw figures with small cells and their complement withheld (report-suppression.ts), and the
 * SHA-256 of their canonical JSON. Equal data gives an equal hash, so an unchanged report is
 * served from its cached PDF; any change in the published figures gives a new one.
 */
export async function gatherReportData(
  kind: ReportKind,
  rawParams: ReportParams,
  deps: ReportDataDeps,
): Promise<{ data: ReportData; dataHash: string }> {
  const raw = await gatherFigures(kind, rawParams, deps);
  const { from, to } = raw.params;
  const cells = await farmerCellCounts(deps.db, dayAfter(to), sliceBoundaries(from, to));
  const plan = planSuppression(
    cells.map((c) => ({
      county: c.county ?? COUNTY_NOT_RECORDED,
      crops: c.crops ? c.crops.split("|") : [],
      slice: Number(c.slice),
      n: Number(c.n),
    })),
    COUNTIES,
    CROPS,
  );
  const data = applySuppression(raw, plan);
  return { data, dataHash: await reportDataHash(data) };
}

/**
 * The raw figures, before suppression: for the published report (above) and the tests of the
 * aggregates only — never rendered or shown as they are.
 */
export async function gatherFigures(
  kind: ReportKind,
  rawParams: ReportParams,
  deps: ReportDataDeps,
): Promise<ReportData> {
  const params = normalizeParams(kind, rawParams);
  const agg = await runAggregates(deps.db, {
    from: params.from,
    end: dayAfter(params.to),
    county: params.county,
    commodity: params.commodity,
    exporterId: params.exporterId,
  });
  const isExporter = kind === "exporter";

  const counties = new Map<string, CountyRow>();
  const county = (name: string | null) => {
    const key = name ?? COUNTY_NOT_RECORDED;
    return entry(counties, key, (): CountyRow => zeroCounty(key));
  };
  const commodities = new Map<string, CommodityRow>();
  const commodity = (name: string | null) => {
    const key = name ?? CROP_NOT_RECORDED;
    return entry(commodities, key, (): CommodityRow => zeroCommodity(key));
  };

  // Registry: farmers and plots (not in the by-exporter report, which is about exports).
  let registry: ReportData["registry"] = null;
  if (!isExporter) {
    const byValidation = byKeys(VALIDATION_KEYS, zeroHa);
    const byRisk = byKeys(RISK_KEYS, zeroHa);
    const plots = zeroHa();
    let farmersRegistered = 0;
    for (const r of agg.farmersByCounty) {
      farmersRegistered += r.n;
      county(r.county).farmers += r.n;
    }
    for (const r of agg.plots) {
      const ha = Number(r.ha ?? 0);
      plots.count += r.n;
      plots.hectares += ha;
      byValidation[asValidation(r.validation)].count += r.n;
      byValidation[asValidation(r.validation)].hectares += ha;
      byRisk[asRisk(r.risk)].count += r.n;
      byRisk[asRisk(r.risk)].hectares += ha;
      const c = county(r.county);
      c.plots += r.n;
      c.hectares += ha;
      if (r.risk === "low") c.lowRiskPlots += r.n;
      if (r.risk === "high") c.highRiskPlots += r.n;
      const k = commodity(r.crop);
      k.plots += r.n;
      k.hectares += ha;
    }
    const roundHa = (x: CountHa) => ({ count: x.count, hectares: round2(x.hectares) });
    registry = {
      farmersRegistered,
      farmersByEnd: agg.farmersByEnd,
      plots: roundHa(plots),
      byValidation: Object.fromEntries(VALIDATION_KEYS.map((k) => [k, roundHa(byValidation[k])])) as Record<
        ValidationKey,
        CountHa
      >,
      byRisk: Object.fromEntries(RISK_KEYS.map((k) => [k, roundHa(byRisk[k])])) as Record<RiskKey, CountHa>,
    };
  }

  // Batches: open ones by compliance status. Purchases: the weight and date at the purchase (db/queries/figures.ts).
  let batchesOut: ReportData["batches"] = null;
  let purchases: ReportData["purchases"] = null;
  if (!isExporter) {
    const byCompliance = byKeys(COMPLIANCE_KEYS, zeroKg);
    const open = zeroKg();
    const bought = zeroKg();
    for (const r of agg.purchaseGroups) {
      const kg = gramsToKg(Number(r.g ?? 0));
      bought.count += r.n;
      bought.weightKg += kg;
      county(r.county).purchasedKg += kg;
    }
    for (const r of agg.batchGroups) {
      const kg = gramsToKg(Number(r.g ?? 0));
      if (!Number(r.closed)) {
        open.count += r.n;
        open.weightKg += kg;
        const s = asCompliance(r.compliance);
        byCompliance[s].count += r.n;
        byCompliance[s].weightKg += kg;
        const k = commodity(r.commodity);
        k.batches += r.n;
        k.weightKg += kg;
        if (s === "compliant") k.compliantKg += kg;
      }
    }
    batchesOut = { count: open.count, weightKg: round2(open.weightKg), byCompliance: roundKgRecord(byCompliance) };
    purchases = { count: bought.count, weightKg: round2(bought.weightKg) };
  }

  // Exports: the custody step "exported" in the period.
  const exportsByCompliance = byKeys(COMPLIANCE_KEYS, zeroKg);
  const exported = zeroKg();
  const exporters = new Map<string, ExporterRow & { crops: Set<string> }>();
  const exportedByMonth = new Map<string, number>();
  for (const r of agg.exportGroups) {
    const kg = gramsToKg(Number(r.g ?? 0));
    exported.count += r.n;
    exported.weightKg += kg;
    const s = asCompliance(r.compliance);
    exportsByCompliance[s].count += r.n;
    exportsByCompliance[s].weightKg += kg;
    county(r.county).exportedKg += kg;
    commodity(r.commodity).exportedKg += kg;
    exportedByMonth.set(r.month, (exportedByMonth.get(r.month) ?? 0) + kg);
    const e = entry(exporters, r.exporterId, () => ({
      name: r.exporterId,
      exports: 0,
      exportedKg: 0,
      compliantKg: 0,
      commodities: 0,
      crops: new Set<string>(),
    }));
    e.exports += r.n;
    e.exportedKg += kg;
    if (s === "compliant") e.compliantKg += kg;
    e.crops.add(r.commodity);
  }

  let byExporter: ExporterRow[] = [];
  let scope = kind === "national" ? "Liberia" : (params.county ?? params.commodity ?? "");
  if (isExporter) {
    const ids = [...new Set([...exporters.keys(), ...(params.exporterId ? [params.exporterId] : [])])];
    const names = await exporterNames(deps.db, ids);
    byExporter = [...exporters.entries()]
      .map(([id, e]) => ({
        name: names.get(id) ?? id,
        exports: e.exports,
        exportedKg: round2(e.exportedKg),
        compliantKg: round2(e.compliantKg),
        commodities: e.crops.size,
      }))
      .sort((a, b) => b.exportedKg - a.exportedKg || a.name.localeCompare(b.name));
    scope = params.exporterId ? (names.get(params.exporterId) ?? params.exporterId) : "All licensed exporters";
  }

  const purchasedByMonth = new Map<string, number>();
  for (const r of agg.purchaseGroups)
    purchasedByMonth.set(r.month, (purchasedByMonth.get(r.month) ?? 0) + gramsToKg(Number(r.g ?? 0)));
  const monthly = monthsBetween(params.from, params.to).map((month) => ({
    month,
    purchasedKg: isExporter ? null : round2(purchasedByMonth.get(month) ?? 0),
    exportedKg: round2(exportedByMonth.get(month) ?? 0),
  }));

  // Breakdowns: by county where the report spans counties, by commodity where it spans commodities.
  const byCounty: CountyRow[] =
    kind === "national" || kind === "commodity"
      ? [...new Set([...(COUNTIES as readonly string[]), ...counties.keys()])]
          .map((name) => counties.get(name) ?? county(name))
          .sort((a, b) => countyOrder(a.county, b.county))
          .map((c) => ({
            ...c,
            hectares: round2(c.hectares),
            purchasedKg: round2(c.purchasedKg),
            exportedKg: round2(c.exportedKg),
          }))
          // "County not recorded" only when something lacks one; the 15 counties always appear.
          .filter((c) => c.county !== COUNTY_NOT_RECORDED || c.farmers + c.plots + c.purchasedKg + c.exportedKg > 0)
      : [];
  const byCommodity: CommodityRow[] =
    kind === "commodity"
      ? []
      : [...commodities.values()]
          .filter((k) => k.plots + k.batches + k.exportedKg > 0)
          .sort((a, b) => cropOrder(a.commodity, b.commodity))
          .map((k) => ({
            ...k,
            hectares: round2(k.hectares),
            weightKg: round2(k.weightKg),
            compliantKg: round2(k.compliantKg),
            exportedKg: round2(k.exportedKg),
          }));

  const data: ReportData = {
    format: REPORT_FORMAT,
    kind,
    params,
    scope,
    registry,
    batches: batchesOut,
    purchases,
    exports: {
      count: exported.count,
      weightKg: round2(exported.weightKg),
      byCompliance: roundKgRecord(exportsByCompliance),
      exporters: exporters.size,
    },
    byCounty,
    byCommodity,
    byExporter,
    monthly,
  };
  return data;
}

function roundKgRecord(r: Record<ComplianceKey, CountKg>): Record<ComplianceKey, CountKg> {
  return Object.fromEntries(
    COMPLIANCE_KEYS.map((k) => [k, { count: r[k].count, weightKg: round2(r[k].weightKg) }]),
  ) as Record<ComplianceKey, CountKg>;
}

/** The map's entry for `key`, made by `make` and stored the first time it is asked for. */
function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  const found = map.get(key);
  if (found) return found;
  const made = make();
  map.set(key, made);
  return made;
}
