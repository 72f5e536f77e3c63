/**
 * Small-cell suppression of every published figure (docs/decisions/012-oversight-reports.md,
 * "Suppression"). Decided once per registry and period end, for every scope a report or a screen
 * can show — the nation, each county, each commodity and each county × commodity — so that every
 * report of the same day, and every screen, hides the same scopes. Pure: no I/O.
 *
 * - A scope's farmers are counted per *slice* of time: the slices cut at the start of every fixed
 *   period (all records, this calendar year, last 12 months, last 30 days, as of the period's end)
 *   and at the report's own start. Every period a report can cover is a run of whole slices, so
 *   the difference of two periods is too.
 * - A scope with 1–4 farmers in any slice is withheld as a whole: every figure of it (farmers,
 *   plots, hectares, verdicts, batches, purchases, exports, months, breakdowns).
 * - Complement (the rule of worker/domain/suppression.ts, per slice): in every table whose rows
 *   add up to its scope (counties of the nation, of a commodity; commodities of the nation, of a
 *   county), the withheld rows together count 0 or at least 5 farmers in every slice, else more
 *   rows are withheld, else the table's scope itself.
 * - A withheld scope withholds its breakdowns too (a county's commodities, a commodity's counties).
 */
import { periodRange, RECORDS_BEGIN } from "../monitoring";
import { type Mark, SMALL_CELL } from "../suppression";
import {
  COMPLIANCE_KEYS,
  type CommodityRow,
  type ComplianceKey,
  type CountKg,
  type CountyRow,
  type ReportData,
} from "./report-content";

/** Farmers of one county with one set of crops, registered in one slice (an aggregate row). */
export type FarmerCell = { county: string; crops: readonly string[]; slice: number; n: number };

/** The slice boundaries of a report of [from, to]: the fixed periods' starts as of `to`, and `from`. */
export function sliceBoundaries(from: string, to: string): string[] {
  const now = new Date(`${to}T12:00:00Z`);
  const starts = [RECORDS_BEGIN, from, ...(["year", "12m", "30d"] as const).map((p) => periodRange(p, now).from)];
  return [...new Set(starts)].sort();
}

const isSmall = (n: number) => n > 0 && n < SMALL_CELL;

/**
 * suppressCounts (worker/domain/suppression.ts) for rows of per-slice counts: a row is small when
 * any slice is 1–4; the complement holds in every slice at once. `seed`: rows already withheld.
 */
export function suppressVectors(rows: readonly number[][], seed: readonly boolean[] = []) {
  const hidden = rows.map((r, i) => Boolean(seed[i]) || r.some(isSmall));
  const width = Math.max(0, ...rows.map((r) => r.length));
  const nonZero = (i: number) => (rows[i] ?? []).some((n) => n > 0);
  const sumAt = (j: number) => rows.reduce((s, r, i) => s + (hidden[i] ? (r[j] ?? 0) : 0), 0);
  const total = (i: number) => (rows[i] ?? []).reduce((a, b) => a + b, 0);
  for (;;) {
    // A slice where the withheld rows could be worked out from the total, or one withheld row alone.
    const j = [...Array(width).keys()].find((k) => isSmall(sumAt(k)));
    const lone = rows.filter((_, i) => hidden[i] && nonZero(i)).length === 1;
    if (j === undefined && !lone) return { hidden, parentHidden: false };
    // The visible row that fixes it at least cost: smallest in that slice, else smallest overall.
    const value = (i: number) => (j === undefined ? total(i) : (rows[i]?.[j] ?? 0));
    let next = -1;
    rows.forEach((_, i) => {
      if (!hidden[i] && value(i) > 0 && (next < 0 || value(i) < value(next))) next = i;
    });
    // Nothing left to withhold: the table's own scope is as small as its withheld rows.
    if (next < 0) return { hidden, parentHidden: true };
    hidden[next] = true;
  }
}

export const NATION = "nation";
export const countyKey = (c: string) => `county:${c}`;
export const commodityKey = (k: string) => `commodity:${k}`;
export const crossKey = (c: string, k: string) => `cross:${c}|${k}`;

/** Every scope's mark: "small" when its farmers by the end are 1–4, "hidden" when withheld otherwise. */
export type SuppressionPlan = { mark: (key: string) => Mark };

/**
 * The plan for every scope of the registry `cells` (slices 0..slices-1): which are withheld.
 * `counties`/`commodities`: the rows the tables list (with no farmers, a row is never withheld).
 */
