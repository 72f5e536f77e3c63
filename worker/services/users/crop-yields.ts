/**
 * Crop yields for the volume plausibility check (worker/domain/volume-plausibility.ts):
 * each tracked crop's default (worker/domain/commodities.ts, kg/ha) and the configured figure in
 * crop_yields (grams/ha), which wins. The system administrator sets one; value and audit row are
 * one batch. Purchases recorded afterwards are checked against the new figure.
 */
import { cropYieldRows, findCropYield, upsertCropYieldStatement } from "#db/queries/admin";
import type { CropYieldInput } from "#worker/contracts/users";
import { CROPS, DEFAULT_YIELD_KG_PER_HA } from "#worker/domain/commodities";
import { type Grams, kgToGrams } from "#worker/domain/weight";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";

export type CropYieldView = {
  crop: string;
  defaultG: Grams | null;
  configuredG: Grams | null;
  /** What the check uses: the configured figure, else the default. */
  inUseG: Grams | null;
  updatedAt: string | null;
};

export const YIELD_ADMIN_ONLY = "Only the AgriTrace System Administrator can change crop yields";

export async function listCropYields(deps: Pick<ServiceDeps, "db">): Promise<CropYieldView[]> {
  const rows = new Map((await cropYieldRows(deps.db)).map((r) => [r.crop.toLowerCase(), r]));
  return CROPS.map((crop) => {
    const def = (DEFAULT_YIELD_KG_PER_HA as Record<string, number>)[crop];
    const defaultG = def === undefined ? null : kgToGrams(def);
    const row = rows.get(crop.toLowerCase());
    return {
      crop,
      defaultG,
      configuredG: row?.gramsPerHectare ?? null,
      inUseG: row?.gramsPerHectare ?? defaultG,
      updatedAt: row?.updatedAt ?? null,
    };
  });
}

export async function setCropYield(
  input: CropYieldInput,
  deps: Pick<ServiceDeps, "db" | "actor">,
): Promise<Result<{ crop: string; gramsPerHectare: Grams }>> {
  const { db, actor } = deps;
  if (actor.role !== "system_administrator") return fail(403, YIELD_ADMIN_ONLY);
  const gramsPerHectare = kgToGrams(input.kgPerHectare);
  const before = await findCropYield(db, input.crop);
  await db.batch([
    upsertCropYieldStatement(db, input.crop, gramsPerHectare, actor.id),
    auditEntry(
      db,
      actor,
      "crop_yield.set",
      "crop_yield",
      input.crop,
      before ? { gramsPerHectare: before.gramsPerHectare } : null,
      { gramsPerHectare },
    ),
  ]);
  return ok({ crop: input.crop, gramsPerHectare });
}
