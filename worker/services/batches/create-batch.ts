/**
 * A buyer's purchase from one or more farmers creates a batch (issue #4): the origin plots must
 * be registered to the named farmers and grow the commodity; the batch gets a readable unique
 * code, the commodity's HS heading, its compliance from the plots' verdicts and the volume
 * plausibility flag; the batch, its origins, the first custody event and the audit row are
 * written in one transaction.
 */

import type { BatchItem } from "drizzle-orm/batch";
import {
  cropYieldOverride,
  farmersByCode,
  insertBatch,
  insertCustodyEvent,
  insertOrigins,
  type NewBatch,
  plotsByCode,
  purchasedFromPlots,
} from "#db/queries/batches";
import type { PurchaseInput } from "#worker/contracts/batches";
import { evaluateBatchCompliance, statusFor } from "#worker/domain/batch-compliance";
import { EUDR_COMMODITIES } from "#worker/domain/commodities";
import { canTransition } from "#worker/domain/custody";
import {
  checkVolumePlausibility,
  cropYearOf,
  shareByArea,
  type VolumeCheck,
  yieldFor,
} from "#worker/domain/volume-plausibility";
import { auditEntry } from "../platform/audit";
import { fail, type Result } from "../result";
import { type BatchDeps, custodyEvent, custodySnapshot, snapshot, withNewBatchCodes } from "./batch-common";

export type CreatedBatch = { batch: NewBatch & { id: string; batchCode: string }; volume: VolumeCheck };

/**
 * `alsoWrite` (optional) adds statements to the same transaction, e.g. the sellers hub's accepted
 * offer (worker/services/hub/decide-offer.ts): the purchase and the agreement it comes from are
 * written together or not at all.
 */
export async function createBatch(
  input: PurchaseInput,
  deps: BatchDeps,
  alsoWrite?: (batch: { id: string; batchCode: string }) => BatchItem<"sqlite">[],
): Promise<Result<CreatedBatch>> {
  const { db, actor } = deps;
  const now = (deps.now ?? (() => new Date()))();
  const allowed = canTransition("harvested", "purchased", actor.role);
  if (!allowed.ok) return fail(403, allowed.message);

  const [farmers, plots] = await Promise.all([farmersByCode(db, input.farmerIds), plotsByCode(db, input.plotCodes)]);
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };

  for (const id of input.farmerIds)
    if (!farmers.some((f) => f.farmerId === id)) add("farmerIds", `No farmer with ID ${id} is registered`);
  for (const code of input.plotCodes)
    if (!plots.some((p) => p.plotCode === code)) add("plotCodes", `No plot with code ${code} is registered`);
  const named = new Set(farmers.map((f) => f.farmerId));
  for (const p of plots) {
    if (!named.has(p.farmerId)) {
      add(
        "plotCodes",
        `Plot ${p.plotCode} does not belong to ${input.farmerIds.length > 1 ? "any of the farmers named" : `farmer ${input.farmerIds[0]}`}`,
      );
    } else if (p.status === "retired") {
      add("plotCodes", `Plot ${p.plotCode} is retired: it cannot supply a new purchase`);
    } else if (!p.crop) {
      add("plotCodes", `Plot ${p.plotCode} has no crop recorded, so it cannot supply ${input.commodity}`);
    } else if (p.crop.toLowerCase() !== input.commodity.toLowerCase()) {
      add("plotCodes", `Plot ${p.plotCode} grows ${p.crop}, not ${input.commodity}`);
    }
  }
  for (const f of farmers) {
    if (!plots.some((p) => p.farmerId === f.farmerId))
      add("plotCodes", `Choose at least one plot of farmer ${f.farmerId}`);
  }
  if (Object.keys(errors).length) return fail(400, "The purchase cannot be recorded", errors);

  // Volume plausibility over the crop year of the harvest (earlier purchases from the same plots count).
  const season = cropYearOf(input.harvestDate);
  const [override, earlier] = await Promise.all([
    cropYieldOverride(db, input.commodity),
    purchasedFromPlots(
      db,
      plots.map((p) => p.id),
      season.from,
      season.to,
    ),
  ]);
  const volume = checkVolumePlausibility({
    crop: input.commodity,
    weightG: input.weightG,
    gramsPerHectare: yieldFor(input.commodity, override === null ? {} : { [input.commodity]: override }),
    plots: plots.map((p) => ({ areaHectares: p.areaHectares, alreadyPurchasedG: earlier.get(p.id) ?? 0 })),
    season: season.label,
  });

  const compliance = evaluateBatchCompliance(
    plots.map((p) => ({ plotCode: p.plotCode, riskLevel: p.riskLevel, validationState: p.validationState })),
  );
  const counties = [
    ...new Set(
      plots
        .map((p) => p.county ?? farmers.find((f) => f.farmerId === p.farmerId)?.county)
        .filter((c): c is string => !!c),
    ),
  ].sort();
  const shares = shareByArea(
    input.weightG,
    plots.map((p) => p.areaHectares),
  );
  const id = crypto.randomUUID();
  const occurredAt = now.toISOString();

  return withNewBatchCodes(db, input.commodity, now.getUTCFullYear(), 1, async ([batchCode]) => {
    const batch = {
      id,
      batchCode: batchCode!,
      commodity: input.commodity,
      hsCode: EUDR_COMMODITIES[input.commodity].hsCode,
      weightG: input.weightG,
      grade: input.grade,
      harvestDate: input.harvestDate,
      status: "purchased",
      complianceStatus: statusFor(compliance),
      complianceReason: compliance.reason,
      county: counties.join(", ") || null,
      holderId: actor.id,
      volumeFlag: volume.flagged,
      volumeNote: volume.note,
      derivedBy: null,
      createdBy: actor.id,
    } satisfies NewBatch;
    const event = custodyEvent(actor, occurredAt, {
      batchId: id,
      fromStatus: "harvested",
      toStatus: "purchased",
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      location: input.location,
      weightInG: null,
      weightOutG: input.weightG,
      note: [input.note, volume.flagged ? volume.note : null].filter(Boolean).join(" — ") || null,
    });
    const origins = plots.map((p, i) => ({
      batchId: id,
      plotId: p.id,
      farmerId: p.farmerId,
      weightG: shares[i]!,
      plotVersion: p.version,
    }));
    await db.batch([
      insertBatch(db, batch),
      ...insertOrigins(db, origins),
      insertCustodyEvent(db, event),
      auditEntry(db, actor, "batch.purchase", "batch", batch.batchCode, null, {
        ...snapshot(batch),
        origins: origins.map((o) => ({
          plotCode: plots.find((p) => p.id === o.plotId)!.plotCode,
          farmerId: o.farmerId,
          weightG: o.weightG,
        })),
        custody: custodySnapshot(event),
      }),
      ...(alsoWrite?.(batch) ?? []),
    ]);
    return { ok: true as const, value: { batch, volume } };
  });
}
