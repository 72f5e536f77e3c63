/**
 * Registers one production plot: the farmer must exist, the geometry must pass every
 * EUDR rule and the nationwide double-claim check, and only then is the plot stored — with the
 * geometry exactly as validated, the area computed here (never typed), and its audit row in the
 * same batch. Invalid plots are not stored at all. Idempotent on `submissionId`.
 */
import type { Database } from "#db/client";
import { isUniqueViolation } from "#db/errors";
import {
  type BBox,
  farmerForPlot,
  insertPlot,
  type NewPlotRow,
  type PlotRow,
  plotById,
  plotByImportKey,
  plotCodesOfFarmer,
  plotsInBox,
} from "#db/queries/land-plots";
import { PLOT_MESSAGES } from "#worker/contracts/plot";
import { boundsOf } from "#worker/domain/geometry/bounds";
import { CLAIM_SEARCH_PAD_DEG } from "#worker/domain/geometry/double-claims";
import { geometryJson } from "#worker/domain/geometry/geometry-json";
import { normaliseCounty } from "#worker/domain/geometry/place-checks";
import { RULESET_VERSION } from "#worker/domain/ruleset";
import {
  type Issue,
  type OtherPlot,
  type PlotGeometry,
  type Position,
  storableGeometry,
  validatePlotGeometry,
} from "#worker/domain/validate-geometry";
import type { WrittenDecimals } from "#worker/domain/written-decimals";
import { type Actor, auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";

export type RegisterPlotInput = {
  /** FRM + 6 digits. */
  farmerId: string;
  /** A GeoJSON geometry, Feature, or FeatureCollection of one Feature. */
  geojson: unknown;
  crop: string;
  plantingYear?: number | null;
  tenureReference?: string | null;
  /** For a Point: the area the farmer declares; a number (docs/eudr-rules.md "Point area"). */
  declaredAreaHectares?: unknown;
  /** The county the plot is declared in; the farmer's county when absent. */
  county?: string | null;
  /** Decimals of each coordinate as written (worker/domain/written-decimals.ts). */
  decimals?: WrittenDecimals;
  /** Idempotency key (stored as land_plots.import_key). */
  submissionId?: string | null;
};

export type PlotFarmer = { farmerId: string; county: string };

export type PreparedPlot =
  | { ok: true; row: NewPlotRow & { id: string }; warnings: Issue[] }
  | { ok: false; errors: Issue[]; warnings: Issue[] };

/** The stored plot; `created` false: this submission had already stored it. */
export type RegisteredPlot = { created: boolean; plot: PlotRow };

export type RegisterPlotDeps = { db: Database; actor: Actor };

/** GeoJSON levels walked for a bounding box: a FeatureCollection › Feature › GeometryCollection › MultiPolygon position. */
const MAX_BOX_DEPTH = 8;

/** Every [lon, lat] of a GeoJSON value's coordinates (Feature unwrapped), never deeper than GeoJSON goes. */
function positionsIn(geojson: unknown): Position[] {
  const out: Position[] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > MAX_BOX_DEPTH || !Array.isArray(v)) return;
    if (v.length >= 2 && typeof v[0] === "number" && typeof v[1] === "number") out.push(v as Position);
    else for (const x of v) walk(x, depth + 1);
  };
  const seen = (v: unknown, depth: number): void => {
    if (!v || typeof v !== "object" || depth > 3) return;
    const o = v as Record<string, unknown>;
    if (o.type === "FeatureCollection" && Array.isArray(o.features)) for (const f of o.features) seen(f, depth + 1);
    else if (o.type === "Feature") seen(o.geometry, depth + 1);
    else if (o.type === "GeometryCollection" && Array.isArray(o.geometries))
      for (const g of o.geometries) seen(g, depth + 1);
    else walk(o.coordinates, 0);
  };
  seen(geojson, 0);
  return out;
}

/**
 * Bounding box of a GeoJSON value, or null when it has no positions. `pad` (degrees) widens it,
 * so a search for double claims also finds points within the GPS tolerance.
 */
export function boxOf(geojson: unknown, pad = 0): BBox | null {
  const ps = positionsIn(geojson).filter(([lon, lat]) => Number.isFinite(lon) && Number.isFinite(lat));
  if (!ps.length) return null;
  const [minLon, minLat, maxLon, maxLat] = boundsOf(ps);
  return { minLon: minLon - pad, minLat: minLat - pad, maxLon: maxLon + pad, maxLat: maxLat + pad };
}

/** The box to search for double-claim candidates of a plot. */
export const claimSearchBox = (geojson: unknown) => boxOf(geojson, CLAIM_SEARCH_PAD_DEG);

/** "PLT-100001-03": the farmer's digits and the plot's running number for that farmer. */
export function plotCodeFor(farmerId: string, sequence: number) {
  return `PLT-${farmerId.replace(/\D/g, "")}-${String(sequence).padStart(2, "0")}`;
}

