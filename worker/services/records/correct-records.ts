/**
 * Corrections and voids with reasons (ADR 031). A correction never loses what was
 * recorded: the first correction of a record stores it as it was (version 1, "original"), each
 * correction or void adds the next version pointing at the one it corrects, with who, when and
 * why; the live rows take the new values, and the audit row goes in the same transaction.
 * Volumes and the plausibility check are recomputed; certificates whose printed data changed are
 * superseded by a new version (the certificate cache compares the data they were built from).
 */
import type { BatchItem } from "drizzle-orm/batch";
import { type BatchRow, originsOf, plotsById, updateBatch } from "#db/queries/batches";
import { purchaseOfBatch } from "#db/queries/purchases";
import {
  custodyEventById,
  insertVersion,
  updateOriginWeight,
  updatePurchase,
  updatePurchaseStepWeight,
} from "#db/queries/record-versions";
import type { CorrectPurchaseInput, VoidStepInput } from "#worker/contracts/records";
import { CORRECTION_MESSAGES, mayCorrect } from "#worker/domain/corrections";
import { type ChainStatus, STEP_NAME } from "#worker/domain/custody";
import { totalForWeight } from "#worker/domain/money";
import { shareByArea } from "#worker/domain/volume-plausibility";
import { custodyEventId, purchaseVolume, snapshot } from "../batches/batch-common";
import { storedPurchase } from "../batches/create-batch";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";
import {
  batchToCorrect,
  beforeStep,
  type CorrectionDeps,
  commitCorrection,
  currentVersion,
  lockedByExport,
  type Reissued,
  voidStep,
} from "./correction-common";
import { correctionVersions } from "./correction-versions";

export const PRICE_MESSAGES = {
  currencyAlone: "No price was recorded for this purchase: give the price per kg with its currency",
  currency: "Choose the currency: USD or LRD",
} as const;

function purchaseData(batch: BatchRow, p: NonNullable<Awaited<ReturnType<typeof purchaseOfBatch>>>) {
  return { weightG: batch.weightG, ...storedPurchase(p) };
}

export async function correctPurchase(
  batchCode: string,
  input: CorrectPurchaseInput,
  deps: CorrectionDeps,
): Promise<
  Result<{
    batchCode: string;
    version: number;
    weightG: number;
    pricePerKgMinor: number | null;
    currency: string | null;
    totalMinor: number | null;
    volumeFlag: boolean;
    certificates: Reissued[];
  }>
> {
  const { db, actor } = deps;
  const now = deps.now();
  const target = await batchToCorrect(db, batchCode, input.reason, actor);
  if (!target.ok) return target;
  const batch = target.value;
  const purchase = await purchaseOfBatch(db, batch.id);
  if (!purchase)
    return fail(404, `Batch ${batch.batchCode} was not bought from farmers: it has no purchase to correct`);
  const allowed = mayCorrect(actor, { recordedBy: purchase.buyerId, recordedAt: purchase.createdAt }, now);
  if (!allowed.ok) return fail(403, allowed.message);
  if (await lockedByExport(db, batch)) return fail(409, CORRECTION_MESSAGES.exported);

  const latest = await currentVersion(db, "purchase", batch.id, input.baseVersion);
  if (!latest.ok) return latest;
  const current = latest.value;
  const before = purchaseData(batch, purchase);
  const weightG = input.weightG ?? before.weightG;
  // A corrected price (integer minor units) keeps or changes the currency; price and currency come together.
  const pricePerKgMinor = input.pricePerKgMinor ?? before.pricePerKgMinor;
  const currency = input.currency ?? before.currency;
  if (pricePerKgMinor === null && input.currency !== undefined)
    return fail(400, PRICE_MESSAGES.currencyAlone, { pricePerKg: [PRICE_MESSAGES.currencyAlone] });
  if (pricePerKgMinor !== null && !currency)
    return fail(400, PRICE_MESSAGES.currency, { currency: [PRICE_MESSAGES.currency] });
  const after = {
    ...before,
    weightG,
    pricePerKgMinor,
    currency,
    totalMinor: pricePerKgMinor === null ? null : totalForWeight(pricePerKgMinor, weightG),
    moistureTenthPct: input.moistureTenthPct ?? before.moistureTenthPct,
    paymentReference: input.paymentReference ?? before.paymentReference,
  };
  if (JSON.stringify(after) === JSON.stringify(before)) return fail(400, CORRECTION_MESSAGES.nothingChanged);
  const weightChanged = weightG !== before.weightG;
  if (weightChanged && batch.status !== "purchased") return fail(409, CORRECTION_MESSAGES.weightDependsOn);

  const statements: BatchItem<"sqlite">[] = [];
  let volumeFlag = batch.volumeFlag;
  let volumeNote = batch.volumeNote;
  if (weightChanged) {
    // The plausibility check again, with this purchase's own earlier weight taken out of the season's total.
    const origins = await originsOf(db, [batch.id]);
    const plots = await plotsById(
      db,
      origins.map((o) => o.plotId),
    );
    const volume = await purchaseVolume(db, {
      crop: batch.commodity,
      weightG,
      harvestDate: batch.harvestDate ?? now.toISOString().slice(0, 10),
      plots,
      own: new Map(origins.map((o) => [o.plotId, o.weightG ?? 0])),
    });
    volumeFlag = volume.flagged;
    volumeNote = volume.note;
    const shares = shareByArea(
      weightG,
      plots.map((p) => p.areaHectares),
    );
    plots.forEach((p, i) => {
      statements.push(updateOriginWeight(db, batch.id, p.id, shares[i]!));
    });
    statements.push(
      updateBatch(db, batch.id, { weightG, volumeFlag, volumeNote }, "purchased"),
      updatePurchaseStepWeight(db, batch.id, weightG),
    );
  }
  const written = correctionVersions(db, {
    recordType: "purchase",
    recordId: batch.id,
    batchId: batch.id,
    current,
    before,
    after,
    reason: input.reason.trim(),
    recordedBy: { actorId: purchase.buyerId, actorRole: "buyer", createdAt: purchase.createdAt },
    actor,
    at: now.toISOString(),
  });
  const { version } = written;
  statements.push(
    ...written.statements,
    updatePurchase(db, batch.id, {
      pricePerKgMinor: after.pricePerKgMinor,
      currency: after.currency,
      totalMinor: after.totalMinor,
      moistureTenthPct: after.moistureTenthPct,
      paymentReference: after.paymentReference,
    }),
    auditEntry(
      db,
      actor,
      "purchase.correct",
      "batch",
      batch.batchCode,
      { ...before, version: version - 1 },
      { ...after, version, reason: input.reason.trim(), volumeFlag, volumeNote },
    ),
  );
  const certificates = await commitCorrection(statements, batch.batchCode, deps);
  if (!certificates.ok) return certificates;
  return ok({
    batchCode: batch.batchCode,
    version,
    weightG,
    pricePerKgMinor: after.pricePerKgMinor,
    currency: after.currency,
    totalMinor: after.totalMinor,
    volumeFlag,
    certificates: certificates.value,
  });
}