export function planSuppression(
  cells: readonly FarmerCell[],
  counties: readonly string[],
  commodities: readonly string[],
): SuppressionPlan {
  const slices = Math.max(1, ...cells.map((c) => c.slice + 1));
  const vectors = new Map<string, number[]>();
  const add = (key: string, cell: FarmerCell) => {
    const v = vectors.get(key) ?? Array<number>(slices).fill(0);
    v[cell.slice] = (v[cell.slice] ?? 0) + cell.n;
    vectors.set(key, v);
  };
  for (const cell of cells) {
    add(NATION, cell);
    add(countyKey(cell.county), cell);
    for (const k of cell.crops) {
      add(commodityKey(k), cell);
      add(crossKey(cell.county, k), cell);
    }
  }
  const vec = (key: string) => vectors.get(key) ?? Array<number>(slices).fill(0);
  const allCounties = [...new Set([...counties, ...cells.map((c) => c.county)])];
  const allCommodities = [...new Set([...commodities, ...cells.flatMap((c) => c.crops)])];
  const tables: { parent: string; rows: string[] }[] = [
    { parent: NATION, rows: allCounties.map(countyKey) },
    { parent: NATION, rows: allCommodities.map(commodityKey) },
    ...allCommodities.map((k) => ({ parent: commodityKey(k), rows: allCounties.map((c) => crossKey(c, k)) })),
    ...allCounties.map((c) => ({ parent: countyKey(c), rows: allCommodities.map((k) => crossKey(c, k)) })),
  ];
  const hidden = new Set([...vectors.entries()].filter(([, v]) => v.some(isSmall)).map(([k]) => k));
  for (let changed = true; changed; ) {
    changed = false;
    const hide = (key: string) => {
      if (hidden.has(key) || !vec(key).some((n) => n > 0)) return;
      hidden.add(key);
      changed = true;
    };
    for (const t of tables) {
      if (hidden.has(t.parent)) {
        for (const r of t.rows) hide(r);
        continue;
      }
      const s = suppressVectors(
        t.rows.map(vec),
        t.rows.map((r) => hidden.has(r)),
      );
      s.hidden.forEach((h, i) => {
        if (h) hide(t.rows[i]!);
      });
      if (s.parentHidden) hide(t.parent);
    }
  }
  return {
    mark: (key) => {
      if (!hidden.has(key)) return null;
      return isSmall(vec(key).reduce((a, b) => a + b, 0)) ? "small" : "hidden";
    },
  };
}

/** The scope key of a report's own scope; null for the by-exporter report (companies, not farmers). */
export function reportScopeKey(data: Pick<ReportData, "kind" | "params">): string | null {
  if (data.kind === "national") return NATION;
  if (data.kind === "county") return countyKey(data.params.county ?? "");
  if (data.kind === "commodity") return commodityKey(data.params.commodity ?? "");
  return null;
}

/**
 * The report as it may be published: a withheld scope keeps only its name, period and mark (no
 * figure at all, not even zeros); a withheld row of a breakdown keeps its name and mark, its
 * figures zeroed. Applied before hashing and rendering, so no page or PDF can print what is hidden.
 */
export function applySuppression(data: ReportData, plan: SuppressionPlan): ReportData {
  const scope = reportScopeKey(data);
  const withheld = scope ? plan.mark(scope) : null;
  if (withheld)
    return {
      ...data,
      withheld,
      registry: null,
      batches: null,
      purchases: null,
      exports: { count: 0, weightKg: 0, exporters: 0, byCompliance: emptyCompliance() },
      byCounty: [],
      byCommodity: [],
      byExporter: [],
      monthly: [],
    };
  const countyRow = (county: string) =>
    data.kind === "commodity" ? crossKey(county, data.params.commodity ?? "") : countyKey(county);
  const commodityRow = (k: string) =>
    data.kind === "county" ? crossKey(data.params.county ?? "", k) : commodityKey(k);
  return {
    ...data,
    withheld: null,
    byCounty: data.byCounty.map((r) => {
      const mark = plan.mark(countyRow(r.county));
      return mark ? { ...zeroCounty(r.county), mark } : { ...r, mark: null };
    }),
    byCommodity: data.byCommodity.map((r) => {
      const mark = plan.mark(commodityRow(r.commodity));
      return mark ? { ...zeroCommodity(r.commodity), mark } : { ...r, mark: null };
    }),
  };
}

const emptyCompliance = (): Record<ComplianceKey, CountKg> =>
  Object.fromEntries(COMPLIANCE_KEYS.map((k) => [k, { count: 0, weightKg: 0 }])) as Record<ComplianceKey, CountKg>;
/** A county row with every figure zero: the start of a tally, and a withheld row's figures. */
export const zeroCounty = (county: string): Omit<CountyRow, "mark"> => ({
  county,
  farmers: 0,
  plots: 0,
  hectares: 0,
  lowRiskPlots: 0,
  highRiskPlots: 0,
  purchasedKg: 0,
  exportedKg: 0,
});
/** A commodity row with every figure zero (see zeroCounty). */
export const zeroCommodity = (commodity: string): Omit<CommodityRow, "mark"> => ({
  commodity,
  plots: 0,
  hectares: 0,
  batches: 0,
  weightKg: 0,
  compliantKg: 0,
  exportedKg: 0,
});
