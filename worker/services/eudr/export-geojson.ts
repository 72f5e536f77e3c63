/**
 * The DDS-ready GeoJSON of a set of plots (a farmer's, a batch's or shipment's, or listed plots),
 * split into packages the EU information system accepts (worker/domain/eudr-geojson.ts).
 * Plots whose geometry failed validation are never exported: the EU system would reject the
 * whole file, so the export is refused with the list of plots to correct.
 */
import type { Database } from "#db/client";
import { plotsForExport } from "#db/queries/plot-assessments";
import {
  type EudrFeature,
  type EudrPackage,
  type ExportItem,
  splitPackages,
  toEudrFeature,
} from "#worker/domain/eudr-geojson";
import type { PlotGeometry } from "#worker/domain/validate-geometry";
import { fail, ok, type Result } from "../result";
import { resolvePlotScope } from "./assessment-jobs";

export type ExportScopeInput = { farmerId?: string | null; batchCode?: string | null; plotIds?: string[] | null };
export type ExportManifest = {
  scope: string;
  plotCount: number;
  packageCount: number;
  packages: { part: number; commodity: string; producers: number; plots: number; bytes: number; plotCodes: string[] }[];
  /** Latest risk verdicts of the exported plots: the operator sees what is not yet "low". */
  riskLevels: Record<string, number>;
};
/** An export's packages, what it covers (`label`) and its manifest. */
export type GeoJsonExport = { label: string; packages: EudrPackage[]; manifest: ExportManifest };

/** Builds every package of an export; the caller picks one (`part`) or the manifest. */
export async function exportGeoJson(
  input: ExportScopeInput,
  deps: { db: Database; maxBytes?: number; maxProducers?: number },
): Promise<Result<GeoJsonExport>> {
  const { db } = deps;
  const request = input.batchCode
    ? ({ scope: "batch", value: input.batchCode } as const)
    : input.farmerId
      ? ({ scope: "farmer", value: input.farmerId } as const)
      : input.plotIds?.length
        ? ({ scope: "plots", plotIds: input.plotIds } as const)
        : null;
  if (!request) return fail(400, "Choose what to export: farmerId, batchCode (a batch or shipment) or plotIds");
  const resolved = await resolvePlotScope(request, db);
  if (!resolved.ok) return resolved;
  const { scope, label, commodity } = resolved.value;
  const rows = await plotsForExport(db, scope);
  if (!rows.length) return fail(404, `No plots found for ${label}`);

  const refused: { plotCode: string; message: string }[] = [];
  for (const r of rows) {
    if (r.validationState !== "valid")
      refused.push({
        plotCode: r.plotCode,
        message: `${r.plotCode}: the geometry is not valid (${r.validationState})`,
      });
    else if (!r.firstName && !r.lastName)
      refused.push({ plotCode: r.plotCode, message: `${r.plotCode}: no registered farmer, so no ProducerName` });
  }
  if (refused.length) {
    return fail(
      422,
      `Cannot export ${label}: ${refused.length} plot(s) cannot go into an EUDR file — ${refused.map((r) => r.plotCode).join(", ")}. Correct them and export again.`,
      refused,
    );
  }

  const codeOf = new Map<EudrFeature, string>();
  const items: ExportItem[] = rows.map((r) => {
    // The farmer's community and district describe the plot only when it lies in the farmer's county.
    const home = !r.county || r.county === r.farmerCounty;
    const feature = toEudrFeature({
      plotCode: r.plotCode,
      producerKey: r.farmerId ?? r.farmerKey,
      producerName: `${r.firstName ?? ""} ${r.lastName ?? ""}`.trim(),
      commodity: commodity ?? r.crop ?? "Unspecified",
      community: home ? r.community : null,
      district: home ? r.district : null,
      county: r.county ?? r.farmerCounty,
      areaHectares: r.areaHectares,
      geometry: JSON.parse(r.geometry) as PlotGeometry,
    });
    codeOf.set(feature, r.plotCode);
    return {
      commodity: commodity ?? r.crop ?? "Unspecified",
      producerKey: r.farmerId ?? r.farmerKey,
      label: r.plotCode,
      feature,
    };
  });
  const packages = splitPackages(items, { maxBytes: deps.maxBytes, maxProducers: deps.maxProducers });
  const riskLevels: Record<string, number> = {};
  for (const r of rows)
    riskLevels[r.riskLevel ?? "not_assessed"] = (riskLevels[r.riskLevel ?? "not_assessed"] ?? 0) + 1;
  return ok({
    label,
    packages,
    manifest: {
      scope: label,
      plotCount: rows.length,
      packageCount: packages.length,
      packages: packages.map((p, i) => ({
        part: i + 1,
        commodity: p.commodity,
        producers: p.producers,
        plots: p.features.length,
        bytes: p.bytes,
        plotCodes: p.features.map((f) => codeOf.get(f)!),
      })),
      riskLevels,
    },
  });
}