/**
 * Voids a custody step recorded by mistake: the batch goes back to the status, weight, holder and
 * grade it had before the step (the step's audit row says what they were). Only the latest step
 * can be voided: a later step depends on an earlier one. The purchase itself is corrected, not voided.
 */
export async function voidCustodyStep(
  batchCode: string,
  input: VoidStepInput,
  deps: CorrectionDeps,
): Promise<Result<{ batchCode: string; status: string; certificates: Reissued[] }>> {
  const { db, actor } = deps;
  const now = deps.now();
  const target = await batchToCorrect(db, batchCode, input.reason, actor);
  if (!target.ok) return target;
  const batch = target.value;
  const step = input.toStatus as ChainStatus;
  const event = await custodyEventById(db, custodyEventId(batch.id, step));
  if (!event) return fail(404, `No ${STEP_NAME[step]} step is recorded for batch ${batch.batchCode}`);
  if (step === "purchased") return fail(409, CORRECTION_MESSAGES.purchaseStep);
  const allowed = mayCorrect(actor, { recordedBy: event.actorId, recordedAt: event.occurredAt }, now);
  if (!allowed.ok) return fail(403, allowed.message);
  if (await lockedByExport(db, batch)) return fail(409, CORRECTION_MESSAGES.exported);
  if (batch.status !== step) {
    const later = ["split", "merged"].includes(batch.status)
      ? `the batch was ${batch.status}`
      : `${STEP_NAME[batch.status as ChainStatus] ?? batch.status}`;
    return fail(409, CORRECTION_MESSAGES.laterStep(later));
  }
  const previous = await beforeStep(db, step, batch.batchCode);
  if (!previous?.status)
    return fail(409, `The ${STEP_NAME[step]} step cannot be reversed: what it changed is not recorded`);
  const restored = {
    status: previous.status,
    weightG: previous.weightG ?? batch.weightG,
    holderId: previous.holderId ?? batch.holderId,
    grade: previous.grade ?? null,
  };
  const reason = input.reason.trim();
  const voided = await voidStep(db, batch.id, event.id, {
    voidedAt: now.toISOString(),
    voidedBy: actor.id,
    voidReason: reason,
  });
  const voidedId = voided.newId;
  const originalId = crypto.randomUUID();
  const eventData = { ...event, voidedAt: undefined, voidedBy: undefined, voidReason: undefined };
  const certificates = await commitCorrection(
    [
      updateBatch(db, batch.id, restored, step),
      voided.statement,
      insertVersion(db, {
        id: originalId,
        recordType: "custody_event",
        recordId: voidedId,
        batchId: batch.id,
        version: 1,
        kind: "original",
        correctsId: null,
        data: JSON.stringify(eventData),
        actorId: event.actorId,
        actorRole: event.actorRole,
        createdAt: event.occurredAt,
      }),
      insertVersion(db, {
        id: crypto.randomUUID(),
        recordType: "custody_event",
        recordId: voidedId,
        batchId: batch.id,
        version: 2,
        kind: "void",
        correctsId: originalId,
        data: JSON.stringify({ ...eventData, voided: true }),
        reason,
        actorId: actor.id,
        actorRole: actor.role,
        createdAt: now.toISOString(),
      }),
      auditEntry(
        db,
        actor,
        "custody_event.void",
        "batch",
        batch.batchCode,
        { ...snapshot(batch), step: event.id },
        { ...snapshot({ ...batch, ...restored }), step: voidedId, reason },
      ),
    ],
    batch.batchCode,
    deps,
  );
  if (!certificates.ok) return certificates;
  return ok({ batchCode: batch.batchCode, status: restored.status, certificates: certificates.value });
}
