/**
 * The purchase helper (issue 11 I-1): a buyer types a Farmer ID and gets only what a purchase
 * needs — the ID, the farmer's initials, and each plot's code and crop with whether it is
 * eligible for EUDR export and how much it can still supply this crop year. No full name, no
 * county, no phone, no risk details of an ineligible plot. Lookups are rate-limited per user
 * (a KV counter per window), so the register cannot be walked by sequential IDs.
 */
import type { Database } from "#db/client";
import { cropYieldOverride, farmersByCode, purchasedFromPlots } from "#db/queries/batches";
import { plotsOfFarmer } from "#db/queries/land-plots";
import { isEligiblePlot } from "#worker/domain/batch-compliance";
import { cropYearOf, yieldFor } from "#worker/domain/volume-plausibility";
import { fail, ok, type Result } from "../result";

/** At most this many lookups per user in one window. */
export const PURCHASE_LOOKUP_LIMIT = { lookups: 30, windowMs: 10 * 60_000 } as const;

export type PurchasePlot = {
  plotCode: string;
  crop: string | null;
  /** Valid geometry and low deforestation risk today: produce from it can be EUDR-compliant. */
  eligible: boolean;
  /** Kilograms it can still supply this crop year (area × yield − already bought); null when not eligible or unknown. */
  canStillSupplyKg: number | null;
};
export type PurchaseLookup = { farmerId: string; initials: string; cropYear: string; plots: PurchasePlot[] };

/** "Korto Gbowee" → "K. G." */
export function initialsOf(firstName: string | null, lastName: string | null): string {
  return [firstName, lastName]
    .map((n) => (n ?? "").trim().charAt(0).toUpperCase())
    .filter(Boolean)
    .map((c) => `${c}.`)
    .join(" ");
}

export async function lookupFarmerForPurchase(
  farmerId: string,
  deps: { db: Database; now?: () => Date },
): Promise<Result<PurchaseLookup>> {
  const { db } = deps;
  const id = farmerId.trim().toUpperCase();
  const [farmer] = await farmersByCode(db, [id]);
  if (!farmer) return fail(404, `No farmer with ID ${id} is registered`);
  const plots = await plotsOfFarmer(db, farmer.farmerId);
  const season = cropYearOf((deps.now ?? (() => new Date()))().toISOString().slice(0, 10));
  const eligible = plots.filter(isEligiblePlot);
  const crops = [...new Set(eligible.map((p) => p.crop).filter((c): c is string => !!c))];
  const [bought, overrides] = await Promise.all([
    purchasedFromPlots(
      db,
      eligible.map((p) => p.id),
      season.from,
      season.to,
    ),
    Promise.all(crops.map(async (c) => [c, await cropYieldOverride(db, c)] as const)),
  ]);
  const yields = Object.fromEntries(overrides.filter((o): o is [string, number] => o[1] !== null));
  return ok({
    farmerId: farmer.farmerId,
    initials: initialsOf(farmer.firstName, farmer.lastName),
    cropYear: season.label,
    plots: plots.map((p) => {
      const eligible = isEligiblePlot(p);
      const perHa = eligible && p.crop ? yieldFor(p.crop, yields) : null;
      // Grams inside; the reply keeps whole kilograms (canStillSupplyKg).
      const left =
        perHa === null ? null : Math.max(0, Math.round((p.areaHectares * perHa - (bought.get(p.id) ?? 0)) / 1000));
      return { plotCode: p.plotCode, crop: p.crop, eligible, canStillSupplyKg: left };
    }),
  });
}

export type LookupAllowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one lookup for `userId` in the current fixed window (KV key per user and window);
 * refuses once the limit is reached, saying how long until the window ends.
 */
export async function takePurchaseLookup(kv: KVNamespace, userId: string, now: number): Promise<LookupAllowance> {
  const { lookups, windowMs } = PURCHASE_LOOKUP_LIMIT;
  const window = Math.floor(now / windowMs);
  const key = `purchase-lookup:${userId}:${window}`;
  const used = Number((await kv.get(key)) ?? 0);
  const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000));
  if (used >= lookups) return { allowed: false, retryAfterSeconds };
  // KV keys live at least 60 s; the key outlives its window a little and is then never read again.
  await kv.put(key, String(used + 1), { expirationTtl: Math.max(60, Math.ceil(windowMs / 1000) + 60) });
  return { allowed: true };
}

export const LOOKUP_LIMITED = (seconds: number) =>
  `Too many farmer lookups: at most ${PURCHASE_LOOKUP_LIMIT.lookups} every ${PURCHASE_LOOKUP_LIMIT.windowMs / 60_000} minutes. Try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? "s" : ""}.`;
