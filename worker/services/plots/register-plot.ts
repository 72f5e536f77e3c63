/**
 * Registers one production plot (issue #4): the farmer must exist, the geometry must pass every
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
import {
  type Issue,
  type OtherPlot,
  type PlotGeometry,
  type Position,
  validatePlotGeometry,
} from "#worker/domain/validate-geometry";
import { type Actor, auditEntry } from "../platform/audit";

export type RegisterPlotInput = {
  /** FRM + 6 digits. */
  farmerId: string;
  /** A GeoJSON geometry, Feature, or FeatureCollection of one Feature. */
  geojson: unknown;
  crop: string;
  plantingYear?: number | null;
  tenureReference?: string | null;
  /** For a Point: the area the farmer declares (the EU system assumes 4 ha when missing). */
  declaredAreaHectares?: number;
  /** Idempotency key (stored as land_plots.import_key). */
  submissionId?: string | null;
};

export type PlotFarmer = { farmerId: string; county: string };

export type PreparedPlot =
  | { ok: true; row: NewPlotRow & { id: string }; warnings: Issue[] }
  | { ok: false; errors: Issue[]; warnings: Issue[] };

export type RegisterPlotResult =
  | { ok: true; created: boolean; plot: PlotRow }
  | { ok: false; kind: "unknown-farmer"; message: string }
  | { ok: false; kind: "invalid"; errors: Issue[]; warnings: Issue[] };

export type RegisterPlotDeps = { db: Database; actor: Actor };

/** Every [lon, lat] of a GeoJSON value's coordinates (any nesting, Feature unwrapped). */
function positionsIn(geojson: unknown): Position[] {
  const out: Position[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v) && v.length >= 2 && typeof v[0] === "number" && typeof v[1] === "number")
      out.push(v as Position);
    else if (Array.isArray(v)) v.forEach(walk);
  };
  const seen = (v: unknown): void => {
    if (!v || typeof v !== "object") return;
    const o = v as Record<string, unknown>;
    if (o.type === "FeatureCollection" && Array.isArray(o.features)) o.features.forEach(seen);
    else if (o.type === "Feature") seen(o.geometry);
    else walk(o.coordinates);
  };
  seen(geojson);
  return out;
}

/** Bounding box of a GeoJSON value, or null when it has no positions. */
export function boxOf(geojson: unknown): BBox | null {
  const ps = positionsIn(geojson).filter(([lon, lat]) => Number.isFinite(lon) && Number.isFinite(lat));
  if (!ps.length) return null;
  return {
    minLon: Math.min(...ps.map((p) => p[0])),
    minLat: Math.min(...ps.map((p) => p[1])),
    maxLon: Math.max(...ps.map((p) => p[0])),
    maxLat: Math.max(...ps.map((p) => p[1])),
  };
}

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
  const result = validatePlotGeometry(input.geojson, {
    crop: input.crop,
    county: context.farmer.county,
    farmerId: context.farmer.farmerId,
    declaredAreaHectares: input.declaredAreaHectares,
    others: context.others,
  });
  if (!result.valid || !result.geometry) return { ok: false, errors: result.errors, warnings: result.warnings };
  const box = boxOf(result.geometry)!;
  return {
    ok: true,
    warnings: result.warnings,
    row: {
      id: context.id ?? crypto.randomUUID(),
      plotCode: context.plotCode,
      farmerId: context.farmer.farmerId,
      // Exactly what was validated: coordinates are kept with all their decimals.
      geometry: JSON.stringify(result.geometry),
      geometryType: result.geometry.type,
      areaHectares: result.areaHectares,
      ...box,
      crop: input.crop,
      plantingYear: input.plantingYear ?? null,
      tenureReference: input.tenureReference?.trim() || null,
      county: context.farmer.county,
      validationState: "valid",
      validationIssues: JSON.stringify({ warnings: result.warnings }),
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
export async function registerPlot(input: RegisterPlotInput, deps: RegisterPlotDeps): Promise<RegisterPlotResult> {
  const { db, actor } = deps;
  if (input.submissionId) {
    const existing = await plotByImportKey(db, input.submissionId);
    if (existing) return { ok: true, created: false, plot: existing };
  }
  const farmer = await farmerForPlot(db, input.farmerId);
  if (!farmer)
    return { ok: false, kind: "unknown-farmer", message: `No farmer with ID ${input.farmerId} is registered` };

  const box = boxOf(input.geojson);
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
    if (!prepared.ok) return { ok: false, kind: "invalid", errors: prepared.errors, warnings: prepared.warnings };
    const { row } = prepared;
    try {
      await db.batch([insertPlot(db, row), auditEntry(db, actor, "plot.register", "land_plot", row.id, null, row)]);
    } catch (error) {
      // Two submissions raced: the same submission stored by the other → return that one;
      // the same running number taken by another plot of this farmer → take the next one.
      if (input.submissionId && isUniqueViolation(error, "import_key")) {
        const existing = await plotByImportKey(db, input.submissionId);
        if (existing) return { ok: true, created: false, plot: existing };
      }
      if (attempt < 3 && isUniqueViolation(error, "plot_code")) {
        sequence++;
        continue;
      }
      throw error;
    }
    return { ok: true, created: true, plot: (await plotById(db, row.id))! };
  }
}
