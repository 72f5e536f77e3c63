/**
 * Property test of the reports' small-cell suppression (worker/domain/reports/report-suppression.ts,
 * docs/decisions/012-oversight-reports.md). Over random small registries, every report an observer
 * can have on one day — national, each county, each commodity, for each fixed period — is built,
 * suppressed and read back as published. Every published farmer figure is a sum of unknown cells
 * (farmers of one county with one set of crops, registered in one slice of time). Whatever an
 * outsider computes from them — one figure, the difference of two periods, a county report minus
 * a national row, a total minus the visible rows, any sum and difference at all (linear algebra) —
 * never pins down a county, commodity or county × commodity with 1–4 farmers in a slice.
 */
import { describe, expect, it } from "vitest";
import {
  COMPLIANCE_KEYS,
  type ReportData,
  type ReportKind,
  RISK_KEYS,
  VALIDATION_KEYS,
} from "#worker/domain/reports/report-content";
import {
  applySuppression,
  commodityKey,
  countyKey,
  crossKey,
  type FarmerCell,
  NATION,
  planSuppression,
} from "#worker/domain/reports/report-suppression";

const COUNTIES = ["Bomi", "Bong", "Sinoe"];
const CROPS = ["Cocoa", "Rubber"];
const CROP_SETS = [["Cocoa"], ["Rubber"], ["Cocoa", "Rubber"]];
const SLICES = 5; // before the records begin; all records; last 12 months; this year; last 30 days
/** The fixed periods as runs of slices (each ends today); "by the end" is every slice. */
const PERIODS = { all: [1, 2, 3, 4], "12m": [2, 3, 4], year: [3, 4], "30d": [4] } as const;
const EVERY_SLICE = [0, 1, 2, 3, 4];

type Registry = FarmerCell[];
const atoms = COUNTIES.flatMap((county) => CROP_SETS.map((crops) => ({ county, crops })));
const atomIndex = (county: string, crops: readonly string[], slice: number) =>
  atoms.findIndex((a) => a.county === county && a.crops.join() === crops.join()) * SLICES + slice;

/** Which atoms a scope adds up. */
function inScope(key: string, a: { county: string; crops: readonly string[] }): boolean {
  if (key === NATION) return true;
  if (key.startsWith("county:")) return a.county === key.slice(7);
  if (key.startsWith("commodity:")) return a.crops.includes(key.slice(10));
  const [county, crop] = key.slice(6).split("|");
  return a.county === county && a.crops.includes(crop!);
}
const SCOPES = [
  NATION,
  ...COUNTIES.map(countyKey),
  ...CROPS.map(commodityKey),
  ...COUNTIES.flatMap((c) => CROPS.map((k) => crossKey(c, k))),
];

/** The equation of "farmers of `scope` in these slices": a coefficient per unknown cell. */
function equation(scope: string, slices: readonly number[]): number[] {
  const v = Array<number>(atoms.length * SLICES).fill(0);
  atoms.forEach((a) => {
    if (inScope(scope, a)) for (const j of slices) v[atomIndex(a.county, a.crops, j)] = 1;
  });
  return v;
}
const farmersIn = (reg: Registry, scope: string, slices: readonly number[]) =>
  reg.reduce((s, c) => s + (inScope(scope, c) && slices.includes(c.slice) ? c.n : 0), 0);