/** The next running number after the farmer's existing plot codes. */
export function nextPlotSequence(existingCodes: readonly string[]) {
  const used = existingCodes.map((c) => Number(c.match(/-(\d+)$/)?.[1] ?? 0));
  return Math.max(0, ...used) + 1;
}

/**
 * Validates one plot and, when it passes, builds the land_plots row to insert — without touching
 * the database, so a bulk importer can prepare many rows against its own candidate list
 * (`others`: stored plots near this one plus the plots prepared earlier in the same import).
 * A plot with any error gives no row (EUDR Art. 2(28); TRACES GeoJSON v1.3).
 */
export function preparePlot(
  input: RegisterPlotInput,
  context: { farmer: PlotFarmer; others: OtherPlot[]; plotCode: string; createdBy: string | null; id?: string },
): PreparedPlot {
  const declared = input.county?.trim() || context.farmer.county;
  const result = validatePlotGeometry(input.geojson, {
    crop: input.crop,
    county: declared || undefined,
    farmerId: context.farmer.farmerId,
    declaredAreaHectares: input.declaredAreaHectares,
    others: context.others,
    decimals: input.decimals,
  });
  if (!result.valid || !result.geometry) return { ok: false, errors: result.errors, warnings: result.warnings };
  const stored = storableGeometry(result.geometry);
  if (!stored.geometry) return { ok: false, errors: [stored.issue], warnings: result.warnings };
  const geometry = stored.geometry;
  const box = boxOf(geometry)!;
  return {
    ok: true,
    warnings: result.warnings,
    row: {
      id: context.id ?? crypto.randomUUID(),
      plotCode: context.plotCode,
      farmerId: context.farmer.farmerId,
      // Exactly what was validated: rounded to 6 decimals and written with all six (ADR 010).
      geometry: geometryJson(geometry),
      geometryType: geometry.type,
      areaHectares: typeof result.areaHectares === "number" ? result.areaHectares : 0,
      ...box,
      crop: input.crop,
      plantingYear: input.plantingYear ?? null,
      tenureReference: input.tenureReference?.trim() || null,
      // Where the plot lies (boundary data); every county figure counts this (ADR 016).
      county: result.county,
      declaredCounty: declared ? (normaliseCounty(declared) ?? declared) : null,
      validationState: "valid",
      validationIssues: JSON.stringify({ warnings: result.warnings }),
      // Checked just now under today's rules (ADR 029).
      rulesetVersion: RULESET_VERSION,
      createdBy: context.createdBy,
      importKey: input.submissionId ?? null,
    },
  };
}

/**
 * Registers a plot for a registered farmer: validates it against every EUDR rule and the plots
 * of other farmers nearby, and stores it with its audit row in one batch. A resubmission with the
 * same `submissionId` returns the plot already stored (never a duplicate).
 */
export async function registerPlot(input: RegisterPlotInput, deps: RegisterPlotDeps): Promise<Result<RegisteredPlot>> {
  const { db, actor } = deps;
  if (input.submissionId) {
    const existing = await plotByImportKey(db, input.submissionId);
    if (existing) return ok({ created: false, plot: existing });
  }
  const farmer = await farmerForPlot(db, input.farmerId);
  if (!farmer) {
    const message = `No farmer with ID ${input.farmerId} is registered`;
    return fail(400, message, { farmerId: [message] });
  }

  const box = claimSearchBox(input.geojson);
  const others: OtherPlot[] = box
    ? (await plotsInBox(db, box)).map((p) => ({ ...p, geometry: JSON.parse(p.geometry) as PlotGeometry }))
    : [];
  let sequence = nextPlotSequence(await plotCodesOfFarmer(db, farmer.farmerId));

  for (let attempt = 0; ; attempt++) {
    const prepared = preparePlot(input, {
      farmer,
      others,
      plotCode: plotCodeFor(farmer.farmerId, sequence),
      createdBy: actor.id,
    });
    // Every broken EUDR rule, by name (with the warnings); nothing is stored.
    if (!prepared.ok) return { ...fail(400, PLOT_MESSAGES.notValid, prepared.errors), warnings: prepared.warnings };
    const { row } = prepared;
    try {
      await db.batch([insertPlot(db, row), auditEntry(db, actor, "plot.register", "land_plot", row.id, null, row)]);
    } catch (error) {
      // Two submissions raced: the same submission stored by the other → return that one;
      // the same running number taken by another plot of this farmer → take the next one.
      if (input.submissionId && isUniqueViolation(error, "import_key")) {
        const existing = await plotByImportKey(db, input.submissionId);
        if (existing) return ok({ created: false, plot: existing });
      }
      if (attempt < 3 && isUniqueViolation(error, "plot_code")) {
        sequence++;
        continue;
      }
      throw error;
    }
    return ok({ created: true, plot: (await plotById(db, row.id))! });
  }
}
