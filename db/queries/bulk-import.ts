import { inArray } from "drizzle-orm";
import type { Database } from "../client";
import { farmers, landPlots } from "../schema";

/** D1 allows 100 bound parameters per statement. */
const CHUNK = 90;
const chunks = <T>(list: T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * What an import slice finds already registered, in one round trip: farmers by import key or
 * national ID (farmers_import_key_unique, farmers_national_id_unique) and plots by import key.
 */
export async function existingImportKeys(
  db: Database,
  keys: { farmerKeys: string[]; nationalIds: string[]; plotKeys: string[] },
) {
  const columns = {
    farmerId: farmers.farmerId,
    importKey: farmers.importKey,
    nationalId: farmers.nationalId,
    county: farmers.county,
  };
  const statements = [
    ...chunks(keys.farmerKeys).map((c) => db.select(columns).from(farmers).where(inArray(farmers.importKey, c))),
    ...chunks(keys.nationalIds).map((c) => db.select(columns).from(farmers).where(inArray(farmers.nationalId, c))),
    ...chunks(keys.plotKeys).map((c) =>
      db
        .select({
          farmerId: landPlots.farmerId,
          importKey: landPlots.importKey,
          nationalId: landPlots.id,
          county: landPlots.county,
        })
        .from(landPlots)
        .where(inArray(landPlots.importKey, c)),
    ),
  ];
  const results = statements.length
    ? await db.batch(statements as [(typeof statements)[0], ...(typeof statements)[0][]])
    : [];
  const farmerRows = results.slice(0, chunks(keys.farmerKeys).length + chunks(keys.nationalIds).length).flat();
  const plotRows = results.slice(chunks(keys.farmerKeys).length + chunks(keys.nationalIds).length).flat();
  const byKey = new Map(farmerRows.filter((r) => r.importKey).map((r) => [r.importKey!, r.farmerId]));
  const byNationalId = new Map(farmerRows.filter((r) => r.nationalId).map((r) => [r.nationalId!, r.farmerId]));
  const counties = new Map(farmerRows.map((r) => [r.farmerId, r.county]));
  return {
    farmerOf: (key: string, nationalId?: string | null) =>
      byKey.get(key) ?? (nationalId ? byNationalId.get(nationalId) : undefined),
    countyOf: (farmerId: string) => counties.get(farmerId),
    plots: new Set(plotRows.map((r) => r.importKey!)),
  };
}

/** Plot codes per farmer (land_plots_farmer_id_idx), for numbering new plots. */
export async function plotCodesOfFarmers(db: Database, farmerIds: string[]) {
  const out = new Map<string, string[]>();
  const statements = chunks(farmerIds).map((c) =>
    db
      .select({ farmerId: landPlots.farmerId, plotCode: landPlots.plotCode })
      .from(landPlots)
      .where(inArray(landPlots.farmerId, c)),
  );
  if (!statements.length) return out;
  for (const r of (await db.batch(statements as [(typeof statements)[0], ...(typeof statements)[0][]])).flat()) {
    out.set(r.farmerId, [...(out.get(r.farmerId) ?? []), r.plotCode]);
  }
  return out;
}
