/**
 * What the batch services share: their dependencies, their result shape, batch code allocation
 * with retry, the audit snapshot of a batch and the current compliance verdict of a set of plots.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/client";
import { errorText, isUniqueViolation } from "#db/errors";
import {
  type BatchRow,
  cropYieldOverride,
  lastBatchCode,
  type NewCustodyEvent,
  plotsById,
  purchasedFromPlots,
} from "#db/queries/batches";
import type { Role } from "#worker/auth/roles";
import { batchCodePrefix, nextBatchCodes } from "#worker/domain/batch-code";
import { type Eligibility, evaluateBatchCompliance } from "#worker/domain/batch-compliance";
import { type EudrCommodity, QUALITY_GRADES } from "#worker/domain/commodities";
import { checkVolumePlausibility, cropYearOf, yieldFor } from "#worker/domain/volume-plausibility";
import { formatKg } from "#worker/domain/weight";
import type { Actor, ServiceDeps } from "../deps";
import { type Failure, fail } from "../result";

/** The batch services check permissions, so their actor is always a signed-in role. */
export type BatchActor = Actor & { role: Role };
export type BatchDeps = Pick<ServiceDeps, "db"> & Partial<Pick<ServiceDeps, "now">> & { actor: BatchActor };
export const STALE_MESSAGE = "Someone else changed this batch a moment ago: reload it and check before trying again";

/**
 * A write refused because the batch changed since it was read: a custody step recorded twice
 * (the event's key) or a guarded update that found the batch in another status (see
 * insertCustodyEvent in db/queries/batches.ts).
 */
export function isConcurrentChange(error: unknown) {
  const text = errorText(error);
  return (
    isUniqueViolation(error, "custody_events") || /NOT NULL constraint failed: custody_events\.batch_id/i.test(text)
  );
}

/**
 * Writes a custody step's statements as one transaction. A concurrent change of the batch
 * (isConcurrentChange) is answered as a 409 to reload; any other error is thrown.
 */
export async function writeBatchStep(
  db: Database,
  statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]],
): Promise<Failure | null> {
  try {
    await db.batch(statements);
    return null;
  } catch (error) {
    if (isConcurrentChange(error)) return fail(409, STALE_MESSAGE);
    throw error;
  }
}

/**
 * Runs `write(codes)` with `count` fresh batch codes; when another request took the same codes
 * in between (unique constraint on batch_code), takes the next ones, up to 3 times.
 */
export async function withNewBatchCodes<T>(
  db: Database,
  commodity: EudrCommodity,
  year: number,
  count: number,
  write: (codes: string[]) => Promise<T>,
): Promise<T> {
  const prefix = batchCodePrefix(commodity, year);
  let last = await lastBatchCode(db, prefix);
  for (let attempt = 0; ; attempt++) {
    const codes = nextBatchCodes(prefix, last, count);
    try {
      return await write(codes);
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error, "batch_code")) {
        last = codes[codes.length - 1]!;
        continue;
      }
      throw error;
    }
  }
}

/**
 * The natural key of a custody event: a batch passes each stage at most once (custody only
 * moves forward), so two people recording the same step at the same moment collide on the
 * primary key and the second transaction is refused as a whole.
 */
export function custodyEventId(batchId: string, status: string) {
  return `${batchId}:${status}`;
}

/** What a custody step says beyond who records it and when (latitude/longitude only where asked for). */
export type CustodyStep = Pick<
  NewCustodyEvent,
  "batchId" | "fromStatus" | "toStatus" | "location" | "weightInG" | "weightOutG" | "note"
> &
  Partial<Pick<NewCustodyEvent, "latitude" | "longitude">>;

/** The custody event the actor records at `occurredAt`, keyed by batch and new status (custodyEventId). */
export function custodyEvent(actor: BatchActor, occurredAt: string, step: CustodyStep): NewCustodyEvent {
  const { batchId, fromStatus, toStatus, ...where } = step;
  return {
    id: custodyEventId(batchId, toStatus),
    batchId,
    fromStatus,
    toStatus,
    actorId: actor.id,
    actorRole: actor.role,
    occurredAt,
    ...where,
  };
}

/** A weight (grams) as the custody notes write it: "1,234.5 kg". */
export const kg = formatKg;

/** What the audit trail keeps of a batch (before/after). */
export function snapshot(b: BatchRow | (Partial<BatchRow> & { batchCode: string })) {
  return {
    batchCode: b.batchCode,
    commodity: b.commodity,
    hsCode: b.hsCode,
    weightG: b.weightG,
    grade: b.grade,
    harvestDate: b.harvestDate,
    status: b.status,
    complianceStatus: b.complianceStatus,
    complianceReason: b.complianceReason,
    county: b.county,
    holderId: b.holderId,
    volumeFlag: b.volumeFlag,
    volumeNote: b.volumeNote,
    derivedBy: b.derivedBy,
    ddsReference: b.ddsReference,
    ddsVerification: b.ddsVerification,
  };
}

export function custodySnapshot(e: NewCustodyEvent) {
  return {
    id: e.id,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    occurredAt: e.occurredAt,
    latitude: e.latitude,
    longitude: e.longitude,
    location: e.location,
    weightInG: e.weightInG,
    weightOutG: e.weightOutG,
    note: e.note,
  };
}

/** The current compliance verdict of plots by id (their latest risk and validation). */
export async function eligibilityOfPlots(db: Database, plotIds: string[]): Promise<Eligibility> {
  const plots = await plotsById(db, plotIds);
  // A plot that has disappeared from the register is of unknown origin.
  const missing = plotIds.filter((id) => !plots.some((p) => p.id === id));
  return evaluateBatchCompliance([
    ...plots.map((p) => ({ plotCode: p.plotCode, riskLevel: p.riskLevel, validationState: p.validationState })),
    ...missing.map((id) => ({ plotCode: `deleted plot ${id}`, riskLevel: null, validationState: "invalid" })),
  ]);
}

/** The lowest grade among lots (a merged lot is only as good as its worst part). */
export function lowestGrade(grades: (string | null)[]): string | null {
  const known = grades.filter((g): g is string => !!g && (QUALITY_GRADES as readonly string[]).includes(g));
  if (!known.length) return null;
  return known.reduce((worst, g) =>
    (QUALITY_GRADES as readonly string[]).indexOf(g) > (QUALITY_GRADES as readonly string[]).indexOf(worst) ? g : worst,
  );
}

/**
 * The volume plausibility check of a purchase (ADR 011): `weightG` of `crop` bought from `plots`
 * against their expected yield over the crop year of `harvestDate`, less what was already bought
 * from them that year. `own` is the purchase's own earlier weight per plot, taken out when the
 * purchase is being corrected.
 */
export async function purchaseVolume(
  db: Database,
  input: {
    crop: string;
    weightG: number;
    harvestDate: string;
    plots: { id: string; areaHectares: number }[];
    own?: Map<string, number>;
  },
) {
  const season = cropYearOf(input.harvestDate);
  const [override, bought] = await Promise.all([
    cropYieldOverride(db, input.crop),
    purchasedFromPlots(
      db,
      input.plots.map((p) => p.id),
      season.from,
      season.to,
    ),
  ]);
  return checkVolumePlausibility({
    crop: input.crop,
    weightG: input.weightG,
    gramsPerHectare: yieldFor(input.crop, override === null ? {} : { [input.crop]: override }),
    plots: input.plots.map((p) => ({
      areaHectares: p.areaHectares,
      alreadyPurchasedG: Math.max(0, (bought.get(p.id) ?? 0) - (input.own?.get(p.id) ?? 0)),
    })),
    season: season.label,
  });
}