/** A raw report as report-data.ts gathers it; each figure tagged with the scope it adds up. */
function rawReport(reg: Registry, kind: ReportKind, name: string, period: keyof typeof PERIODS) {
  const slices = PERIODS[period];
  const scope = kind === "national" ? NATION : kind === "county" ? countyKey(name) : commodityKey(name);
  const n = (key: string) => farmersIn(reg, key, slices);
  const ha = (count: number) => ({ count, hectares: count * 2 });
  const zeroKg = { count: 0, weightKg: 0 };
  const data: ReportData = {
    format: 3,
    kind,
    params: {
      from: "x",
      to: "y",
      ...(kind === "county" ? { county: name } : kind === "commodity" ? { commodity: name } : {}),
    },
    scope: name,
    // Stand-ins: one plot (2 ha) and 100 kg per farmer registered in the period.
    registry: {
      farmersRegistered: n(scope),
      farmersByEnd: farmersIn(reg, scope, EVERY_SLICE),
      plots: ha(n(scope)),
      byValidation: Object.fromEntries(VALIDATION_KEYS.map((k) => [k, ha(k === "valid" ? n(scope) : 0)])) as never,
      byRisk: Object.fromEntries(RISK_KEYS.map((k) => [k, ha(k === "high" ? n(scope) : 0)])) as never,
    },
    batches: {
      count: n(scope),
      weightKg: 100 * n(scope),
      byCompliance: Object.fromEntries(COMPLIANCE_KEYS.map((k) => [k, zeroKg])) as never,
    },
    purchases: { count: n(scope), weightKg: 100 * n(scope) },
    exports: {
      count: n(scope),
      weightKg: 100 * n(scope),
      exporters: 1,
      byCompliance: Object.fromEntries(COMPLIANCE_KEYS.map((k) => [k, zeroKg])) as never,
    },
    byCounty:
      kind === "county"
        ? []
        : COUNTIES.map((c) => {
            const row = kind === "commodity" ? crossKey(c, name) : countyKey(c);
            return {
              county: c,
              farmers: n(row),
              plots: n(row),
              hectares: 2 * n(row),
              lowRiskPlots: 0,
              highRiskPlots: n(row),
              purchasedKg: 0,
              exportedKg: 100 * n(row),
            };
          }),
    byCommodity:
      kind === "commodity"
        ? []
        : CROPS.map((k) => {
            const row = kind === "county" ? crossKey(name, k) : commodityKey(k);
            return {
              commodity: k,
              plots: n(row),
              hectares: 2 * n(row),
              batches: 0,
              weightKg: 0,
              compliantKg: 0,
              exportedKg: 100 * n(row),
            };
          }),
    byExporter: [],
    monthly: [{ month: "2026-01", purchasedKg: 100 * n(scope), exportedKg: 0 }],
  };
  return { data, scope, slices };
}

/** The equations an outsider reads off one published report (farmer figures and their stand-ins). */
function publishedEquations(pub: ReportData, scope: string, slices: readonly number[]): number[][] {
  const out: number[][] = [];
  if (pub.registry) {
    out.push(equation(scope, slices), equation(scope, EVERY_SLICE));
  } else {
    // Withheld: no figure at all, not even a zero.
    const numbers = JSON.stringify({ ...pub, params: null, format: 0 }).match(/[1-9]\d*/g);
    expect(numbers).toBeNull();
  }
  for (const r of pub.byCounty) {
    const row = pub.kind === "commodity" ? crossKey(r.county, pub.params.commodity!) : countyKey(r.county);
    if (r.mark) expect([r.farmers, r.plots, r.hectares, r.highRiskPlots, r.exportedKg]).toEqual([0, 0, 0, 0, 0]);
    else out.push(equation(row, slices));
  }
  for (const r of pub.byCommodity) {
    const row = pub.kind === "county" ? crossKey(pub.params.county!, r.commodity) : commodityKey(r.commodity);
    if (r.mark) expect([r.plots, r.hectares, r.exportedKg]).toEqual([0, 0, 0]);
    else out.push(equation(row, slices));
  }
  return out;
}

