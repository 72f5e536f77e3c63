/**
 * One entry for every step a batch's page records (worker/contracts/batch-steps.ts): the
 * permission the step needs beyond seeing the batch, the service that records it, and what was
 * recorded, which the page announces after its redirect.
 */
import { can, type Permission } from "#worker/auth/permissions";
import type { BatchIntent, BatchStepInput } from "#worker/contracts/batch-steps";
import { dispatchBatch } from "#worker/services/inspections/dispatch-batch";
import { correctInspection } from "#worker/services/records/correct-inspection";
import { correctPurchase, voidCustodyStep } from "#worker/services/records/correct-records";
import type { ServiceDeps } from "../deps";
import { type Failure, type FieldErrors, fail, ok, type Result } from "../result";
import { certifyBatch } from "./certify-batch";
import { mergeBatches } from "./merge-batch";
import { recordDds } from "./record-dds";
import { splitBatch } from "./split-batch";
import { transferBatch } from "./transfer-batch";

/** Where the page goes next: the batch (the new one after a merge) and what was recorded on it. */
export type BatchStepDone = { batchCode: string; recorded: string };

type Step<K extends BatchIntent> = (
  batchCode: string,
  input: BatchStepInput[K],
  deps: ServiceDeps,
) => Promise<Result<BatchStepDone>>;

/** The permission a step needs, and the words of its refusal: "You do not have permission to <what>". */
const NEEDS: Partial<Record<BatchIntent, { permission: Permission; what: string }>> = {
  compliance: { permission: "certifyBatches", what: "decide on a batch's compliance" },
  correct_purchase: { permission: "correctRecords", what: "correct records" },
  correct_inspection: { permission: "correctRecords", what: "correct records" },
  void_step: { permission: "correctRecords", what: "void records" },
};

/** A service's result as the step's: on success, `recorded` on the batch. */
async function done(outcome: Promise<Result<unknown>>, batchCode: string, recorded: string) {
  const result = await outcome;
  return result.ok ? ok({ batchCode: batchCode.toUpperCase(), recorded }) : result;
}

const isFieldErrors = (errors: Failure["errors"]): errors is FieldErrors => !!errors && !Array.isArray(errors);

const STEPS: { [K in BatchIntent]: Step<K> } = {
  transfer: (code, input, deps) => done(transferBatch(code, input, deps), code, input.toStatus),
  split: (code, input, deps) => done(splitBatch(code, input, deps), code, "split"),
  merge: async (code, input, deps) => {
    const merged = await mergeBatches(
      { batchCodes: [code.toUpperCase(), ...input.withCodes], location: input.location, note: input.note },
      deps,
    );
    if (merged.ok) return ok({ batchCode: merged.value.merged.batchCode, recorded: "merge" });
    // The merge form names the other batches `withCodes`; the service's message is about them all.
    const errors = merged.errors;
    return isFieldErrors(errors) && errors.batchCodes
      ? { ...merged, errors: { ...errors, withCodes: errors.batchCodes } }
      : merged;
  },
  compliance: (code, input, deps) => done(certifyBatch(code, input, deps), code, input.decision),
  dds: (code, input, deps) => done(recordDds(code, input, deps), code, "dds"),
  dispatch: (code, input, deps) => done(dispatchBatch(code, input, deps), code, "dispatch"),
  correct_purchase: (code, input, deps) => done(correctPurchase(code, input, deps), code, "correct_purchase"),
  void_step: (code, input, deps) => done(voidCustodyStep(code, input, deps), code, "void_step"),
  correct_inspection: (code, input, deps) => done(correctInspection(code, input, deps), code, "correct_inspection"),
};

/**
 * Records `intent` on the batch `batchCode` with the form's parsed `input`. A role without the
 * step's permission is refused (403) before the service is asked.
 */
export function recordBatchStep<K extends BatchIntent>(
  intent: K,
  batchCode: string,
  input: BatchStepInput[K],
  deps: ServiceDeps,
): Promise<Result<BatchStepDone>> {
  const needs = NEEDS[intent];
  if (needs && !can(deps.actor.role, needs.permission))
    return Promise.resolve(fail(403, `You do not have permission to ${needs.what}`));
  const step: Step<K> = STEPS[intent];
  return step(batchCode, input, deps);
}
