/**
 * The purchase helper: a buyer
 * types a Farmer ID or a phone number, or scans the farmer's card, and gets only what a purchase
 * needs — the ID, the farmer's initials, and each plot's code and crop with whether it is
 * eligible for EUDR export and how much it can still supply this crop year. No full name, no
 * county, no phone, no risk details of an ineligible plot. Lookups are rate-limited per user
 * (the per-account quota of worker/services/platform/quotas.ts), so the register cannot be walked by sequential IDs.
 */
import type { Database } from "#db/client";
import { cropYieldOverride, farmersByCode, purchasedFromPlots } from "#db/queries/batches";
import { plotsOfFarmer } from "#db/queries/land-plots";
import { farmersByPhone } from "#db/queries/purchases";
import { normaliseLiberianPhone } from "#worker/contracts/farmer";
import { isEligiblePlot } from "#worker/domain/batch-compliance";
import { farmerIdFromCard } from "#worker/domain/farmer-card";
import { cropYearOf, yieldFor } from "#worker/domain/volume-plausibility";
import { quotaMessage, takeQuota } from "../platform/quotas";
import { fail, ok, type Result } from "../result";

export type PurchasePlot = {
  plotCode: string;
  crop: string | null;
  /** Valid geometry and low deforestation risk today: produce from it can be EUDR-compliant. */
  eligible: boolean;
  /** Kilograms it can still supply this crop year (area × yield − already bought); null when not eligible or unknown. */
  canStillSupplyKg: number | null;
  /** The same in grams (what the pages format with formatKg); null when not eligible or unknown. */
  canStillSupplyG: number | null;
  /** Why the plot cannot supply this purchase, in plain words; null when eligible. */
  reason: string | null;
};

/**
 * Why a plot is excluded, in plain words a buyer can act on — never the risk evidence itself
 * (that is the farmer's and the regulator's business).
 */
export function exclusionReason(p: { status?: string; validationState: string; riskLevel: string | null }) {
  if (p.status === "retired") return "Retired: this plot supplies no new purchase";
  if (p.validationState !== "valid") return "Not eligible: its boundary has not passed the EUDR checks";
  if (p.riskLevel === null) return "Not eligible yet: no deforestation risk assessment";
  if (p.riskLevel !== "low") return "Not eligible: its deforestation risk is not low";
  return null;
}

export const LOOKUP_MESSAGES = {
  query: "Enter the Farmer ID (FRM followed by 6 digits), scan the farmer's card, or enter the farmer's phone number",
  noPhone: (phone: string) => `No farmer with phone number ${phone} is registered`,
  sharedPhone: (phone: string) =>
    `Several farmers share the phone number ${phone}: enter the Farmer ID or scan the card instead`,
} as const;

/**
 * The Farmer ID a buyer's entry stands for: a scanned card (`LR-FARMER:FRM…`), a typed Farmer ID,
 * or a phone number registered to exactly one farmer.
 */
export async function resolveFarmer(entry: string, db: Database): Promise<Result<string>> {
  const id = farmerIdFromCard(entry);
  if (id) return ok(id);
  const phone = /\d{7}/.test(entry.replace(/\D/g, "")) ? normaliseLiberianPhone(entry) : null;
  if (!phone) return fail(400, LOOKUP_MESSAGES.query, { farmer: [LOOKUP_MESSAGES.query] });
  const found = await farmersByPhone(db, phone);
  if (!found.length) return fail(404, LOOKUP_MESSAGES.noPhone(phone), { farmer: [LOOKUP_MESSAGES.noPhone(phone)] });
  if (found.length > 1)
    return fail(409, LOOKUP_MESSAGES.sharedPhone(phone), { farmer: [LOOKUP_MESSAGES.sharedPhone(phone)] });
  return ok(found[0]!.farmerId);
}
export type PurchaseLookup = { farmerId: string; initials: string; cropYear: string; plots: PurchasePlot[] };

/** "Korto Gbowee" → "K. G." */
export function initialsOf(firstName: string | null, lastName: string | null): string {
  return [firstName, lastName]
    .map((n) => (n ?? "").trim().charAt(0).toUpperCase())
    .filter(Boolean)
    .map((c) => `${c}.`)
    .join(" ");
}

/** `entry`: a Farmer ID, a scanned card's text or a phone number (resolveFarmer). */
export async function lookupFarmerForPurchase(
  entry: string,
  deps: { db: Database; now?: () => Date },
): Promise<Result<PurchaseLookup>> {
  const { db } = deps;
  const resolved = await resolveFarmer(entry, db);
  if (!resolved.ok) return resolved;
  const id = resolved.value;
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
      const leftG = perHa === null ? null : Math.max(0, Math.round(p.areaHectares * perHa - (bought.get(p.id) ?? 0)));
      return {
        plotCode: p.plotCode,
        crop: p.crop,
        eligible,
        canStillSupplyKg: leftG === null ? null : Math.round(leftG / 1000),
        canStillSupplyG: leftG,
        reason: exclusionReason(p),
      };
    }),
  });
}

/** Counts one lookup for `userId` against the buyer's quota (worker/services/platform/quotas.ts). */
export const takePurchaseLookup = (kv: KVNamespace, userId: string, now: number) =>
  takeQuota(kv, "purchaseLookup", userId, now);

/** "Too many farmer lookups: at most 30 every 10 minutes. Try again in … ." */
export const LOOKUP_LIMITED = (seconds: number) => quotaMessage("purchaseLookup", seconds);