/** Whether `target` is a sum and difference of `rows` (exact for these small 0/1 systems). */
function determined(basis: number[][], target: number[]): boolean {
  const v = [...target];
  for (const b of basis) {
    const p = b.findIndex((x) => Math.abs(x) > 1e-9);
    if (Math.abs(v[p]!) > 1e-9) {
      const f = v[p]! / b[p]!;
      for (let i = 0; i < v.length; i++) v[i]! -= f * b[i]!;
    }
  }
  return v.every((x) => Math.abs(x) < 1e-9);
}
function echelon(rows: number[][]): number[][] {
  const basis: number[][] = [];
  for (const r of rows) {
    const v = [...r];
    for (const b of basis) {
      const p = b.findIndex((x) => Math.abs(x) > 1e-9);
      if (Math.abs(v[p]!) > 1e-9) {
        const f = v[p]! / b[p]!;
        for (let i = 0; i < v.length; i++) v[i]! -= f * b[i]!;
      }
    }
    if (v.some((x) => Math.abs(x) > 1e-9)) basis.push(v);
  }
  return basis;
}

/** Every report of one day, suppressed; the equations they publish; and the small cells found in them. */
function audit(reg: Registry) {
  const plan = planSuppression(reg, COUNTIES, CROPS);
  const reports: [ReportKind, string][] = [
    ["national", "Liberia"],
    ...COUNTIES.map((c) => ["county", c] as [ReportKind, string]),
    ...CROPS.map((k) => ["commodity", k] as [ReportKind, string]),
  ];
  const equations = reports.flatMap(([kind, name]) =>
    (Object.keys(PERIODS) as (keyof typeof PERIODS)[]).flatMap((period) => {
      const { data, scope, slices } = rawReport(reg, kind, name, period);
      return publishedEquations(applySuppression(data, plan), scope, slices);
    }),
  );
  const basis = echelon(equations);
  const revealed: string[] = [];
  for (const scope of SCOPES)
    for (let j = 0; j < SLICES; j++) {
      const n = farmersIn(reg, scope, [j]);
      if (n > 0 && n < 5 && determined(basis, equation(scope, [j]))) revealed.push(`${scope} slice ${j} = ${n}`);
    }
  return { plan, revealed };
}

/** A seeded random registry: most cells empty, the rest 1–8 farmers. */
function randomRegistry(seed: number): Registry {
  let s = seed;
  const rand = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
  const reg: Registry = [];
  for (const a of atoms)
    for (let slice = 0; slice < SLICES; slice++)
      if (rand() < 0.3) reg.push({ county: a.county, crops: a.crops, slice, n: 1 + Math.floor(rand() * 8) });
  return reg;
}

describe("report suppression: no report, nor any combination of reports, reveals a cell under 5", () => {
  it("Sinoe alone grows Rubber, one farmer: withheld in every report, and not recoverable from the others", () => {
    const reg: Registry = [
      { county: "Bomi", crops: ["Cocoa"], slice: 1, n: 6 },
      { county: "Bong", crops: ["Cocoa"], slice: 1, n: 6 },
      { county: "Sinoe", crops: ["Rubber"], slice: 1, n: 1 },
    ];
    const { plan, revealed } = audit(reg);
    expect(revealed).toEqual([]);
    expect([plan.mark(countyKey("Sinoe")), plan.mark(commodityKey("Rubber"))]).toEqual(["small", "small"]);
    expect(plan.mark(NATION)).toBeNull();
  });

  it("a county large overall but with 2 farmers registered in the last 30 days is withheld (all − 30d would give them)", () => {
    const reg: Registry = [
      { county: "Bomi", crops: ["Cocoa"], slice: 1, n: 20 },
      { county: "Bomi", crops: ["Cocoa"], slice: 4, n: 2 },
      { county: "Bong", crops: ["Cocoa"], slice: 1, n: 9 },
      { county: "Bong", crops: ["Cocoa"], slice: 4, n: 8 },
    ];
    const { plan, revealed } = audit(reg);
    expect(revealed).toEqual([]);
    expect(plan.mark(countyKey("Bomi"))).toBe("hidden");
  });

  it("300 random registries: nothing under 5 can be worked out", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { revealed } = audit(randomRegistry(seed));
      expect({ seed, revealed }).toEqual({ seed, revealed: [] });
    }
  });
});
